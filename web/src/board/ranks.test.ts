import { describe, expect, it } from 'vitest';
import { RANK_STEP, rankBetween, ranksForMove } from './ranks.ts';

describe('rankBetween', () => {
  it('puts a card above the top card, below the last one, or in the middle', () => {
    expect(rankBetween(undefined, 10)).toBe(10 - RANK_STEP);
    expect(rankBetween(10, undefined)).toBe(10 + RANK_STEP);
    expect(rankBetween(10, 20)).toBe(15);
    expect(rankBetween(undefined, undefined)).toBe(0);
  });

  it('answers null when there is no room or the neighbours are out of order', () => {
    expect(rankBetween(5, 5)).toBeNull();
    expect(rankBetween(6, 5)).toBeNull();
    // Neighbouring doubles: nothing fits between them.
    expect(rankBetween(Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER)).toBeNull();
  });
});

describe('ranksForMove', () => {
  const ranks: Record<string, number> = { a: -300, b: -200, c: -100 };
  const rankOf = (id: string) => ranks[id] ?? 0;

  it('changes only the moved card when there is room', () => {
    expect(ranksForMove(['a', 'x', 'b', 'c'], 'x', rankOf)).toEqual([{ id: 'x', rank: -250 }]);
    expect(ranksForMove(['x', 'a', 'b', 'c'], 'x', rankOf)).toEqual([
      { id: 'x', rank: -300 - RANK_STEP },
    ]);
    expect(ranksForMove(['a', 'b', 'c', 'x'], 'x', rankOf)).toEqual([
      { id: 'x', rank: -100 + RANK_STEP },
    ]);
    expect(ranksForMove(['x'], 'x', rankOf)).toEqual([{ id: 'x', rank: 0 }]);
  });

  it('renumbers the column in display order when two neighbours share a rank', () => {
    const tied: Record<string, number> = { a: 7, b: 7, c: 7 };
    const changes = ranksForMove(['a', 'x', 'b', 'c'], 'x', (id) => tied[id] ?? 0);
    const final = { ...tied, ...Object.fromEntries(changes.map((c) => [c.id, c.rank])) };
    const order = ['a', 'x', 'b', 'c'].sort((p, q) => (final[p] ?? 0) - (final[q] ?? 0));
    expect(order).toEqual(['a', 'x', 'b', 'c']);
    expect(new Set(Object.values(final)).size).toBe(4);
    expect(changes.map((c) => c.id)).toContain('x');
  });

  it('keeps the order after many moves into the same gap', () => {
    const r: Record<string, number> = { a: 0, b: 1 };
    const order = ['a', 'b'];
    for (let i = 0; i < 80; i += 1) {
      const id = `n${i}`;
      order.splice(1, 0, id); // always right below "a"
      for (const c of ranksForMove(order, id, (x) => r[x] ?? 0)) r[c.id] = c.rank;
      const sorted = [...order].sort((p, q) => (r[p] ?? 0) - (r[q] ?? 0));
      expect(sorted).toEqual(order);
    }
  });
});
