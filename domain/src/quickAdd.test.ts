import { describe, expect, it } from 'vitest';
import { isDayFirst, parseQuickAdd, splitTasks, type QuickAddContext } from './quickAdd.ts';

/** Thursday, Nov 26, 2026, 2:00 PM in New York (19:00 UTC). */
const THU_2PM = Date.UTC(2026, 10, 26, 19, 0);
const ny = (now: number = THU_2PM, over: Partial<QuickAddContext> = {}): QuickAddContext => ({
  now,
  zone: 'America/New_York',
  locale: 'en-US',
  ...over,
});
const read = (text: string, ctx: QuickAddContext = ny()) => parseQuickAdd(text, ctx);

describe('parseQuickAdd: the examples students type', () => {
  it('reads a weekday and a 12-hour time', () => {
    expect(read('history essay fri 5pm')).toEqual({
      title: 'History essay',
      due_date: '2026-11-27T17:00:00',
      date_text: 'fri 5pm',
    });
  });
  it('reads a month/day date and gives it the default time, 11:59 PM', () => {
    expect(read('lab report due 12/3')).toMatchObject({
      title: 'Lab report',
      due_date: '2026-12-03T23:59:00',
    });
  });
  it('reads "tomorrow" and leaves "ch 4" in the title', () => {
    expect(read('read ch 4 tomorrow')).toMatchObject({
      title: 'Read ch 4',
      due_date: '2026-11-27T23:59:00',
    });
  });
  it('reads "in 2 weeks at 9"', () => {
    expect(read('quiz in 2 weeks at 9')).toMatchObject({
      title: 'Quiz',
      due_date: '2026-12-10T09:00:00',
    });
  });
});

describe('parseQuickAdd: relative dates', () => {
  it.each([
    ['essay today', '2026-11-26T23:59:00'],
    ['essay tonight', '2026-11-26T22:00:00'],
    ['essay in 3 days', '2026-11-29T23:59:00'],
    ['essay next week', '2026-12-03T23:59:00'],
    ['essay in 1 month', '2026-12-26T23:59:00'],
    ['essay in 2 hours', '2026-11-26T16:00:00'],
    ['essay monday morning', '2026-11-30T09:00:00'],
  ])('%s', (text, due) => {
    expect(read(text).due_date).toBe(due);
  });
});

describe('parseQuickAdd: weekdays', () => {
  it('a lone weekday is the next one, across the week boundary', () => {
    expect(read('essay mon').due_date).toBe('2026-11-30T23:59:00');
    expect(read('essay wednesday').due_date).toBe('2026-12-02T23:59:00');
  });
  it("today's weekday named alone is a week from today", () => {
    expect(read('essay thursday').due_date).toBe('2026-12-03T23:59:00');
    expect(read('essay thu 5pm').due_date).toBe('2026-12-03T17:00:00');
  });
  it('a weekday on Saturday night reads into the next week', () => {
    const satNight = Date.UTC(2026, 10, 29, 4, 30); // Sat Nov 28, 11:30 PM in New York
    expect(read('essay fri', ny(satNight)).due_date).toBe('2026-12-04T23:59:00');
    expect(read('essay sun', ny(satNight)).due_date).toBe('2026-11-29T23:59:00');
  });
});

describe('parseQuickAdd: the locale decides the date order', () => {
  it('month/day in en-US, day/month in en-GB', () => {
    expect(read('lab 3/12').due_date).toBe('2027-03-12T23:59:00');
    expect(read('lab 3/12', ny(THU_2PM, { locale: 'en-GB' })).due_date).toBe('2026-12-03T23:59:00');
  });
  it('a written month reads the same in both', () => {
    expect(read('lab 3 Dec', ny(THU_2PM, { locale: 'en-GB' })).due_date).toBe(
      '2026-12-03T23:59:00',
    );
    expect(read('lab Dec 3').due_date).toBe('2026-12-03T23:59:00');
  });
  it('knows which locales write the day first', () => {
    expect(isDayFirst('en-US')).toBe(false);
    expect(isDayFirst('en-GB')).toBe(true);
    expect(isDayFirst('de-DE')).toBe(true);
    expect(isDayFirst('not a locale')).toBe(false);
  });
});

