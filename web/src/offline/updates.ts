/**
 * A new build of the app waits until the student asks for it: the service worker installs
 * and waits, the page shows "A new version is ready · Refresh", and only that button tells
 * the waiting worker to take over and reloads the page.
 */
import type { Workbox } from 'workbox-window';

type Listener = () => void;

let applyUpdate: (() => void) | null = null;
let refreshing = false;
const listeners = new Set<Listener>();

/**
 * How long Refresh waits for the new worker to take over before it loads the page anyway. A
 * worker takes over only once the old one has finished what it was doing; a button that seems
 * to do nothing would be worse than the page loading with the old build once more.
 */
export const TAKEOVER_DEADLINE_MS = 10_000;

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** No new build; one waiting for Refresh; or Refresh pressed and the page about to load. */
export type UpdateState = 'none' | 'ready' | 'loading';

export const updateState = (): UpdateState =>
  applyUpdate === null ? 'none' : refreshing ? 'loading' : 'ready';

/**
 * Refresh; pressed again while the newest build takes over, it does nothing more. The prompt
 * says the new version is loading from the press on: the takeover can take seconds.
 */
export function refreshToUpdate(): void {
  if (refreshing || !applyUpdate) return;
  refreshing = true;
  for (const listener of listeners) listener();
  applyUpdate();
}

/**
 * Refresh: the newest build takes over and the page loads again when it has. If no worker waits
 * any more (it took over already, or went away), the page loads at once; if the takeover has not
 * happened by the deadline, it loads all the same.
 *
 * A newer build can arrive while one waits (a deploy during a lesson). Once installed it replaces
 * the waiting one, which then never takes over: a Refresh pressed while it installs would wait
 * for the deadline and load the old build, announcing the newer one again. So while a worker is
 * installing, the takeover waits for its install to end, and every worker that comes to wait
 * before the page loads is asked to take over too.
 */
function takeOver(
  wb: Pick<Workbox, 'addEventListener' | 'removeEventListener' | 'messageSkipWaiting'>,
  registration: ServiceWorkerRegistration | undefined,
  reload: () => void,
): void {
  if (!registration?.waiting) {
    reload();
    return;
  }
  // Workbox's messageSkipWaiting reads the registration's waiting worker as it is then.
  const askNewest = () => {
    if (!registration.installing) wb.messageSkipWaiting();
  };
  const watched = new Set<ServiceWorker>();
  const watchInstalling = () => {
    const installing = registration.installing;
    if (!installing || watched.has(installing)) return;
    watched.add(installing);
    installing.addEventListener('statechange', askNewest);
  };
  // Whichever comes first, the takeover or the deadline, reloads; the other then does nothing.
  let timer = 0;
  const once = () => {
    window.clearTimeout(timer);
    wb.removeEventListener('controlling', once);
    registration.removeEventListener('updatefound', watchInstalling);
    for (const worker of watched) worker.removeEventListener('statechange', askNewest);
    reload();
  };
  wb.addEventListener('controlling', once);
  registration.addEventListener('updatefound', watchInstalling);
  watchInstalling();
  timer = window.setTimeout(once, TAKEOVER_DEADLINE_MS);
  askNewest();
}

/**
 * How long a reload may go without the page unloading before it is stopped and made again. The
 * shell comes from the worker's cache, so a reload that is let through unloads the page at once.
 */
export const RELOAD_RETRY_MS = 5_000;

/**
 * Loads the page again. When Refresh's deadline passes before the takeover has ended, Chromium
 * can hold that reload's navigation for ever, before it reaches any worker, while the page goes
 * on running (decision 0045). So if the page is still here after `RELOAD_RETRY_MS`, the held
 * navigation is stopped and a new one made (in every case measured, the takeover had ended by
 * then and the new one went through). Once the page unloads, the timer goes with it.
 */
export function reloadPage(win: Pick<Window, 'location' | 'setTimeout' | 'stop'> = window): void {
  win.location.reload();
  win.setTimeout(() => {
    win.stop();
    win.location.reload();
  }, RELOAD_RETRY_MS);
}

/**
 * Registers the service worker with Workbox's window helper, loaded after the first paint.
 * `reload` loads the page again (the default); a test passes its own.
 */
export async function registerWithUpdatePrompt(
  url: string,
  reload: () => void = reloadPage,
): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(url, { scope: '/' });
  wb.addEventListener('waiting', () => {
    applyUpdate = () => takeOver(wb, registration, reload);
    for (const listener of listeners) listener();
  });
  // Its workers are read at the click: they change as builds come and go.
  const registration = await wb.register();
}
