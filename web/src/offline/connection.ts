import { useSyncExternalStore } from 'react';

/** Whether the browser says it has a network connection, following its online/offline events. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** What AI features say instead of sending a request that cannot arrive. */
export const AI_NEEDS_CONNECTION =
  'AI help needs a connection. Try again when you are back online.';
