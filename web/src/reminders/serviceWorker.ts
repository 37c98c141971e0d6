/** Registers the one service worker (built only for production; the dev server has none). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('Brainboard: the service worker could not be registered.', err);
    });
  });
}

/** The active registration, once the worker is ready (null where there is none). */
export async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) return null;
  return navigator.serviceWorker.ready;
}
