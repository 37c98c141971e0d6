import {
  CONFETTI_DEFAULT_DURATION_MS,
  CONFETTI_DEFAULT_PARTICLES,
  CONFETTI_SPREAD,
} from '@brainboard/domain';
import { confettiBurst } from '../ui/confetti.ts';

/**
 * Moving a card into Done from another column bursts confetti (80 particles, spread
 * 70, about 900 ms), from the card's place. Nothing with reduced motion. canvas-confetti loads
 * on first use only (confettiBurst).
 */
export async function celebrateDone(origin?: { x: number; y: number }): Promise<void> {
  await confettiBurst({
    particleCount: CONFETTI_DEFAULT_PARTICLES,
    spread: CONFETTI_SPREAD,
    // canvas-confetti counts its life in frames (about 60 a second).
    ticks: Math.round(CONFETTI_DEFAULT_DURATION_MS / (1000 / 60)),
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
