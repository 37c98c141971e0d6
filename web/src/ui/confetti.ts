import {
  CONFETTI_DEFAULT_DURATION_MS,
  CONFETTI_DEFAULT_PARTICLES,
  CONFETTI_SPREAD,
} from '@brainboard/domain';
import type { Options } from 'canvas-confetti';
import { prefersReducedMotion } from './reducedMotion.ts';

/**
 * canvas-confetti counts a particle's life in ticks, one tick a frame, and draws at most 60
 * frames a second: a life of N ms is N / (1000 / 60) ticks.
 */
const FRAME_MS = 1000 / 60;

interface BurstOptions extends Omit<Options, 'ticks'> {
  /** How long the burst lasts; 900 ms unless given. */
  durationMs?: number;
  /** Where the burst's canvas sits among the page's layers. */
  zIndex: number;
}

/**
 * One confetti burst (board and Focus Mode celebrations): 80 particles, spread 70 and 900 ms
 * unless the options say otherwise. Nothing at all with reduced motion.
 * It draws on a canvas of its own, hidden from assistive technology and removed when the burst
 * ends: canvas-confetti's default canvas is a bare element at the end of <body>, outside every
 * landmark. The library loads on first use, so it stays out of the first page load. Never
 * throws: a celebration is never worth an error (no canvas, old browser).
 */
export async function confettiBurst({
  durationMs = CONFETTI_DEFAULT_DURATION_MS,
  ...options
}: BurstOptions): Promise<void> {
  if (prefersReducedMotion()) return;
  let canvas: HTMLCanvasElement | null = null;
  try {
    const { default: confetti } = await import('canvas-confetti');
    canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.confetti = '';
    // Where the burst starts, as fractions of the viewport (read by the browser tests).
    if (options.origin) {
      canvas.dataset.originX = String(options.origin.x ?? 0.5);
      canvas.dataset.originY = String(options.origin.y ?? 0.5);
    }
    Object.assign(canvas.style, {
      position: 'fixed',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
      zIndex: String(options.zIndex),
    });
    document.body.appendChild(canvas);
    const fire = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
    await fire({
      particleCount: CONFETTI_DEFAULT_PARTICLES,
      spread: CONFETTI_SPREAD,
      ...options,
      ticks: Math.round(durationMs / FRAME_MS),
      disableForReducedMotion: true,
    });
  } catch {
    // No confetti then.
  } finally {
    canvas?.remove();
  }
}
