import { useSyncExternalStore } from 'react';
import { createStore } from './external-store';

/** How many API requests are running; the spinner overlay shows while it is above zero. */
const activeRequests = createStore(0);

export function requestStarted(): void {
  activeRequests.set(activeRequests.get() + 1);
}

export function requestFinished(): void {
  activeRequests.set(Math.max(0, activeRequests.get() - 1));
}

export function useActiveRequests(): number {
  return useSyncExternalStore(activeRequests.subscribe, activeRequests.get, () => 0);
}
