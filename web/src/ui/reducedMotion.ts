/**
 * The one reading of `prefers-reduced-motion` (CSS has its own rule in base.css): for code that
 * starts motion itself, such as confetti, drag animations and Focus Mode's celebrations.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const mq = mediaQuery();
  mq?.addEventListener?.('change', onChange);
  return () => mq?.removeEventListener?.('change', onChange);
}

/** True when the person asks for reduced motion, now (for code outside React). */
export function prefersReducedMotion(): boolean {
  return mediaQuery()?.matches ?? false;
}

/** True while the person asks for reduced motion; follows changes live. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
