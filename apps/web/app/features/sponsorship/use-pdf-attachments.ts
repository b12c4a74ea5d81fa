import { acceptAttachments, looksLikePdf } from '@sodalis/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { PDF_BASE64_PREFIX, readFileAsBase64 } from './read-pdf';
import { SPONSORSHIP_COPY as COPY } from './sponsorship-copy';

/** A PDF added to the form: while `content` is null it is still being read. */
export interface PdfAttachment {
  key: number;
  name: string;
  size: number;
  loadedBytes: number;
  content: string | null;
}

export interface PdfAttachments {
  items: PdfAttachment[];
  /** What the last addition left out and why (PDF only, size), for a polite live region. */
  notice: string;
  loading: boolean;
  /** Bytes read and to read, over the files still loading. */
  progress: { loaded: number; total: number };
  add(files: File[]): void;
  remove(key: number): void;
  clear(): void;
}

/**
 * The attachments of the sponsorship form (spec §5): PDF only, at most `maxFiles`; an addition
 * beyond the cap is ignored silently and a name already added is skipped. Each file is read as
 * base64 with its progress.
 */
export function usePdfAttachments(settings: {
  maxFiles: number;
  maxFileBytes: number;
}): PdfAttachments {
  const [items, setItems] = useState<PdfAttachment[]>([]);
  const [notice, setNotice] = useState('');
  // The list as of now, also between renders (several additions and reads may overlap).
  const current = useRef<PdfAttachment[]>([]);
  const nextKey = useRef(1);

  const commit = useCallback((next: PdfAttachment[]) => {
    current.current = next;
    setItems(next);
  }, []);

  const update = useCallback(
    (key: number, patch: Partial<PdfAttachment>) => {
      if (!current.current.some((item) => item.key === key)) return; // removed or cleared meanwhile
      commit(current.current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
    },
    [commit],
  );

  const drop = useCallback(
    (key: number, message: string) => {
      if (!current.current.some((item) => item.key === key)) return;
      commit(current.current.filter((item) => item.key !== key));
      setNotice(message);
    },
    [commit],
  );

  const add = useCallback(
    (files: File[]) => {
      const maxMb = Math.round((settings.maxFileBytes / (1024 * 1024)) * 10) / 10;
      const notices: string[] = [];
      const candidates: File[] = [];
      for (const file of files) {
        if (!looksLikePdf(file)) notices.push(COPY.notPdf(file.name));
        else if (file.size > settings.maxFileBytes) notices.push(COPY.tooLarge(file.name, maxMb));
        else candidates.push(file);
      }
      const accepted = acceptAttachments(
        current.current.map((item) => item.name),
        candidates,
        settings.maxFiles,
      );
      const entries = accepted.map((file) => ({
        key: nextKey.current++,
        name: file.name,
        size: file.size,
        loadedBytes: 0,
        content: null,
      }));
      commit([...current.current, ...entries]);
      setNotice(notices.join(' '));
      entries.forEach((entry, index) => {
        const file = accepted[index] as File;
        readFileAsBase64(file, (loadedBytes) => update(entry.key, { loadedBytes })).then(
          (content) => {
            if (content === '') drop(entry.key, COPY.empty(file.name));
            else if (!content.startsWith(PDF_BASE64_PREFIX))
              drop(entry.key, COPY.notPdf(file.name));
            else update(entry.key, { content, loadedBytes: file.size });
          },
          () => drop(entry.key, COPY.unreadable(file.name)),
        );
      });
    },
    [commit, drop, update, settings.maxFileBytes, settings.maxFiles],
  );

  const remove = useCallback(
    (key: number) => commit(current.current.filter((item) => item.key !== key)),
    [commit],
  );

  const clear = useCallback(() => {
    commit([]);
    setNotice('');
  }, [commit]);

  const progress = useMemo(() => {
    const loading = items.filter((item) => item.content === null);
    return {
      loaded: loading.reduce((sum, item) => sum + item.loadedBytes, 0),
      total: loading.reduce((sum, item) => sum + item.size, 0),
    };
  }, [items]);

  return {
    items,
    notice,
    loading: items.some((item) => item.content === null),
    progress,
    add,
    remove,
    clear,
  };
}
