import StarterKit from '@tiptap/starter-kit';
import { useMemo } from 'react';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';

/**
 * The editor offers what the server's allowlist keeps (apps/server/src/text/rich-text.ts):
 * bold, italic, underline, strike, lists, links, quotes. No colours or alignment, which would
 * be stripped on save; the server sanitises whatever arrives anyway. The heading menu of
 * ra-input-rich-text is left out: its markup (list items inside a nav) fails axe.
 */
function editorOptions(label: string) {
  return {
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true },
      }),
    ],
    // The editable area is the textbox: it needs its own name (ra-input-rich-text labels a wrapper).
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true' } },
  };
}

const EditorToolbar = () => (
  <RichTextInputToolbar>
    <FormatButtons />
    <ListButtons />
    <LinkButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

export function RichText(props: RichTextInputProps & { label: string }) {
  // The editor is rebuilt whenever its options change identity: keep them stable.
  const options = useMemo(() => editorOptions(props.label), [props.label]);
  return <RichTextInput {...props} editorOptions={options} toolbar={<EditorToolbar />} />;
}
