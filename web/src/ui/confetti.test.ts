import { afterEach, describe, expect, it, vi } from 'vitest';
import { confettiBurst } from './confetti.ts';

/** What the canvas-confetti stand-in saw: the canvas it drew on, as it was then, and the burst. */
const seen = vi.hoisted(
  () => [] as { inBody: boolean; ariaHidden: string | null; options: unknown }[],
);
const finish = vi.hoisted(() => ({ burst: () => {} }));

vi.mock('canvas-confetti', () => ({
  default: {
    create: (canvas: HTMLCanvasElement) => (options: unknown) => {
      seen.push({
        inBody: document.body.contains(canvas),
        ariaHidden: canvas.getAttribute('aria-hidden'),
        options,
      });
      return new Promise<void>((resolve) => {
        finish.burst = resolve;
      });
    },
  },
}));

function motionPreference(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  seen.length = 0;
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('confettiBurst', () => {
  it('draws nothing and adds no canvas when reduced motion is asked for', async () => {
    motionPreference(true);
    await confettiBurst({ particleCount: 80, zIndex: 60 });
    expect(seen).toEqual([]);
    expect(document.querySelector('canvas')).toBeNull();
  });

  it('bursts on a canvas hidden from screen readers, removed when the burst ends', async () => {
    motionPreference(false);
    const burst = confettiBurst({ particleCount: 80, spread: 70, zIndex: 60 });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({
      inBody: true,
      ariaHidden: 'true',
      options: expect.objectContaining({ particleCount: 80, spread: 70 }),
    });
    const canvas = document.querySelector('canvas');
    expect(canvas?.style.pointerEvents).toBe('none');
    expect(canvas?.style.zIndex).toBe('60');
    finish.burst();
    await burst;
    expect(document.querySelector('canvas')).toBeNull();
  });

  it('bursts 80 particles, spread 70, for 900 ms unless told otherwise', async () => {
    motionPreference(false);
    const burst = confettiBurst({ zIndex: 60 });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    // canvas-confetti counts a particle's life in frames, 60 a second: 900 ms is 54 ticks.
    expect(seen[0]?.options).toMatchObject({ particleCount: 80, spread: 70, ticks: 54 });
    finish.burst();
    await burst;
  });

  it('turns a duration in ms into canvas-confetti ticks (1.5 s is 90 frames)', async () => {
    motionPreference(false);
    const burst = confettiBurst({ durationMs: 1500, particleCount: 40, zIndex: 60 });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.options).toMatchObject({ particleCount: 40, spread: 70, ticks: 90 });
    expect(seen[0]?.options).not.toHaveProperty('durationMs');
    finish.burst();
    await burst;
  });
});
