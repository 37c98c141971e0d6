import type { Options } from 'canvas-confetti';
import { prefersReducedMotion } from './reducedMotion.ts';

/**
 * One confetti burst (board and Focus Mode celebrations). Nothing at all with reduced motion.
 * It draws on a canvas of its own, hidden from assistive technology and removed when the burst
 * ends: canvas-confetti's default canvas is a bare element at the end of <body>, outside every
 * landmark. The library loads on first use, so it stays out of the first page load. Never
 * throws: a celebration is never worth an error (no canvas, old browser).
 */
export async function confettiBurst(options: Options & { zIndex: number }): Promise<void> {
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
    await fire({ ...options, disableForReducedMotion: true });
  } catch {
    // No confetti then.
  } finally {
    canvas?.remove();
  }
}
