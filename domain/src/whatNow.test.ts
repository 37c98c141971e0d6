import { describe, expect, it } from 'vitest';
import { pickWhatNow, slackMinutes, whatNowOrder, type Pickable } from './whatNow.ts';

// Monday 23 November 2026, 10:00 local time.
const now = new Date(2026, 10, 23, 10, 0);

let n = 0;
const card = (
  id: string,
  due_date: string,
  opts: Partial<Pickable> & { estimates?: (number | null)[] } = {},
): Pickable => ({
  id,
  status: 'new',
  due_date,
  subtasks: (opts.estimates ?? []).map((e, i) => ({
    id: `${id}-s${i}`,
    completed: false,
    estimate_minutes: e,
  })),
  rank: n++,
  created_at: '2026-11-01T00:00:00Z',
  ...opts,
});

describe('whatNowOrder', () => {
  it('puts overdue and due-today cards first, the earliest due first', () => {
    const items = [
      card('later', '2026-11-25T09:00:00'),
      card('today', '2026-11-23T18:00:00'),
      card('overdue', '2026-11-20T09:00:00'),
      card('earlier-today', '2026-11-23T08:00:00'),
    ];
    expect(whatNowOrder(items, now).map((a) => a.id)).toEqual([
      'overdue',
      'earlier-today',
      'today',
      'later',
    ]);
  });

  it('orders the rest by least slack: time left minus work left', () => {
    // Due Wednesday with 10 h of work: 48 h - 10 h = 38 h of slack.
    const big = card('big', '2026-11-25T10:00:00', { estimates: [600] });
    // Due tomorrow with nothing estimated: 24 h of slack... less than big's 38 h.
    const soon = card('soon', '2026-11-24T10:00:00');
    // Due Thursday with 10 h + 10 h of work: 72 h - 20 h = 52 h.
    const huge = card('huge', '2026-11-26T10:00:00', { estimates: [600, 600] });
    // Due Wednesday with 30 h of work: 48 h - 30 h = 18 h: the least slack of all.
    const tight = card('tight', '2026-11-25T10:00:00', { estimates: [600, 600, 600] });
    expect(whatNowOrder([big, soon, huge, tight], now).map((a) => a.id)).toEqual([
      'tight',
      'soon',
      'big',
      'huge',
    ]);
    expect(slackMinutes(tight, now)).toBe(18 * 60);
  });

  it('counts only unticked subtasks as work left', () => {
    const a = card('a', '2026-11-24T10:00:00', { estimates: [600] });
    const ticked = { ...a, subtasks: [{ id: 'x', completed: true, estimate_minutes: 600 }] };
    expect(slackMinutes(a, now)).toBe(14 * 60);
    expect(slackMinutes(ticked, now)).toBe(24 * 60);
  });

  it('puts cards without a due date last (in progress first), and never a Done card', () => {
    const items = [
      card('undated-new', ''),
      card('undated-doing', '', { status: 'in progress' }),
      card('done-overdue', '2026-11-01T09:00:00', { status: 'done' }),
      card('dated', '2026-12-20T09:00:00'),
    ];
    expect(whatNowOrder(items, now).map((a) => a.id)).toEqual([
      'dated',
      'undated-doing',
      'undated-new',
    ]);
  });

  it('stretches the work left by the learning factor', () => {
    // Finished work took twice the guess, so 10 h left reads as 20 h.
    const finished = card('finished', '', {
      status: 'done',
      focus_minutes: 120,
      completed_date: '2026-11-20T10:00:00Z',
      estimates: [60],
    });
    const long = card('long', '2026-11-25T10:00:00', { estimates: [600] }); // 48 h - 20 h
    const short = card('short', '2026-11-24T20:00:00'); // 34 h
    expect(whatNowOrder([finished, short, long], now).map((a) => a.id)).toEqual(['long', 'short']);
    // Without the factor: 38 h of slack for long.
    expect(whatNowOrder([finished, short, long], now, null).map((a) => a.id)).toEqual([
      'short',
      'long',
    ]);
  });
});

describe('pickWhatNow', () => {
  const tomorrow = card('essay', '2026-11-24T09:00:00', {
    subtasks: [
      { id: 'outline', completed: true, estimate_minutes: 30 },
      { id: 'draft', completed: false, estimate_minutes: 30 },
      { id: 'proofread', completed: false, estimate_minutes: 15 },
    ],
  });

  it('answers the card, its first unticked subtask and one reason line', () => {
    expect(pickWhatNow([tomorrow], now)).toEqual({
      assignment_id: 'essay',
      subtask_id: 'draft',
      reason: 'Due tomorrow 9:00 AM · about 45 min of work left',
    });
  });

  it('offers the next pick for "Something else", then starts over', () => {
    const other = card('other', '');
    expect(pickWhatNow([tomorrow, other], now, ['essay'])?.assignment_id).toBe('other');
    expect(pickWhatNow([tomorrow, other], now, ['essay', 'other'])?.assignment_id).toBe('essay');
  });

  it('explains overdue and undated picks calmly, and answers null when all is done', () => {
    expect(pickWhatNow([card('late', '2026-11-22T09:00:00')], now)?.reason).toBe(
      'Was due yesterday 9:00 AM',
    );
    expect(pickWhatNow([card('free', '', { estimates: [null, null] })], now)).toMatchObject({
      subtask_id: 'free-s0',
      reason: 'No due date, next on your board · 2 steps left',
    });
    expect(pickWhatNow([card('d', '', { status: 'done' })], now)).toBeNull();
  });
});
