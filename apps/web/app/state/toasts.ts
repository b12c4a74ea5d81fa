import { TOAST } from '@sodalis/contracts';
import { useSyncExternalStore } from 'react';
import { createStore } from './external-store';

/** A toast message (spec §3): body, style, and how long it stays. */
export interface ToastMessage {
  id: number;
  body: string;
  classname: 'success' | 'error';
  delay: number;
}

const toasts = createStore<ToastMessage[]>([]);
let nextId = 1;

export function showToast(
  body: string,
  classname: ToastMessage['classname'] = 'success',
  delay: number = TOAST.delayMs,
): void {
  toasts.set([...toasts.get(), { id: nextId++, body, classname, delay }]);
}

export function showError(body: string): void {
  showToast(body, 'error');
}

export function removeToast(id: number): void {
  toasts.set(toasts.get().filter((toast) => toast.id !== id));
}

const NO_TOASTS: ToastMessage[] = [];

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(toasts.subscribe, toasts.get, () => NO_TOASTS);
}
