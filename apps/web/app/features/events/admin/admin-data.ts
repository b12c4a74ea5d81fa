import { useCallback, useEffect } from 'react';
import { useNotify } from 'react-admin';
import { adminJson } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';

/** The staff API of an event's attendance (ADR 051). */
export const ATTENDANCE_API = '/api/v1/Admin/EventAttendance';

/**
 * Reads a staff answer into `set` once the screen has mounted, and again when the returned
 * `load` is called (after a save): a failure is a notice with `failure`. The answer, not the
 * effect, sets the state (the effect only schedules the read).
 */
export function useAdminRead<T>(url: string, set: (data: T) => void, failure: string) {
  const notify = useNotify();
  const load = useCallback(
    () =>
      adminJson<T>(url)
        .then(set)
        .catch((error: unknown) => notify(errorText(error, failure), { type: 'error' })),
    [url, set, failure, notify],
  );
  useEffect(() => {
    const first = setTimeout(() => void load(), 0);
    return () => clearTimeout(first);
  }, [load]);
  return load;
}
