/**
 * School feeds at scale: `count` feeds (each its own student's), stored through claimFeed as
 * an import stores them, against the LMS stand-in, their turns spread evenly over one sync
 * interval (a steady state). Then the 30-minute job runs for `hours` of simulated time: it
 * enqueues the feeds due before its next run, and each task syncs one feed for real (fetch, read
 * in the sandbox, writes) at its turn. Per feed it notes how long past its
 * turn the sync that took it came; a feed still waiting at the end counts with its wait so far.
 * Four hours (the default) is one sync interval: every feed comes due once, so a job that keeps
 * up syncs all of them, 2,000 real syncs, which takes tens of minutes on a shared 2-core
 * machine. A job that falls behind falls further behind the longer it runs: the wait printed
 * is then a lower bound (docs/scale.md works out where it settles).
 */
import type { Firestore } from 'firebase-admin/firestore';
import { claimFeed, feedIdFor, feedsOf, type FeedDoc } from '../../functions/src/lms/feeds.ts';
import { enqueueDueFeeds, runFeedTask, type FeedQueue } from '../../functions/src/lms/schedule.ts';
import type { SafeFetchOptions } from '../../functions/src/lms/safeFetch.ts';
import { SYNC_EVERY_MS } from '../../functions/src/lms/turns.ts';
import { newProfile, profileRef } from '../../functions/src/profile/profile.ts';
import { countsBetween, type DocumentCounts } from './countingFirestore.ts';

/** How often the scheduled job runs (production: every 30 minutes). */
const JOB_EVERY_MS = 30 * 60_000;
const FIXTURES = ['canvas', 'moodle', 'blackboard', 'classroom'];
/** Feeds stored at once: each is a transaction, and the lite Firestore runs one at a time. */
const IN_FLIGHT = 4;

/** Tasks the queue dispatches at once (feedSync's rateLimits.maxConcurrentDispatches). */
const DISPATCHES_AT_ONCE = 10;

interface QueuedTask {
  data: unknown;
  /** When the queue dispatches it: its turn, or at once when that has passed. */
  at: number;
}

/**
 * One run of the scheduled feed job at the simulated instant `now`, resolving when the tasks
 * it enqueued are done: production's enqueue (enqueueDueFeeds, one task per due feed, each at
 * its turn) and production's task handler (runFeedTask), DISPATCHES_AT_ONCE at a time in the
 * order of their turns. The queue itself is simulated in this process so that four hours of
 * turns run in minutes; the real queue (the Cloud Tasks emulator: retries, backoff, turns) is
 * exercised by tests/api/feedTasks.test.ts. Each task runs at its own simulated instant, so
 * the feed's `last_synced_at` says when the queue would have dispatched it.
 */
async function feedJob(
  db: Firestore,
  fetchOptions: SafeFetchOptions,
  now: Date,
): Promise<{ failed: number }> {
  const tasks: QueuedTask[] = [];
  const queue: FeedQueue = {
    enqueue: (data, options) => {
      tasks.push({ data, at: options?.scheduleTime?.getTime() ?? now.getTime() });
      return Promise.resolve();
    },
  };
  const report = await enqueueDueFeeds(db, queue, now);
  tasks.sort((a, b) => a.at - b.at);
  let next = 0;
  let failed = report.failed;
  await Promise.all(
    Array.from({ length: Math.min(DISPATCHES_AT_ONCE, tasks.length) }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++] as QueuedTask;
        try {
          await runFeedTask(db, fetchOptions, task.data, 0, new Date(task.at));
        } catch {
          // A task that throws is retried by the queue; here it counts as failed.
          failed++;
        }
      }
    }),
  );
  return { failed };
}

export interface FeedFigures {
  feeds: number;
  /** Feed job runs simulated. */
  runs: number;
  syncs: number;
  /** Syncs that failed (they wait for their next turn). */
  failed: number;
  /** The longest any feed waited past its turn, in minutes. */
  waitMaxMinutes: number;
  /** Feeds still waiting past their turn when the simulation ended. */
  stillWaiting: number;
  seedSeconds: number;
  runSeconds: number;
  /** Documents the runs read and wrote (not the seeding, nor the bench's own look at the feeds). */
  runDocuments: DocumentCounts;
}

