import { CONFETTI_COMPLETION_DURATION_MS } from '@brainboard/domain';
import { confettiBurst } from './confetti.ts';

/**
 * The completion burst: moving a card into Done from another column, or Focus Mode's "Mark as
 * done", bursts confetti (80 particles, spread 70) for 1.5 s, longer than any other confetti,
 * from the card's or the button's place. Nothing with reduced motion. canvas-confetti loads on
 * first use only (confettiBurst).
 */
export async function celebrateDone(origin?: { x: number; y: number }): Promise<void> {
  await confettiBurst({
    durationMs: CONFETTI_COMPLETION_DURATION_MS,
    origin: origin ?? { x: 0.5, y: 0.6 },
    zIndex: 60,
  });
}

/**
 * The centre of an element as canvas-confetti's origin (fractions of the viewport); undefined
 * for an element that is not laid out (a hidden column's card has no place to start from).
 */
export function originOf(el: Element | null): { x: number; y: number } | undefined {
  if (!el) return undefined;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return undefined;
  return {
    x: (r.left + r.width / 2) / window.innerWidth,
    y: (r.top + r.height / 2) / window.innerHeight,
  };
}
