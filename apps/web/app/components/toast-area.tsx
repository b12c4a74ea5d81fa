import { TOAST } from '@sodalis/contracts';
import { useEffect } from 'react';
import { removeToast, useToasts, type ToastMessage } from '../state/toasts';

/** One toast: Bootstrap's toast markup, removed after its delay (spec §4) or when closed. */
function ToastItem({ toast }: { toast: ToastMessage }) {
  useEffect(() => {
    const timer = setTimeout(() => removeToast(toast.id), toast.delay);
    return () => clearTimeout(timer);
  }, [toast.id, toast.delay]);
  return (
    <div
      className={`toast show toast--${toast.classname}`}
      role={toast.classname === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <div className="toast-body d-flex align-items-start gap-2">
        <span className="flex-grow-1">{toast.body}</span>
        <button
          type="button"
          className="btn-close btn-close-white"
          aria-label="Chiudi"
          onClick={() => removeToast(toast.id)}
        />
      </div>
    </div>
  );
}

/**
 * Toasts fixed at the bottom centre (spec §2.2, §9: z-index 1200, 3% from the bottom), success
 * or error style, removed after their delay (default 5000 ms).
 */
export function ToastArea() {
  const toasts = useToasts();
  return (
    <div
      className="toast-area"
      style={{ zIndex: TOAST.zIndex, bottom: `${TOAST.bottomPercent}%` }}
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
