import { describe, expect, it } from 'vitest';
import { overdueOf, resetChange, resetDueDate, resetLine } from './reset.ts';

// Monday 23 November 2026, 10:00 local time.
const now = new Date(2026, 10, 23, 10, 0);

describe('reset', () => {
  it('finds the open cards due on an earlier day', () => {
    const items = [
      { id: 'a', status: 'new', due_date: '2026-11-20T09:00:00' },
      { id: 'b', status: 'done', due_date: '2026-11-20T09:00:00' },
      { id: 'c', status: 'new', due_date: '2026-11-23T08:00:00' },
      { id: 'd', status: 'in progress', due_date: '2026-11-22' },
      { id: 'e', status: 'new', due_date: '' },
    ];
    expect(overdueOf(items, now).map((a) => a.id)).toEqual(['a', 'd']);
    expect(resetLine(3)).toBe("3 assignments slipped past their time. Let's reset.");
    expect(resetLine(1)).toBe("1 assignment slipped past its time. Let's reset.");
  });

  it('moves a card to tonight, tomorrow, the weekend or a date, keeping its time of day', () => {
    const due = '2026-11-20T09:30:00';
    expect(resetDueDate('tonight', due, now)).toBe('2026-11-23T20:00:00');
    expect(resetDueDate('tonight', due, new Date(2026, 10, 23, 21, 15))).toBe(
      '2026-11-23T22:00:00',
    );
    expect(resetDueDate('tomorrow', due, now)).toBe('2026-11-24T09:30:00');
    expect(resetDueDate('tomorrow', '2026-11-20', now)).toBe('2026-11-24T08:00:00');
    expect(resetDueDate('tomorrow', due, new Date(2026, 10, 30, 10))).toBe('2026-12-01T09:30:00');
    expect(resetDueDate('weekend', due, now)).toBe('2026-11-28T09:30:00');
    expect(resetDueDate('weekend', due, new Date(2026, 10, 28, 10))).toBe('2026-11-29T09:30:00');
    expect(resetDueDate('weekend', due, new Date(2026, 10, 29, 10))).toBe('2026-12-05T09:30:00');
    expect(resetDueDate('date', due, now, '2026-12-02')).toBe('2026-12-02T09:30:00');
  });

  it('can drop the due date or mark the card done', () => {
    expect(resetChange('none', '2026-11-20T09:00:00', now)).toEqual({ due_date: '' });
    expect(resetChange('done', '2026-11-20T09:00:00', now)).toEqual({ status: 'done' });
    expect(resetChange('tomorrow', '2026-11-20T09:00:00', now)).toEqual({
      due_date: '2026-11-24T09:00:00',
    });
  });
});
