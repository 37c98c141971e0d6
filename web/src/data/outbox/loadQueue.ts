/** The code of the board's queue of offline writes (boardQueue.ts), loaded when needed. */
export const loadBoardQueue = () => import('./boardQueue.ts');

/**
 * Fetches that code ahead of need where no service worker controls the page (a first visit
 * before the worker has installed, a browser without one, the dev server), so a write made
 * offline never needs the network to find its own code. A page the worker controls has it in
 * the worker's precache already, which covers every chunk of the build.
 */
export function prefetchBoardQueue(): void {
  if ('serviceWorker' in navigator && navigator.serviceWorker.controller) return;
  loadBoardQueue().catch(() => undefined);
}
