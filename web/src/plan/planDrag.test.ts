import type { PlanSessionAnswer } from '@brainboard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey, movedToDay, overlapsAnother, sessionsOn } from './planDrag.ts';

const session = (id: string, start: string, end: string): PlanSessionAnswer => ({
  id,
  assignment_id: 'a1',
  start,
  end,
  by_hand: false,
});

// New York, where 2026-11-01 is the Sunday the clocks go back (Node reads TZ when it is set).
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('moving a session to another day', () => {
  it('keeps its time of day and length, across the change of the clocks too', () => {
    // Sat Oct 31, 4:00 PM EDT (UTC-4), 45 minutes.
    const s = session('s1', '2026-10-31T20:00:00.000Z', '2026-10-31T20:45:00.000Z');
    expect(dayKey(new Date(s.start))).toBe('2026-10-31');
    const moved = movedToDay(s, '2026-11-02');
    // Mon Nov 2, 4:00 PM EST (UTC-5): 49 hours later, not 48.
    expect(moved).toEqual({
      ...s,
      start: '2026-11-02T21:00:00.000Z',
      end: '2026-11-02T21:45:00.000Z',
      by_hand: true,
    });
    expect(dayKey(new Date(moved.start))).toBe('2026-11-02');
  });

  it('finds an overlap with another session, not with itself or one that only touches it', () => {
    const a = session('a', '2026-11-02T21:00:00.000Z', '2026-11-02T21:45:00.000Z');
    const b = session('b', '2026-11-02T21:45:00.000Z', '2026-11-02T22:30:00.000Z');
    expect(overlapsAnother([a, b], a)).toBe(false);
    expect(overlapsAnother([a, b], { ...a, end: '2026-11-02T21:50:00.000Z' })).toBe(true);
  });

  it("lists a day's sessions earliest first, wherever they stood in the plan", () => {
    // Thu Nov 26, 11:15 PM EST, moved a day on: Fri 11:15 PM, after Fri's 12:00 AM session.
    const moved = movedToDay(
      session('late', '2026-11-27T04:15:00.000Z', '2026-11-27T05:00:00.000Z'),
      '2026-11-27',
    );
    const early = session('early', '2026-11-27T05:00:00.000Z', '2026-11-27T05:45:00.000Z');
    const other = session('other', '2026-11-29T05:00:00.000Z', '2026-11-29T05:45:00.000Z');
    expect(sessionsOn([moved, other, early], '2026-11-27').map((s) => s.id)).toEqual([
      'early',
      'late',
    ]);
    expect(sessionsOn([moved, other, early], '2026-11-28')).toEqual([]);
  });
});
