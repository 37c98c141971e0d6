/**
 * What reading one school calendar may cost (docs/product.md, Limits). A feed is fetched
 * (safeFetch.ts: 5 MB, 10 s), then read in a worker thread (feedSandbox.ts) inside these
 * limits; past any of them the student gets a 422 with one of the sentences below.
 */

/** Items due this long before a feed's first import are history, not work: never imported. */
export const HISTORY_MS = 14 * 24 * 3600 * 1000;
/** The most deadlines one feed may give from HISTORY_MS before its first import onwards. */
export const FEED_MAX_ITEMS = 3_000;
/** How far ahead a repeating item is followed. */
export const REPEAT_HORIZON_MS = 366 * 24 * 3600 * 1000;
/** The most occurrences of one repeating item taken (inside the window). */
export const REPEAT_MAX_PER_ITEM = 100;
/**
 * The most steps the recurrence engine may take for one repeating item: one step is one
 * candidate date (a day of a daily rule) checked against the rule. A daily rule started 50
 * years ago needs about 18,600; a rule that never matches would walk forever.
 */
export const REPEAT_STEPS_PER_ITEM = 20_000;
/** The most such steps for all the repeating items of one feed together. */
export const REPEAT_STEPS_PER_FEED = 100_000;
/** The longest reading one feed may take in its worker (parsing and expanding). */
export const FEED_READ_TIME_LIMIT_MS = 5_000;
/** The heap of the worker that reads a feed. */
export const FEED_WORKER_HEAP_MB = 64;
/** Feed readers one instance runs at once; more wait their turn (at most FEED_TURN_WAIT_MS). */
export const FEED_READERS_AT_ONCE = 3;
/** The longest a feed waits for a reader before the student is asked to try again. */
export const FEED_TURN_WAIT_MS = 10_000;

/** A feed past one of the limits above; the message is the sentence the student reads. */
export class FeedLimitError extends Error {
  override name = 'FeedLimitError';
}

/** Every reader was busy for FEED_TURN_WAIT_MS (many feeds at once on this instance). */
export class FeedReadersBusyError extends Error {
  override name = 'FeedReadersBusyError';
  constructor() {
    super('Brainboard is reading many school calendars right now. Please try again in a minute.');
  }
}

const per = FEED_MAX_ITEMS.toLocaleString('en-US');

export const TOO_MANY_ITEMS = `Your school’s calendar has more than ${per} deadlines from the last two weeks onwards, more than Brainboard imports from one calendar. If your school offers a calendar link for each course, import those instead.`;
export const TOO_MUCH_REPEATING =
  'Your school’s calendar has more repeating items than Brainboard can work out. If your school offers a calendar link for each course, import those instead.';
export const READ_TOO_SLOW =
  'Your school’s calendar took too long to read. If your school offers a calendar link for each course, import those instead.';
export const READ_TOO_LARGE =
  'Your school’s calendar is too large to read. If your school offers a calendar link for each course, import those instead.';
export const READ_FAILED =
  'We could not read your school’s calendar. Check that the link is the calendar feed (iCal) link from your school’s site, then try again.';

/** An item's title as a sentence may quote it: one line, at most 60 characters. */
function quoted(title: string): string {
  const line = title.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return `“${line.length > 60 ? `${line.slice(0, 59)}…` : line}”`;
}

export const repeatsTooOften = (title: string) =>
  `${quoted(title)} in your school’s calendar repeats more often than once a day, so Brainboard cannot import this calendar. Ask your school to change that item, or use a calendar link without it.`;
export const unreadableRepeat = (title: string) =>
  `Brainboard could not work out when ${quoted(title)} in your school’s calendar repeats, so it cannot import this calendar. Ask your school to check that item, or use a calendar link without it.`;
