import { describe, expect, it } from 'vitest';
import { compareAssignments, rankForNewCard } from './boardOrder.ts';

describe('compareAssignments', () => {
  it('orders by rank, then created_at, then id; no numeric rank counts as 0', () => {
    const cards = [
      { id: 'd', rank: 1, created_at: '2026-01-01' },
      { id: 'c', created_at: '2026-01-02' },
      { id: 'b', rank: 0, created_at: '2026-01-02' },
      { id: 'a', rank: '5', created_at: '2026-01-03' },
      { id: 'e', rank: -0.5, created_at: '2026-01-09' },
    ];
    expect([...cards].sort(compareAssignments).map((c) => c.id)).toEqual(['e', 'b', 'c', 'a', 'd']);
  });
});

describe('rankForNewCard', () => {
  const column = [
    { id: 'x', rank: 10, due_date: '2026-12-01T08:00:00' },
    { id: 'y', rank: 20, due_date: '2026-12-05' },
    { id: 'z', rank: 30, due_date: '' },
  ];
  it('places a card between the neighbours by due date, soonest first', () => {
    expect(rankForNewCard(column, '2026-12-03T09:00:00')).toBe(15);
    expect(rankForNewCard(column, '2026-11-01T09:00:00')).toBe(9);
    expect(rankForNewCard(column, '2026-12-06T09:00:00')).toBe(25);
  });
  it('puts a card without a due date last', () => {
    expect(rankForNewCard(column, '')).toBe(31);
  });
  it('reads legacy date-only due dates as 08:00', () => {
    expect(rankForNewCard(column, '2026-12-05T07:00:00')).toBe(15);
    expect(rankForNewCard(column, '2026-12-05T09:00:00')).toBe(25);
  });
  it('answers 0 in an empty column', () => {
    expect(rankForNewCard([], '2026-12-03T09:00:00')).toBe(0);
  });
});
