import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { adminJson } from './data-provider';
import { errorText } from './error-text';

/**
 * One staff action of a back-office screen: the call, a notice with what it did (or the
 * server's Italian message), the record shown again; `saving` while it runs.
 */
export function useStaffCall() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  /** `refused`: answers whether it showed an error itself (a stale save, ADR 041). */
  const call = <T>(
    url: string,
    init: { method: 'POST' | 'PUT' | 'DELETE'; body?: object; headers?: Record<string, string> },
    done: (answer: T) => string,
    refused?: (error: unknown) => boolean,
  ) => {
    setSaving(true);
    return adminJson<T>(url, init)
      .then((answer) => {
        notify(done(answer), { type: 'success' });
        refresh();
        return true;
      })
      .catch((error: unknown) => {
        if (refused?.(error) !== true) {
          notify(errorText(error, 'Operazione non riuscita.'), { type: 'error' });
        }
        return false;
      })
      .finally(() => setSaving(false));
  };
  return { saving, call };
}
