import { describe, expect, inject, it } from 'vitest';
import type { TaskOptions } from 'firebase-admin/functions';
import {
  enqueueDueFeeds,
  FEED_TASK_RETRY,
  feedTaskQueue,
  type FeedQueue,
  type FeedTask,
} from '../../functions/src/lms/schedule.ts';
import { NOT_A_CALENDAR } from '../../functions/src/lms/parse.ts';
import { UNREACHABLE } from '../../functions/src/lms/safeFetch.ts';
import { SYNC_EVERY_MS } from '../../functions/src/lms/turns.ts';
import { startOfUtcDay, utc } from '../../scripts/standins/lms-fixtures.ts';
import { urls } from '../../scripts/stack/config.ts';
import { studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

/**
 * The scheduled feed sync on Cloud Tasks (docs/decisions/0017-feeds-on-cloud-tasks.md), through
 * the stack's Cloud Tasks emulator: the stack's enqueue job (production's `lmsSync`, every 5 s
 * here) enqueues each feed at its turn, the emulator dispatches it to `feedSync` in the
 * Functions emulator, and a failure that may pass is tried again with backoff.
 */

const lms = () => inject('stack').lms;
const base = startOfUtcDay();
let feedCount = 0;

const ics = (title: string, days: number) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example School//Calendar//EN',
    'BEGIN:VEVENT',
    'UID:essay@example.edu',
    `DTSTART:${utc(base, days, 23, 59)}`,
    `SUMMARY:${title}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function putFeed(name: string, body: string): Promise<string> {
  const url = `${lms()}feeds/${name}.ics`;
  const res = await fetch(url, { method: 'PUT', body });
  expect(res.status).toBe(204);
  return url;
}

/** When the LMS stand-in was asked for feed `name` (ms since epoch). */
async function requestsOf(name: string): Promise<number[]> {
  const res = await fetch(`${lms()}__standin/requests?feed=${name}`);
  return ((await res.json()) as { times: number[] }).times;
}

/** A student with one imported feed (named uniquely); its id. */
async function importedFeed(
  prefix: string,
  body: string,
): Promise<{ as: As; name: string; id: string }> {
  const { as } = await studentApi((await createTestUser(prefix)).idToken);
  const name = `${prefix}-${Date.now()}-${++feedCount}`;
  const created = await as('POST', '/api/lms-feeds', { url: await putFeed(name, body) });
  expect(created.status, created.text).toBe(201);
  return { as, name, id: created.body.id as string };
}

const feedDoc = async (id: string) =>
  (await admin().db.collection('lms_feeds').doc(id).get()).data() as Record<string, unknown>;

const setTurn = (id: string, at: Date) =>
  admin().db.collection('lms_feeds').doc(id).update({ next_sync_at: at.toISOString() });

describe('feed syncs on Cloud Tasks', () => {
  it(
    'a feed whose school fails twice is tried again with backoff, then synced',
    { timeout: 150_000 },
    async () => {
      const { as, name, id } = await importedFeed('feedretry', ics('Essay', 3));
      await putFeed(name, ics('Essay', 5));
      const fail = await fetch(`${lms()}__standin/fail?feed=${name}&times=2&status=503`, {
        method: 'POST',
      });
      expect(fail.status).toBe(200);
      const before = (await requestsOf(name)).length;
      const synced = (await feedDoc(id)).last_synced_at;
      // Its turn has come: the stack's enqueue job takes it within seconds.
      await setTurn(id, new Date(Date.now() - 1000));
      // The first failure is recorded on the feed, in the student's words, and the turn kept.
      await expect
        .poll(async () => (await feedDoc(id)).last_error, { timeout: 30_000, interval: 200 })
        .toBe(UNREACHABLE);
      await expect
        .poll(async () => (await feedDoc(id)).last_error, { timeout: 120_000, interval: 500 })
        .toBeNull();
      const after = await feedDoc(id);
      expect(after.last_synced_at).not.toBe(synced);
      expect(after.last_changes).toEqual(['Moved: Essay']);
      const cards = (await as('GET', '/api/assignments')).body as unknown as { due_date: string }[];
      expect(cards.map((c) => c.due_date.slice(0, 10))).toEqual([
        new Date(base.getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
      ]);
      // Three tries: two failures, each followed by a longer wait (the queue's backoff).
      const times = (await requestsOf(name)).slice(before);
      expect(times).toHaveLength(3);
      const [first, second, third] = times as [number, number, number];
      console.log(
        `[feed tasks] retries after ${((second - first) / 1000).toFixed(1)} s and ${((third - second) / 1000).toFixed(1)} s`,
      );
      expect(second - first).toBeGreaterThanOrEqual(FEED_TASK_RETRY.minBackoffSeconds * 1000);
      expect(third - second).toBeGreaterThanOrEqual(FEED_TASK_RETRY.minBackoffSeconds * 2000);
    },
  );

  it('a feed that is not a calendar is not tried again: it waits for its next turn', async () => {
    const { name, id } = await importedFeed('feednotcal', ics('Essay', 3));
    await putFeed(name, '<!doctype html><title>Sign in</title>');
    const before = (await requestsOf(name)).length;
    const due = new Date(Date.now() - 1000);
    await setTurn(id, due);
    await expect
      .poll(async () => (await feedDoc(id)).last_error, { timeout: 30_000, interval: 200 })
      .toBe(NOT_A_CALENDAR);
    const after = await feedDoc(id);
    // Its next turn is set, a period on: a retry of the task would find its turn gone.
    expect(Date.parse(after.next_sync_at as string) - due.getTime()).toBeGreaterThan(
      SYNC_EVERY_MS / 2,
    );
    expect((await requestsOf(name)).length - before).toBe(1);
  });

  it('a feed is synced at its turn, not before', { timeout: 60_000 }, async () => {
    const { id } = await importedFeed('feedturn', ics('Essay', 3));
    const synced = (await feedDoc(id)).last_synced_at;
    const due = new Date(Date.now() + 8_000);
    await setTurn(id, due);
    await expect
      .poll(async () => (await feedDoc(id)).last_synced_at, { timeout: 45_000, interval: 200 })
      .not.toBe(synced);
    expect(Date.parse((await feedDoc(id)).last_synced_at as string)).toBeGreaterThanOrEqual(
      due.getTime(),
    );
  });

  it('enqueues one task per due feed, across pages; a second run enqueues none', async () => {
    process.env.CLOUD_TASKS_EMULATOR_HOST = urls.tasksHost;
    const { app, db } = admin();
    const queue = feedTaskQueue(app);
    // 25 feeds whose turn is two hours away (out of the stack's own job's reach), enqueued by
    // runs that look from then, with pages of 10.
    const later = Date.now() + 2 * 3600_000;
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const { id } = await importedFeed('feedenqueue', ics('Essay', 3));
      await setTurn(id, new Date(later + i * 1000));
      ids.push(id);
    }
    const mine = new Set(ids);
    const run = async () => {
      const outcomes = new Map<string, string[]>();
      const watching: FeedQueue = {
        async enqueue(task: FeedTask, options?: TaskOptions) {
          const note = (outcome: string) => {
            if (mine.has(task.feedId)) {
              outcomes.set(task.feedId, [...(outcomes.get(task.feedId) ?? []), outcome]);
            }
          };
          try {
            await queue.enqueue(task, options);
            note('created');
          } catch (err) {
            note((err as { code?: string }).code ?? 'failed');
            throw err;
          }
        },
      };
      const report = await enqueueDueFeeds(db, watching, new Date(later + 60_000), { page: 10 });
      return { report, outcomes };
    };
    const first = await run();
    expect(first.report.failed).toBe(0);
    for (const id of ids) expect(first.outcomes.get(id), id).toEqual(['created']);
    const second = await run();
    for (const id of ids) {
      expect(second.outcomes.get(id), id).toEqual(['functions/task-already-exists']);
    }
  });
});
