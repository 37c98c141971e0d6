import { describe, expect, it } from 'vitest';
import { edgeScrollStep } from './autoScroll.ts';

describe('edgeScrollStep', () => {
  const size = 1000;
  it('does not scroll in the middle 50 %', () => {
    expect(edgeScrollStep(250, 0, size)).toBe(0);
    expect(edgeScrollStep(500, 0, size)).toBe(0);
    expect(edgeScrollStep(750, 0, size)).toBe(0);
  });

  it('starts inside 25 % of an edge and reaches 28 px at 5 %', () => {
    expect(edgeScrollStep(249, 0, size)).toBeLessThan(0);
    expect(edgeScrollStep(751, 0, size)).toBeGreaterThan(0);
    expect(edgeScrollStep(50, 0, size)).toBe(-28);
    expect(edgeScrollStep(950, 0, size)).toBe(28);
  });

  it('speeds up towards the edge and never moves more than 28 px per step', () => {
    const steps = [240, 200, 150, 100, 60].map((p) => edgeScrollStep(p, 0, size));
    for (let i = 1; i < steps.length; i += 1) {
      expect(Math.abs(steps[i] as number)).toBeGreaterThanOrEqual(Math.abs(steps[i - 1] as number));
    }
    for (const p of [-500, 0, 10, 49, 990, 1000, 1500]) {
      expect(Math.abs(edgeScrollStep(p, 0, size))).toBeLessThanOrEqual(28);
    }
    expect(edgeScrollStep(-200, 0, size)).toBe(-28);
  });

  it('works in any span', () => {
    expect(edgeScrollStep(110, 100, 300)).toBe(-28);
    expect(edgeScrollStep(200, 100, 300)).toBe(0);
    expect(edgeScrollStep(5, 5, 5)).toBe(0);
  });
});
