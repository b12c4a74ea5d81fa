import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import InsertLink from '@mui/icons-material/InsertLink';
import StarterKit from '@tiptap/starter-kit';
import { ADMIN_MESSAGES, isWebAddress, withWebScheme } from '@sodalis/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  ClearButtons,
  FormatButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useEditorSelection,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';

/**
 * The editor offers what the server's allowlist keeps (apps/server/src/text/rich-text.ts):
 * bold, italic, underline, strike, inline code, lists, links, quotes. No colours or alignment,
 * which would be stripped on save; the server sanitises whatever arrives anyway. The heading
 * menu of ra-input-rich-text is left out: its markup (list items inside a nav) fails axe.
 * Inline code stays on: the toolbar's "Codice" button calls `toggleCode`, which only exists
 * with the extension.
 */
function editorOptions(label: string) {
  return {
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        link: { openOnClick: false, autolink: true },
      }),
    ],
    // The editable area is the textbox: it needs its own name (ra-input-rich-text labels a wrapper).
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true' } },
  };
}

/**
 * The link button: an Italian dialog with a labelled field instead of the browser's bare
 * `prompt('URL')`; "www.…" gets https:// (contracts `withWebScheme`), an empty address removes
 * the link.
 */
export function LinkButton() {
  const editor = useTiptapEditor();
  const selection = useEditorSelection();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();
  const titleId = useId();
  const active = editor?.isActive('link') ?? false;

  const openDialog = () => {
    const current: unknown = editor?.getAttributes('link').href;
    setAddress(typeof current === 'string' ? current : '');
    setError(undefined);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!editor) return;
    const typed = address.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (typed === '') {
      chain.unsetLink().run();
      close();
      return;
    }
    const href = withWebScheme(typed);
    const mailOrPhone = /^(mailto|tel):\S+$/i.test(href);
    if (!mailOrPhone && !isWebAddress(href)) {
      setError(ADMIN_MESSAGES.webAddress);
      return;
    }
    chain.setLink({ href }).run();
    close();
  };

  return (
    <>
      <ToggleButton
        value="link"
        aria-label="Collegamento"
        title="Collegamento"
        size="small"
        selected={active}
        disabled={!editor?.isEditable || (!selection && !active)}
        onClick={openDialog}
      >
        <InsertLink fontSize="inherit" />
      </ToggleButton>
      <Dialog open={open} onClose={close} aria-labelledby={titleId}>
        <form onSubmit={confirm} noValidate>
          <DialogTitle id={titleId}>Collegamento</DialogTitle>
          <DialogContent>
            <TextField
              id={fieldId}
              autoFocus
              fullWidth
              margin="dense"
              label="Indirizzo del collegamento"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              error={error !== undefined}
              helperText={
                error ??
                'Per esempio https://www.sito.it; lascia vuoto per togliere il collegamento.'
              }
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Annulla</Button>
            <Button type="submit" variant="contained">
              Inserisci
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

const EditorToolbar = () => (
  <RichTextInputToolbar>
    <FormatButtons />
    <ListButtons />
    <LinkButton />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

export function RichText(props: RichTextInputProps & { label: string }) {
  // The editor is rebuilt whenever its options change identity: keep them stable.
  const options = useMemo(() => editorOptions(props.label), [props.label]);
  return <RichTextInput {...props} editorOptions={options} toolbar={<EditorToolbar />} />;
}