describe('parseQuickAdd: 12 h and 24 h times', () => {
  it.each([
    ['essay fri 5pm', '2026-11-27T17:00:00'],
    ['essay fri 5:30 pm', '2026-11-27T17:30:00'],
    ['essay fri 17:30', '2026-11-27T17:30:00'],
    ['essay fri at 08:15', '2026-11-27T08:15:00'],
    ['essay fri 12am', '2026-11-27T00:00:00'],
    ['essay fri noon', '2026-11-27T12:00:00'],
  ])('%s', (text, due) => {
    expect(read(text).due_date).toBe(due);
  });
  it('a time alone is today when it is still ahead, else tomorrow', () => {
    expect(read('call mom at 6pm').due_date).toBe('2026-11-26T18:00:00');
    expect(read('call mom at 9am').due_date).toBe('2026-11-27T09:00:00');
  });
  it('uses the student’s default time for a date without one', () => {
    expect(read('essay fri', ny(THU_2PM, { defaultTime: '08:30' })).due_date).toBe(
      '2026-11-27T08:30:00',
    );
  });
});

describe('parseQuickAdd: daylight-saving days', () => {
  // Clocks go forward at 2:00 on Sunday, March 14, 2027 in New York.
  const satBeforeSpring = Date.UTC(2027, 2, 14, 4, 30); // Sat Mar 13, 11:30 PM EST
  it('"tomorrow 9am" on the night before is 9:00 on the wall clock', () => {
    expect(read('essay tomorrow 9am', ny(satBeforeSpring)).due_date).toBe('2027-03-14T09:00:00');
  });
  it('"in 4 hours" across the change lands where a clock would show it', () => {
    // 11:30 PM + 4 real hours = 4:30 AM EDT (the clock skipped 2:00 to 3:00).
    expect(read('essay in 4 hours', ny(satBeforeSpring)).due_date).toBe('2027-03-14T04:30:00');
  });
  it('"in 2 hours" across the fall-back change', () => {
    // Clocks go back at 2:00 on Sunday, Nov 1, 2026: 12:30 AM EDT + 2 h = 1:30 AM EST.
    const early = Date.UTC(2026, 10, 1, 4, 30);
    expect(read('essay in 2 hours', ny(early)).due_date).toBe('2026-11-01T01:30:00');
  });
  it('a date on the change day keeps its wall time', () => {
    expect(read('essay mar 14 5pm', ny(Date.UTC(2027, 2, 10, 15))).due_date).toBe(
      '2027-03-14T17:00:00',
    );
  });
});

describe('parseQuickAdd: "tomorrow" near midnight is the student’s tomorrow', () => {
  it('at 11:50 PM in New York (already the next day in UTC)', () => {
    const lateThu = Date.UTC(2026, 10, 27, 4, 50); // Thu Nov 26, 11:50 PM EST
    expect(read('essay tomorrow', ny(lateThu)).due_date).toBe('2026-11-27T23:59:00');
  });
  it('at 12:10 AM in Tokyo (still the day before in UTC)', () => {
    const earlyTokyo = Date.UTC(2026, 10, 26, 15, 10); // Fri Nov 27, 12:10 AM JST
    expect(
      read('essay tomorrow', { now: earlyTokyo, zone: 'Asia/Tokyo', locale: 'en-US' }).due_date,
    ).toBe('2026-11-28T23:59:00');
  });
});

describe('parseQuickAdd: never a silent guess', () => {
  it.each([
    'start the essay outline',
    'read ch 4',
    'read chapter 12',
    'page 12',
    'problems 1-3',
    'do 2/3 of the essay',
    'math set 4',
    'watch 3 videos',
  ])('"%s" has no due date', (text) => {
    const result = read(text);
    expect(result.due_date).toBeNull();
    expect(result.date_text).toBeNull();
  });
  it('keeps the whole text as the title when it has no date', () => {
    expect(read('  read   ch 4 ')).toEqual({ title: 'Read ch 4', due_date: null, date_text: null });
  });
  it('keeps the text as the title when it is only a date', () => {
    expect(read('tomorrow')).toMatchObject({ title: 'Tomorrow', due_date: '2026-11-27T23:59:00' });
  });
});

describe('parseQuickAdd: a syllabus date (not forward)', () => {
  it('a date earlier this term stays in this year', () => {
    expect(read('Essay 1 due Sep 14', ny(THU_2PM, { forward: false })).due_date).toBe(
      '2026-09-14T23:59:00',
    );
    expect(read('Essay 1 due Sep 14').due_date).toBe('2027-09-14T23:59:00');
  });
});

describe('splitTasks', () => {
  it('one task per line or sentence, bullets taken off', () => {
    expect(
      splitTasks(
        'I have a chem lab on Thursday. Need to start the essay outline!\n- math set due Monday\n\n2) call Sam',
      ),
    ).toEqual([
      'I have a chem lab on Thursday',
      'Need to start the essay outline',
      'math set due Monday',
      'call Sam',
    ]);
  });
});
