import type { App } from 'firebase-admin/app';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { getFunctions, type TaskOptions, type TaskQueue } from 'firebase-admin/functions';
import { z } from 'zod';
import { readLocalStack } from '../localStack.ts';
import { feedsOf, type FeedDoc } from './feeds.ts';
import { FeedLimitError, FeedReadersBusyError } from './limits.ts';
import { FeedFetchError, type SafeFetchOptions } from './safeFetch.ts';
import { NotACalendarError } from './parse.ts';
import { recordSync, syncFeed } from './sync.ts';
import { nextSyncAt } from './turns.ts';
import { WritesUnfinishedError } from './writeRounds.ts';

/**
 * The scheduled feed sync on Cloud Tasks (docs/decisions/0018-feeds-on-cloud-tasks.md). A job
 * every ENQUEUE_EVERY_MINUTES only enqueues: one task per feed whose turn comes before the next
 * run, to be dispatched at that turn. Each task syncs one feed in the task function (`feedSync`
 * in index.ts); Cloud Tasks retries a failure that may pass (with backoff) and keeps the dispatch
 * rate within FEED_TASK_RATE, so the work follows how many feeds are due, not how many exist.
 */

/** The task function's name and region (index.ts): its queue has the same name. */
const FEED_TASK_FUNCTION = 'feedSync';
export const FEED_TASK_REGION = 'us-central1';
/** How often the enqueue job runs (production's Cloud Scheduler; the local stack more often). */
export const ENQUEUE_EVERY_MINUTES = 30;
/**
 * A failure that may pass (the school did not answer, every reader busy, the database) is
 * tried again after 10 s, 20 s, 40 s, 80 s; then the feed waits for its next turn.
 */
export const FEED_TASK_RETRY = {
  maxAttempts: 5,
  minBackoffSeconds: 10,
  maxBackoffSeconds: 300,
  maxDoublings: 4,
};
/**
 * At most this many feed syncs at once and started a second: 2,000 feeds a period come due
 * about one every 7 s, so bursts drain quickly, and a school's LMS is never hit hard.
 */
export const FEED_TASK_RATE = { maxConcurrentDispatches: 10, maxDispatchesPerSecond: 5 };
/**
 * How long one task may run (the function's timeout and the task's dispatch deadline): a fetch
 * (10 s), a turn for a reader (10 s) and the read (5 s), then at most a minute of writes.
 */
export const FEED_TASK_TIMEOUT_SECONDS = 300;

/** Feeds read per page of the enqueue query. */
const ENQUEUE_PAGE = 200;
/** Enqueue calls in flight at once. */
const ENQUEUE_AT_ONCE = 10;
/** The longest one enqueue call may take. */
const ENQUEUE_DEADLINE_MS = 10_000;
/** An enqueue run takes no new page after this long (the job's timeout is 300 s). */
const ENQUEUE_BUDGET_MS = 240_000;

/** What a feed task carries: the feed, and the turn (its `next_sync_at`) it was enqueued for. */
export interface FeedTask {
  feedId: string;
  due: string;
}

const feedTaskSchema = z.strictObject({
  feedId: z.string().regex(/^feed-[a-f0-9]{24}$/),
  due: z.iso.datetime(),
});

/** The local stack's allowance for the LMS stand-in (none in production: localStack.ts). */
export function lmsFetchOptions(env: NodeJS.ProcessEnv = process.env): SafeFetchOptions {
  const { lmsAllowedBase } = readLocalStack(env);
  return lmsAllowedBase ? { allowedBase: lmsAllowedBase } : {};
}

/**
 * The task id of one feed's turn: a second enqueue of the same turn (the next run, or two runs
 * at once) is refused by Cloud Tasks as a duplicate. Letters, digits and hyphens only; it
 * starts with the feed id, a hash, as Cloud Tasks advises for ids spread over its keyspace.
 */
function feedTaskId(task: FeedTask): string {
  return `${task.feedId}-${Date.parse(task.due)}`;
}

/**
 * The feed task function's queue. Locally firebase-admin sends to the Cloud Tasks emulator
 * named by CLOUD_TASKS_EMULATOR_HOST (the Functions emulator sets it for the functions).
 */
export function feedTaskQueue(app: App): TaskQueue<FeedTask> {
  return getFunctions(app).taskQueue<FeedTask>(
    `locations/${FEED_TASK_REGION}/functions/${FEED_TASK_FUNCTION}`,
  );
}

/** The part of firebase-admin's TaskQueue the enqueue uses. */
export type FeedQueue = Pick<TaskQueue<FeedTask>, 'enqueue'>;

const ALREADY_EXISTS = 'functions/task-already-exists';

class EnqueueDeadlineError extends Error {
  override name = 'EnqueueDeadlineError';
  constructor() {
    super(`Enqueueing a feed task took longer than ${ENQUEUE_DEADLINE_MS / 1000} s.`);
  }
}

/** `call` answered within ENQUEUE_DEADLINE_MS, else EnqueueDeadlineError. */
async function withinDeadline<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EnqueueDeadlineError()), ENQUEUE_DEADLINE_MS);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface EnqueueReport {
  /** Tasks created by this run. */
  enqueued: number;
  /** Turns already on the queue (an earlier run enqueued them). */
  already: number;
  /** Enqueue calls that failed; those feeds are enqueued again by the next run. */
  failed: number;
}

