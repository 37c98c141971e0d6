import type { ClientRect } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { nearestInColumn } from './collision.ts';

const rect = (top: number, height = 100): ClientRect => ({
  top,
  height,
  left: 0,
  width: 200,
  right: 200,
  bottom: top + height,
});

describe('nearestInColumn', () => {
  const ids = Array.from({ length: 200 }, (_, i) => `c${i}`);
  const rects = new Map(ids.map((id, i) => [id, rect(i * 110)]));
  let reads = 0;
  const rectOf = (id: string | number) => {
    reads += 1;
    return rects.get(String(id));
  };

  it('finds the card whose centre is nearest, reading few rectangles', () => {
    reads = 0;
    expect(nearestInColumn(ids, rectOf, 50)).toBe('c0');
    expect(reads).toBeLessThan(20);
    expect(nearestInColumn(ids, rectOf, 110 * 57 + 40)).toBe('c57');
    expect(nearestInColumn(ids, rectOf, 110 * 57 + 104)).toBe('c57');
    expect(nearestInColumn(ids, rectOf, 110 * 57 + 106)).toBe('c58');
    expect(nearestInColumn(ids, rectOf, -500)).toBe('c0');
    expect(nearestInColumn(ids, rectOf, 1e9)).toBe('c199');
  });

  it('handles empty columns and unmeasured cards', () => {
    expect(nearestInColumn([], rectOf, 10)).toBeNull();
    expect(nearestInColumn(['x', 'c3'], rectOf, 0)).toBe('c3');
  });
});
