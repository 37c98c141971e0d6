import { describe, expect, it } from 'vitest';
import { fixtureFeed } from '../../../scripts/standins/lms-fixtures.ts';
import { readFeedInWorker, turns } from './feedSandbox.ts';
import {
  FeedLimitError,
  FeedReadersBusyError,
  READ_TOO_LARGE,
  READ_TOO_SLOW,
  repeatsTooOften,
} from './limits.ts';
import { NotACalendarError, parseFeed } from './parse.ts';

const now = new Date(Date.UTC(2026, 10, 23, 12));
const input = (body: string) => ({
  body,
  url: 'https://school.example.edu/cal.ics',
  zone: 'UTC',
  nowMs: now.getTime(),
  sinceMs: now.getTime(),
});

const ics = (lines: string[]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example School//EN', ...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`;

async function refusal(work: Promise<unknown>): Promise<Error> {
  const err = await work.then(
    () => null,
    (e: unknown) => e as Error,
  );
  if (!err) throw new Error('expected a refusal');
  return err;
}

describe('reading a feed in a worker', () => {
  it('answers what parseFeed answers', async () => {
    const body = fixtureFeed('classroom', now);
    expect(await readFeedInWorker(input(body))).toEqual(
      parseFeed(body, 'https://school.example.edu/cal.ics', 'UTC', now),
    );
  });

  it('passes on "not a calendar" and a limit’s sentence', async () => {
    expect(await refusal(readFeedInWorker(input('<html></html>')))).toBeInstanceOf(
      NotACalendarError,
    );
    const hourly = ics([
      'BEGIN:VEVENT',
      'UID:a@example.edu',
      'DTSTART:20261124T090000Z',
      'RRULE:FREQ=HOURLY',
      'SUMMARY:Lab report',
      'END:VEVENT',
    ]);
    const err = await refusal(readFeedInWorker(input(hourly)));
    expect(err).toBeInstanceOf(FeedLimitError);
    expect(err.message).toBe(repeatsTooOften('Lab report'));
  });

  it('stops a read past its time limit (a time zone whose rule never matches)', async () => {
    const body = ics([
      'BEGIN:VTIMEZONE',
      'TZID:Nowhere/Never',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0000',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:a@example.edu',
      'DTSTART;TZID=Nowhere/Never:20261201T120000',
      'SUMMARY:Essay',
      'END:VEVENT',
    ]);
    const started = performance.now();
    const err = await refusal(readFeedInWorker(input(body), { heapMb: 64, timeLimitMs: 1_500 }));
    expect(err).toBeInstanceOf(FeedLimitError);
    expect(err.message).toBe(READ_TOO_SLOW);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stops a read past its heap', async () => {
    const events = Array.from({ length: 60_000 }, (_, i) =>
      [
        'BEGIN:VEVENT',
        `UID:u${i}@example.edu`,
        'DTSTART:20261201T120000Z',
        `SUMMARY:Item ${i}`,
        'END:VEVENT',
      ].join('\r\n'),
    );
    const err = await refusal(
      readFeedInWorker(input(ics(events)), { heapMb: 8, timeLimitMs: 20_000 }),
    );
    expect(err).toBeInstanceOf(FeedLimitError);
    expect(err.message).toBe(READ_TOO_LARGE);
  });
});

describe('turns', () => {
  it('runs at most `size` at once; the next starts when one ends; a long wait is refused', async () => {
    const take = turns(2, 200);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const hold = () =>
      take(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const first = hold();
    const second = hold();
    const third = hold();
    await expect.poll(() => releases.length).toBe(2);
    expect(running).toBe(2);
    releases.shift()?.();
    await first;
    await expect.poll(() => releases.length).toBe(2);
    // The fourth waits longer than 200 ms while both turns are held.
    await expect(hold()).rejects.toBeInstanceOf(FeedReadersBusyError);
    for (const release of releases.splice(0)) release();
    await Promise.all([second, third]);
    expect(most).toBe(2);
  });
});
