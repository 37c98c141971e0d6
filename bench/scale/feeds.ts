/**
 * School feeds at scale, through the Cloud Tasks emulator: `count` feeds (each its own
 * student's), stored through claimFeed as an import stores them, against the LMS stand-in, their
 * turns spread evenly over one sync interval (a steady state). Then production's 30-minute job
 * (enqueueDueFeeds, one task per feed due before its next run, each scheduled at its turn) runs
 * for `hours`, and the Cloud Tasks emulator dispatches each task at its turn to `feedSync` in the
 * Functions emulator (taskEmulators.ts), which syncs that one feed for real (fetch, read in the
 * sandbox, writes). Per feed it notes how long past its turn the sync that took it started (the
 * sync records that instant as `last_synced_at`); a feed still waiting at the end counts with
 * its wait so far.
 *
 * The clock. The emulator dispatches in real time, and four hours (one sync interval: every feed
 * comes due once) is too long for a bench, so the schedule is compressed `speedup` times: the
 * turns are spread over 4 h / speedup of real time, the job runs every 30 min / speedup and looks
 * that far ahead (enqueueDueFeeds takes its horizon as a parameter), and the queue's dispatch
 * rate and concurrency are production's (FEED_TASK_RATE) times `speedup`. So the queue sees the
 * same schedule as production, only faster, and a real wait converts to speedup times as much
 * simulated time. Everything that is not compressed (each sync's own real time, the retry
 * backoff, the machine) then counts speedup times over in simulated time, so the wait printed is
 * an upper bound of what this machine would show at production's pace. docs/scale.md, Feeds.
 */
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { claimFeed, feedIdFor, feedsOf, type FeedDoc } from '../../functions/src/lms/feeds.ts';
import {
  ENQUEUE_EVERY_MINUTES,
  enqueueDueFeeds,
  feedTaskQueue,
} from '../../functions/src/lms/schedule.ts';
import { SYNC_EVERY_MS } from '../../functions/src/lms/turns.ts';
import { newProfile, profileRef } from '../../functions/src/profile/profile.ts';
import { countsBetween, type DocumentCounts } from './countingFirestore.ts';
import type { TaskEmulators } from './taskEmulators.ts';

/** How often the scheduled job runs (production: every 30 minutes). */
const JOB_EVERY_MS = ENQUEUE_EVERY_MINUTES * 60_000;
const FIXTURES = ['canvas', 'moodle', 'blackboard', 'classroom'];
/** Feeds stored at once: each is a transaction, and the lite Firestore runs one at a time. */
const IN_FLIGHT = 4;
/** Real time between the end of the seeding and the first turn. */
const LEAD_MS = 5_000;
/** How often the bench looks whether the tasks are done (queue statistics, then the feeds). */
const LOOK_EVERY_MS = 2_000;
/** The longest a dispatched task may run (its dispatch deadline), after which it counts as lost. */
const TASK_DEADLINE_MS = 300_000;

/** Resolves at the real instant `at` (the bench follows the emulator's real-time dispatch). */
const until = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

export interface FeedFigures {
  feeds: number;
  /** Runs of the enqueue job. */
  runs: number;
  /** Tasks the job enqueued. */
  enqueued: number;
  /** Feeds synced (each once: its turn moved on and `last_synced_at` was set). */
  syncs: number;
  /** Feeds whose turn moved on without a sync (a sync that failed for good). */
  failed: number;
  /** Why they failed (the sentence recorded on the feed), each with its count. */
  failures: Record<string, number>;
  /** The longest any feed waited past its turn, in simulated minutes (real wait times speedup). */
  waitMaxMinutes: number;
  /** The same in real seconds. */
  waitMaxRealSeconds: number;
  /** Feeds still waiting past their turn when the bench stopped looking. */
  stillWaiting: number;
  speedup: number;
  seedSeconds: number;
  /** Real time from the first run until every task was done. */
  runSeconds: number;
  /** Documents the runs read and wrote (not the seeding, nor the bench's own look at the feeds). */
  runDocuments: DocumentCounts;
}

const feedOwner = (i: number) => `scale-feed-${String(i).padStart(6, '0')}`;