const feedOwner = (i: number) => `scale-feed-${String(i).padStart(6, '0')}`;

export async function measureFeeds(
  db: Firestore,
  options: {
    count: number;
    hours: number;
    lmsBase: string;
    log: (line: string) => void;
    counts: () => Promise<DocumentCounts>;
  },
): Promise<FeedFigures> {
  const { count, hours, lmsBase, log, counts } = options;
  const fetchOptions: SafeFetchOptions = { allowedBase: lmsBase };
  const seedStarted = Date.now();
  // Simulated time starts at the next whole minute.
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
  const due = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, count) }, async () => {
      while (next < count) {
        const i = next++;
        const uid = feedOwner(i);
        const url = `${lmsBase}feeds/${FIXTURES[i % FIXTURES.length]}.ics`;
        const id = feedIdFor(uid, url);
        const turn = start.getTime() + Math.floor(((i + 0.5) / count) * SYNC_EVERY_MS);
        await profileRef(db, uid).create({
          ...newProfile({ uid, email: `${uid}@school.example` }, start),
          time_zone: 'Europe/London',
        });
        const doc: FeedDoc = {
          uid,
          url,
          source: 'canvas',
          label: `School calendar ${i + 1}`,
          created_at: new Date(start.getTime() - 86_400_000).toISOString(),
          first_import_at: new Date(start.getTime() - 86_400_000).toISOString(),
          last_synced_at: null,
          last_counts: { added: 0, updated: 0, unchanged: 0, gone: 0 },
          last_changes: [],
          next_sync_at: new Date(turn).toISOString(),
        };
        await claimFeed(db, id, doc);
        due.set(id, turn);
      }
    }),
  );
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  log(`  ${count} feeds stored in ${seedSeconds.toFixed(1)} s`);

  const runStarted = Date.now();
  const runs = Math.round((hours * 3_600_000) / JOB_EVERY_MS);
  let syncs = 0;
  let failed = 0;
  const runDocuments: DocumentCounts = {
    reads: 0,
    writes: 0,
    deletes: 0,
    queries: 0,
    lookups: 0,
    commits: 0,
  };
  let waitMax = 0;
  let at = start.getTime();
  for (let r = 1; r <= runs; r++) {
    // The first run at the start: the job runs every half hour from then on.
    at = start.getTime() + (r - 1) * JOB_EVERY_MS;
    const before = await counts();
    failed += (await feedJob(db, fetchOptions, new Date(at))).failed;
    const ran = countsBetween(before, await counts());
    for (const key of Object.keys(runDocuments) as (keyof DocumentCounts)[]) {
      runDocuments[key] += ran[key];
    }
    const snap = await feedsOf(db).select('next_sync_at', 'last_synced_at').get();
    let taken = 0;
    for (const d of snap.docs) {
      const turn = Date.parse(String(d.get('next_sync_at')));
      const before = due.get(d.id);
      if (before === undefined || turn === before) continue;
      taken++;
      // Synced at the simulated instant its task ran (the sync records it).
      const synced = Date.parse(String(d.get('last_synced_at')));
      waitMax = Math.max(waitMax, (Number.isNaN(synced) ? at : synced) - before);
      due.set(d.id, turn);
    }
    syncs += taken;
    if (r % 8 === 0 || r === runs) {
      log(`  simulated ${((r * JOB_EVERY_MS) / 3_600_000).toFixed(1)} h: ${syncs} syncs so far`);
    }
  }
  let stillWaiting = 0;
  for (const turn of due.values()) {
    if (turn < at) {
      stillWaiting++;
      waitMax = Math.max(waitMax, at - turn);
    }
  }
  return {
    feeds: count,
    runs,
    syncs,
    failed,
    waitMaxMinutes: waitMax / 60_000,
    stillWaiting,
    seedSeconds,
    runSeconds: (Date.now() - runStarted) / 1000,
    runDocuments,
  };
}
