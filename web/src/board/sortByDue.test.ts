import type { Assignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { byDueDate, sortByDueChanges } from './sortByDue.ts';

const card = (id: string, rank: number, due_date = '') => ({ id, rank, due_date }) as Assignment;

function apply(cards: Assignment[], changes: { id: string; rank: number }[]) {
  const rank = new Map(changes.map((c) => [c.id, c.rank]));
  return [...cards]
    .map((a) => ({ ...a, rank: rank.get(a.id) ?? a.rank }))
    .sort((a, b) => a.rank - b.rank)
    .map((a) => a.id);
}

describe('sortByDueChanges', () => {
  it('moves only the cards out of place, soonest first and undated last', () => {
    const cards = [
      card('a', 0, '2026-12-01T08:00:00'),
      card('none', 1024),
      card('b', 2048, '2026-12-02T08:00:00'),
      card('late', 3072, '2026-11-20T08:00:00'),
    ];
    const changes = sortByDueChanges(cards);
    // Two of the four stay where they are (a longest run already in order).
    expect(changes).toHaveLength(2);
    expect(apply(cards, changes)).toEqual(['late', 'a', 'b', 'none']);
  });

  it('writes nothing for a column already in order', () => {
    expect(sortByDueChanges([card('a', 1, '2026-01-01T08:00:00'), card('b', 2)])).toEqual([]);
  });

  it('renumbers when there is no room between ranks', () => {
    const cards = [card('x', 1, '2026-12-02T08:00:00'), card('y', 1, '2026-12-01T08:00:00')];
    expect(apply(cards, sortByDueChanges(cards))).toEqual(['y', 'x']);
  });

  it('keeps the shown order of cards due at the same moment', () => {
    const same = '2026-12-01T08:00:00';
    expect(byDueDate([card('p', 0, same), card('q', 1, same)]).map((a) => a.id)).toEqual([
      'p',
      'q',
    ]);
  });
});
