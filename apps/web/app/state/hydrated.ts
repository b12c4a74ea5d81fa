import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards: for what exists in
 * the browser only, without a second render from an effect.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
