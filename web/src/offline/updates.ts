/**
 * A new build of the app waits until the student asks for it: the service worker installs
 * and waits, the page shows "A new version is ready · Refresh", and only that button tells
 * the waiting worker to take over and reloads the page.
 */
type Listener = () => void;

let applyUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const updateReady = (): boolean => applyUpdate !== null;

export function refreshToUpdate(): void {
  applyUpdate?.();
}

/** Registers the service worker with Workbox's window helper, loaded after the first paint. */
export async function registerWithUpdatePrompt(url: string): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(url, { scope: '/' });
  wb.addEventListener('waiting', () => {
    applyUpdate = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    for (const listener of listeners) listener();
  });
  await wb.register();
}
