import type { FocusModal as FocusModalComponent } from './FocusModal.tsx';

/**
 * Focus Mode's view (timer, checklist, celebrations) is not needed for the board's first paint,
 * so it loads when the browser is idle after it, or at the first opening, whichever comes first.
 * Once loaded it renders at once (no Suspense round trip), which also lets tests preload it.
 */
let loaded: typeof FocusModalComponent | null = null;
let loading: Promise<typeof FocusModalComponent> | null = null;

export function loadedFocusModal(): typeof FocusModalComponent | null {
  return loaded;
}

export function loadFocusModal(): Promise<typeof FocusModalComponent> {
  loading ??= import('./FocusModal.tsx').then((m) => (loaded = m.FocusModal));
  return loading;
}