export async function measureFeeds(
  db: Firestore,
  app: App,
  emulators: TaskEmulators,
  options: {
    count: number;
    hours: number;
    speedup: number;
    lmsBase: string;
    log: (line: string) => void;
    counts: () => Promise<DocumentCounts>;
  },
): Promise<FeedFigures> {
  const { count, hours, speedup, lmsBase, log, counts } = options;
  const seedStarted = Date.now();
  // Stored with a turn a year ahead; the turns are set once all are stored (below).
  const parked = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const ids: string[] = new Array<string>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, count) }, async () => {
      while (next < count) {
        const i = next++;
        const uid = feedOwner(i);
        const url = `${lmsBase}feeds/${FIXTURES[i % FIXTURES.length]}.ics`;
        const id = feedIdFor(uid, url);
        const created = new Date(seedStarted - 86_400_000);
        await profileRef(db, uid).create({
          ...newProfile({ uid, email: `${uid}@school.example` }, created),
          time_zone: 'Europe/London',
        });
        const doc: FeedDoc = {
          uid,
          url,
          source: 'canvas',
          label: `School calendar ${i + 1}`,
          created_at: created.toISOString(),
          first_import_at: created.toISOString(),
          last_synced_at: null,
          last_counts: { added: 0, updated: 0, unchanged: 0, gone: 0 },
          last_changes: [],
          next_sync_at: parked,
        };
        await claimFeed(db, id, doc);
        ids[i] = id;
      }
    }),
  );
  // The turns, spread evenly over one (compressed) sync interval from a few seconds from now.
  const start = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
  const period = SYNC_EVERY_MS / speedup;
  const due = new Map<string, number>();
  for (let b = 0; b < count; b += 400) {
    const batch = db.batch();
    for (let i = b; i < Math.min(count, b + 400); i++) {
      const turn = start + Math.floor(((i + 0.5) / count) * period);
      batch.update(feedsOf(db).doc(ids[i] as string), {
        next_sync_at: new Date(turn).toISOString(),
      });
      due.set(ids[i] as string, turn);
    }
    await batch.commit();
  }
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  log(`  ${count} feeds stored in ${seedSeconds.toFixed(1)} s`);

  await emulators.scaleFeedQueue(speedup);
  process.env.CLOUD_TASKS_EMULATOR_HOST = emulators.tasksHost;
  const queue = feedTaskQueue(app);
  const jobEvery = JOB_EVERY_MS / speedup;
  const runs = Math.round((hours * 3_600_000) / JOB_EVERY_MS);
  const end = start + runs * jobEvery;
  const before = await counts();
  let ownReads = 0;
  let enqueued = 0;
  let enqueueFailed = 0;
  for (let r = 1; r <= runs; r++) {
    // The first run at the first turn's start; then every (compressed) half hour.
    await until(start + (r - 1) * jobEvery);
    const report = await enqueueDueFeeds(db, queue, new Date(), { horizonMs: jobEvery });
    enqueued += report.enqueued;
    enqueueFailed += report.failed;
    if (r % 8 === 0 || r === runs) {
      log(
        `  simulated ${((r * JOB_EVERY_MS) / 3_600_000).toFixed(1)} h: ${enqueued} tasks enqueued` +
          ` (${enqueueFailed} enqueue calls failed), ${await emulators.feedTasksWaiting()} not yet dispatched`,
      );
    }
  }
  await until(end);
  // Done when the queue has dispatched everything and every dispatched task has finished (its
  // feed's turn moved on), or a task has had its whole dispatch deadline.
  const pending = new Set(due.keys());
  let drainedAt: number | null = null;
  for (;;) {
    if ((await emulators.feedTasksWaiting()) === 0) {
      drainedAt ??= Date.now();
      const looked = await counts();
      const snap = await feedsOf(db)
        .where('next_sync_at', '<=', new Date(end).toISOString())
        .select()
        .get();
      ownReads += countsBetween(looked, await counts()).reads;
      const left = new Set(snap.docs.map((d) => d.id));
      for (const id of [...pending]) if (!left.has(id)) pending.delete(id);
      if (pending.size === 0 || Date.now() - drainedAt > TASK_DEADLINE_MS) break;
    }
    await until(Date.now() + LOOK_EVERY_MS);
  }
  const finished = Date.now();
  const ran = countsBetween(before, await counts());
  ran.reads -= ownReads;

  const snap = await feedsOf(db).select('next_sync_at', 'last_synced_at', 'last_error').get();
  let syncs = 0;
  let failed = 0;
  const failures: Record<string, number> = {};
  let stillWaiting = 0;
  let waitMax = 0;
  for (const d of snap.docs) {
    const turn = due.get(d.id);
    if (turn === undefined) continue;
    const synced = Date.parse(String(d.get('last_synced_at')));
    if (!Number.isNaN(synced)) {
      syncs++;
      waitMax = Math.max(waitMax, synced - turn);
    } else if (Date.parse(String(d.get('next_sync_at'))) !== turn) {
      // Failed for good: its turn moved on without a sync.
      failed++;
      const why = String(d.get('last_error'));
      failures[why] = (failures[why] ?? 0) + 1;
    } else {
      stillWaiting++;
      waitMax = Math.max(waitMax, finished - turn);
    }
  }
  return {
    feeds: count,
    runs,
    enqueued,
    syncs,
    failed,
    failures,
    waitMaxMinutes: (waitMax * speedup) / 60_000,
    waitMaxRealSeconds: waitMax / 1000,
    stillWaiting,
    speedup,
    seedSeconds,
    runSeconds: (finished - start) / 1000,
    runDocuments: ran,
  };
}
