import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has nothing else to do (requestIdleCallback), and at the latest
 * after `timeoutMs` if given; where there is no idle callback (Safari), after a short pause.
 * Returns the cancel.
 */
export function whenIdle(run: () => void, timeoutMs?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, timeoutMs ? { timeout: timeoutMs } : undefined);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/** What counts as the student starting to use the page. */
const FIRST_USE = ['pointerdown', 'keydown'] as const;

/**
 * False until the page has loaded its first screen and the browser has been idle once (or the
 * student has touched or typed, whichever comes first), then true. For parts that load by
 * themselves and need not take time from the load: a note, a dialog decided once, the toaster.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const ready = () => setIdle(true);
    const cancel = whenIdle(ready, 2000);
    for (const type of FIRST_USE) window.addEventListener(type, ready, { capture: true });
    return () => {
      cancel();
      for (const type of FIRST_USE) window.removeEventListener(type, ready, { capture: true });
    };
  }, [idle]);
  return idle;
}
