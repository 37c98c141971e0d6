import { registerWithUpdatePrompt } from '../offline/updates.ts';

/**
 * Registers the one service worker (built only for production; the dev server has none).
 * A new build waits for the student's Refresh instead of taking over the open page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    registerWithUpdatePrompt('/sw.js').catch((err: unknown) => {
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
