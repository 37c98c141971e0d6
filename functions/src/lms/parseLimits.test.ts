import { describe, expect, it } from 'vitest';
import {
  FEED_MAX_ITEMS,
  FeedLimitError,
  REPEAT_MAX_PER_ITEM,
  repeatsTooOften,
  TOO_MANY_ITEMS,
  TOO_MUCH_REPEATING,
  unreadableRepeat,
} from './limits.ts';
import { parseFeed } from './parse.ts';

const now = new Date(Date.UTC(2026, 10, 23, 12));
const DAY = 24 * 3600 * 1000;

const ics = (lines: string[]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example School//EN', ...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`;

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** One event "Lab report" starting at `start` that repeats by `rule`. */
const repeating = (rule: string, start = now.getTime(), extra: string[] = [], uid = 'lab') => [
  'BEGIN:VEVENT',
  `UID:${uid}@example.edu`,
  `DTSTART:${stamp(start)}`,
  `RRULE:${rule}`,
  ...extra,
  'SUMMARY:Lab report',
  'END:VEVENT',
];

const read = (lines: string[], since = now) =>
  parseFeed(ics(lines), 'https://school.example.edu/cal.ics', 'UTC', now, since);

/** The FeedLimitError `work` throws, and how long it took. */
function refusal(work: () => unknown): { message: string; ms: number } {
  const started = performance.now();
  try {
    work();
  } catch (err) {
    expect(err).toBeInstanceOf(FeedLimitError);
    return { message: (err as Error).message, ms: performance.now() - started };
  }
  throw new Error('expected a FeedLimitError');
}

describe('the bounds of reading a feed', () => {
  it.each([
    'FREQ=SECONDLY;BYHOUR=3;BYMINUTE=3;BYMONTH=12;BYMONTHDAY=31',
    'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=MINUTELY;INTERVAL=5',
    'FREQ=HOURLY',
  ])('refuses a rule finer than daily before expanding it: %s', (rule) => {
    const { message, ms } = refusal(() => read(repeating(rule)));
    expect(message).toBe(repeatsTooOften('Lab report'));
    expect(ms).toBeLessThan(200);
  });

  it.each(['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=DAILY;INTERVAL=7;BYMONTH=4;BYMONTHDAY=31'])(
    'stops a rule that never matches at its step budget: %s',
    (rule) => {
      const { message, ms } = refusal(() => read(repeating(rule)));
      expect(message).toBe(unreadableRepeat('Lab report'));
      expect(ms).toBeLessThan(1_000);
    },
  );

  it('refuses a rule ical.js will not follow with a sentence', () => {
    const { message } = refusal(() => read(repeating('FREQ=WEEKLY;BYMONTHDAY=3')));
    expect(message).toBe(unreadableRepeat('Lab report'));
  });

  it('turns ical.js giving up on a rule whose dates are all excluded into a sentence', () => {
    const exdates = Array.from(
      { length: 600 },
      (_, i) => `EXDATE:${stamp(now.getTime() + i * DAY)}`,
    );
    expect(refusal(() => read(repeating('FREQ=DAILY', now.getTime(), exdates))).message).toBe(
      unreadableRepeat('Lab report'),
    );
  });

  it('refuses a feed with more than FEED_MAX_ITEMS deadlines from the window on', () => {
    const events = Array.from({ length: FEED_MAX_ITEMS / REPEAT_MAX_PER_ITEM + 1 }, (_, i) =>
      repeating('FREQ=DAILY', now.getTime() + DAY, [], `daily-${i}`),
    ).flat();
    expect(refusal(() => read(events)).message).toBe(TOO_MANY_ITEMS);
  });

  it('takes at most REPEAT_MAX_PER_ITEM occurrences of one item', () => {
    expect(read(repeating('FREQ=DAILY')).items).toHaveLength(REPEAT_MAX_PER_ITEM);
  });

  it('takes exactly FEED_MAX_ITEMS, and older items do not count', () => {
    const single = (i: number, days: number) => [
      'BEGIN:VEVENT',
      `UID:item-${i}@example.edu`,
      `DTSTART:${stamp(now.getTime() + days * DAY)}`,
      `SUMMARY:Worksheet ${i}`,
      'END:VEVENT',
    ];
    const current = Array.from({ length: FEED_MAX_ITEMS }, (_, i) => single(i, 1 + (i % 300)));
    const history = Array.from({ length: 500 }, (_, i) => single(FEED_MAX_ITEMS + i, -30));
    expect(read([...current, ...history].flat()).items).toHaveLength(FEED_MAX_ITEMS + 500);
  });

  it('follows a repeating item from two weeks before the first import, not from its start', () => {
    const threeYearsAgo = now.getTime() - 3 * 365 * DAY;
    const dues = read(repeating('FREQ=WEEKLY', threeYearsAgo)).items.map((i) =>
      i.due.kind === 'instant' ? i.due.ms : NaN,
    );
    // From 10 days ago (its first date in the window), weekly until a year ahead.
    expect(dues).toHaveLength(54);
    expect(dues[0]).toBeGreaterThanOrEqual(now.getTime() - 14 * DAY);
    expect(dues[0]).toBeLessThan(now.getTime() - 7 * DAY);
    expect(dues.at(-1)).toBeLessThanOrEqual(now.getTime() + 366 * DAY);
  });

  // Walking the budget's steps takes a second or two on a quiet machine and more on a busy one:
  // the bound under test is the step budget, not the time (the time is only printed).
  it('bounds the steps of all repeating items together', { timeout: 30_000 }, () => {
    // Each daily rule started 50 years ago walks about 18,000 days to reach the window.
    const fiftyYearsAgo = now.getTime() - 50 * 365 * DAY;
    const events = Array.from({ length: 6 }, (_, i) =>
      repeating('FREQ=DAILY', fiftyYearsAgo, [], `old-${i}`),
    ).flat();
    const { message, ms } = refusal(() => read(events));
    expect(message).toBe(TOO_MUCH_REPEATING);
    console.log(`[feed budget] the feed's step budget ran out in ${ms.toFixed(0)} ms`);
  });
});