/**
 * Enqueues one task for each feed whose turn comes before the next run (`now` plus
 * ENQUEUE_EVERY_MINUTES), to be dispatched at its turn. The query on `next_sync_at` (one
 * field: Firestore's automatic index) is read in pages; the calls go out a few at once, each
 * within its deadline. Running twice, or two runs at once, enqueues each turn once.
 */
export async function enqueueDueFeeds(
  db: Firestore,
  queue: FeedQueue,
  now: Date,
  { horizonMs = ENQUEUE_EVERY_MINUTES * 60_000, page: pageSize = ENQUEUE_PAGE } = {},
): Promise<EnqueueReport> {
  const report: EnqueueReport = { enqueued: 0, already: 0, failed: 0 };
  const until = new Date(now.getTime() + horizonMs).toISOString();
  const started = Date.now();
  const enqueueOne = async (doc: QueryDocumentSnapshot) => {
    const due = String(doc.get('next_sync_at'));
    const task: FeedTask = { feedId: doc.id, due };
    const at = Date.parse(due);
    // Dispatched at the feed's turn; a turn already passed, at once.
    const options: TaskOptions = {
      id: feedTaskId(task),
      dispatchDeadlineSeconds: FEED_TASK_TIMEOUT_SECONDS,
      ...(at > now.getTime() ? { scheduleTime: new Date(at) } : {}),
    };
    try {
      await withinDeadline(queue.enqueue(task, options));
      report.enqueued++;
    } catch (err) {
      if ((err as { code?: unknown })?.code === ALREADY_EXISTS) {
        report.already++;
        return;
      }
      // Logged once a run: when the queue is down, every call fails the same way.
      if (report.failed++ === 0) console.error(`Enqueueing the sync of ${doc.id} failed`, err);
    }
  };
  let last: QueryDocumentSnapshot | undefined;
  while (Date.now() - started < ENQUEUE_BUDGET_MS) {
    let query = feedsOf(db)
      .where('next_sync_at', '<=', until)
      .orderBy('next_sync_at')
      .limit(pageSize);
    if (last) query = query.startAfter(last);
    const page = await query.get();
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(ENQUEUE_AT_ONCE, page.size) }, async () => {
        while (next < page.size) await enqueueOne(page.docs[next++] as QueryDocumentSnapshot);
      }),
    );
    if (page.size < pageSize) break;
    last = page.docs[page.size - 1];
  }
  return report;
}

/** Why a sync failed, as the sentence the student reads on the feed; null when unknown. */
function failureMessage(err: unknown): string | null {
  const known =
    err instanceof FeedFetchError ||
    err instanceof NotACalendarError ||
    err instanceof FeedLimitError ||
    err instanceof FeedReadersBusyError;
  return known ? err.message : null;
}

/**
 * Failures that may pass if the sync is tried again shortly. What is the feed's own fault (not
 * a calendar, past a limit, a link the school or the address filter refuses) would fail the
 * same way: it waits for the feed's next turn.
 */
function mayPass(err: unknown): boolean {
  if (err instanceof FeedFetchError) return err.transient;
  return !(err instanceof NotACalendarError || err instanceof FeedLimitError);
}

/** Thrown by a feed task whose failure may pass: Cloud Tasks tries it again, with backoff. */
export class FeedTaskRetry extends Error {
  override name = 'FeedTaskRetry';
}

export type FeedTaskOutcome = 'synced' | 'skipped' | 'failed';

/**
 * Runs one feed task (`retryCount`: the attempts before this one). The feed is synced when the
 * task's turn is still the feed's (a task delivered twice, or a feed synced or removed
 * meanwhile, is skipped). A failure records its reason on the feed; when it may pass and
 * attempts are left, FeedTaskRetry is thrown and the feed keeps its turn; otherwise the feed
 * waits for its next turn.
 */
export async function runFeedTask(
  db: Firestore,
  fetchOptions: SafeFetchOptions,
  data: unknown,
  retryCount: number,
  now: Date,
): Promise<FeedTaskOutcome> {
  const parsed = feedTaskSchema.safeParse(data);
  if (!parsed.success) {
    console.error('A feed task without a feed was dropped', data);
    return 'skipped';
  }
  const { feedId, due } = parsed.data;
  const snap = await feedsOf(db).doc(feedId).get();
  if (!snap.exists) return 'skipped';
  const feed = snap.data() as FeedDoc;
  if (feed.next_sync_at !== due) return 'skipped';
  try {
    await syncFeed(db, feedId, feed, fetchOptions, now);
    return 'synced';
  } catch (err) {
    // Writing that stopped early has recorded what it wrote, why, and the next turn.
    if (err instanceof WritesUnfinishedError) return 'failed';
    const known = failureMessage(err);
    if (!known) console.error(`Syncing calendar feed ${feedId} failed`, err);
    const retry = mayPass(err) && retryCount + 1 < FEED_TASK_RETRY.maxAttempts;
    const fields: Record<string, unknown> = {
      last_error: known ?? 'The last sync failed. We will try again later.',
    };
    if (!retry) fields.next_sync_at = nextSyncAt(feedId, now);
    try {
      await recordSync(db, feedId, fields);
    } catch (recordErr) {
      console.error(`Recording the failed sync of ${feedId} failed`, recordErr);
      // The feed still has this turn: try again while attempts are left.
      if (retryCount + 1 < FEED_TASK_RETRY.maxAttempts) throw new FeedTaskRetry(feedId);
    }
    if (retry) throw new FeedTaskRetry(`The sync of ${feedId} failed and is tried again.`);
    return 'failed';
  }
}
