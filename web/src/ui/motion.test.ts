import { afterEach, describe, expect, it, vi } from 'vitest';
import { subtaskConfetti } from '../focus/confetti.ts';
import { celebrateDone } from './motion.ts';

/** Every burst asked of canvas-confetti, with the options the app passed. */
const bursts = vi.hoisted(() => [] as Record<string, unknown>[]);

vi.mock('canvas-confetti', () => ({
  default: {
    create: () => (options: Record<string, unknown>) => {
      bursts.push(options);
      return Promise.resolve();
    },
  },
}));

/** A burst's life in ms: canvas-confetti moves its particles one tick a frame, 60 frames a second. */
const lifeMs = (burst: Record<string, unknown> | undefined) => (Number(burst?.ticks) * 1000) / 60;

afterEach(() => {
  bursts.length = 0;
  document.body.innerHTML = '';
});

describe('the completion burst', () => {
  it('lasts 1.5 s with 80 particles and spread 70, from where the card landed', async () => {
    await celebrateDone({ x: 0.8, y: 0.3 });
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toMatchObject({ particleCount: 80, spread: 70, origin: { x: 0.8, y: 0.3 } });
    expect(lifeMs(bursts[0])).toBe(1500);
  });

  it('outlasts every other confetti, which keeps 900 ms and 80 particles', async () => {
    subtaskConfetti(null);
    await vi.waitFor(() => expect(bursts).toHaveLength(1));
    expect(bursts[0]).toMatchObject({ particleCount: 80, spread: 70 });
    expect(lifeMs(bursts[0])).toBe(900);
  });
});
