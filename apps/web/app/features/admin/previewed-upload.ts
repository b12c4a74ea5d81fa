import { useState } from 'react';
import { adminJson } from './data-provider';
import { errorText } from './error-text';
import { fileAsBase64 } from './file-base64';

/** A chosen file as the staff API takes it inside JSON. */
export interface FileUpload {
  fileName: string;
  contentBase64: string;
}

/**
 * A file imported in two steps (bank statements, ADR 029; the register, ADR 042): choosing it
 * posts it to `<root>/Preview`, which answers what applying would do and writes nothing;
 * `apply` posts the same bytes to `root`. `problem` hears the Italian error of either step (or
 * null when a new file is chosen); `applied` hears the answer of the import.
 */
export function usePreviewedUpload<Preview, Applied>(
  root: string,
  handlers: {
    problem: (message: string | null) => void;
    applied: (answer: Applied) => void;
    /** After a preview is on screen (to move the focus to it). */
    previewed?: () => void;
    /** The messages of a file that cannot be read, and of an import that failed. */
    unreadable: string;
    failed: string;
  },
) {
  const [upload, setUpload] = useState<FileUpload | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    setPreview(null);
    handlers.problem(null);
    if (file === undefined) return;
    setBusy(true);
    try {
      const body = { fileName: file.name, contentBase64: await fileAsBase64(file) };
      setUpload(body);
      setPreview(await adminJson<Preview>(`${root}/Preview`, { method: 'POST', body }));
      handlers.previewed?.();
    } catch (error) {
      handlers.problem(errorText(error, handlers.unreadable));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (upload === null) return;
    setBusy(true);
    try {
      handlers.applied(await adminJson<Applied>(root, { method: 'POST', body: upload }));
    } catch (error) {
      handlers.problem(errorText(error, handlers.failed));
    } finally {
      setBusy(false);
    }
  };

  return { preview, busy, choose, apply };
}
