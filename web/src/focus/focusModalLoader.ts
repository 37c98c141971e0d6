import { loadOnce } from '../ui/loadOnce.ts';
import type { FocusModal as FocusModalComponent } from './FocusModal.tsx';

/**
 * Focus Mode's view (timer, checklist, celebrations) is not needed for the board's first paint,
 * so it loads when the browser is idle after it, or at the first opening, whichever comes first.
 * Once loaded it renders at once (no Suspense round trip), which also lets tests preload it.
 */
let loaded: typeof FocusModalComponent | null = null;

export function loadedFocusModal(): typeof FocusModalComponent | null {
  return loaded;
}

/** Loads the view (once; a failed load, offline, is tried again at the next opening). */
export const loadFocusModal: () => Promise<typeof FocusModalComponent> = loadOnce(() =>
  import('./FocusModal.tsx').then((m) => (loaded = m.FocusModal)),
);
