import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { HttpsError } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { region as v1Region } from 'firebase-functions/v1';
import { bodyLimitFor, createApp } from './app.ts';
import { declaredSecrets, readConfig } from './config.ts';
import { getServices } from './firebase.ts';
import { readLocalStack } from './localStack.ts';
import { readBodiesFirst } from './http/body.ts';
import { FUNCTION_TIMEOUT_SECONDS } from './http/deadline.ts';
import { readPushConfig } from './push/config.ts';
import { runReminderDispatch } from './reminders/run.ts';
import { deleteAccount } from './users/account.ts';
import { FEED_READERS_AT_ONCE } from './lms/limits.ts';
import {
  ENQUEUE_EVERY_MINUTES,
  enqueueDueFeeds,
  FEED_TASK_RATE,
  FEED_TASK_REGION,
  FEED_TASK_RETRY,
  FEED_TASK_TIMEOUT_SECONDS,
  feedTaskQueue,
  FeedTaskRetry,
  lmsFetchOptions,
  runFeedTask,
  type FeedTask,
} from './lms/schedule.ts';

// Refuses to load, naming the variable, when a local stand-in's switch is set outside the
// emulator (localStack.ts): before anything else reads one.
readLocalStack();

const { app, auth, db } = getServices();
const config = readConfig();

// The platform creates its HTTP server after loading this module: bodies are read there, each
// with its route's limit, before the platform's own parser (http/body.ts).
readBodiesFirst(bodyLimitFor(config));

/** The whole `/api` as one HTTPS function (docs/architecture.md, The parts). */
export const api = onRequest(
  {
    region: 'us-central1',
    memory: '512MiB',
    // Every request answers before this, at its ceiling (http/deadline.ts).
    timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
    concurrency: 80,
    secrets: declaredSecrets(),
  },
  createApp({ auth, db, config }),
);

/**
 * Sends the reminders that are due, every minute (Cloud Scheduler). Two overlapping or retried
 * runs send each reminder to each device once: every delivery is claimed first.
 */
export const reminders = onSchedule(
  {
    schedule: 'every 1 minutes',
    region: 'us-central1',
    memory: '256MiB',
    timeoutSeconds: 120,
    retryCount: 1,
    secrets: declaredSecrets(),
  },
  async () => {
    const report = await runReminderDispatch(db, readPushConfig());
    if (report && (report.sent || report.failed || report.removedDevices)) {
      console.log('Reminders dispatched', report);
    }
  },
);

/**
 * School calendar feeds: every 30 minutes, one task per feed whose turn comes before the next
 * run, dispatched at that turn to `feedSync` (lms/schedule.ts).
 */
export const lmsSync = onSchedule(
  {
    region: FEED_TASK_REGION,
    schedule: `every ${ENQUEUE_EVERY_MINUTES} minutes`,
    timeoutSeconds: 300,
    memory: '256MiB',
  },
  async () => {
    const report = await enqueueDueFeeds(db, feedTaskQueue(app), new Date());
    console.log('Calendar feed syncs enqueued', report);
  },
);

/**
 * Syncs one school calendar feed, from its task. Cloud Tasks retries a failure that may pass
 * with backoff (FEED_TASK_RETRY) and dispatches within FEED_TASK_RATE.
 */
export const feedSync = onTaskDispatched<FeedTask>(
  {
    region: FEED_TASK_REGION,
    retryConfig: FEED_TASK_RETRY,
    rateLimits: FEED_TASK_RATE,
    timeoutSeconds: FEED_TASK_TIMEOUT_SECONDS,
    memory: '512MiB',
    cpu: 1,
    // As many as one instance reads at once (lms/limits.ts).
    concurrency: FEED_READERS_AT_ONCE,
  },
  async (request) => {
    try {
      await runFeedTask(db, lmsFetchOptions(), request.data, request.retryCount, new Date());
    } catch (err) {
      // A 503: Cloud Tasks tries the task again after its backoff.
      if (err instanceof FeedTaskRetry) throw new HttpsError('unavailable', err.message);
      throw err;
    }
  },
);

/**
 * A user deleted in the Firebase console (Authentication) loses everything stored for them,
 * exactly as with "Delete Account": the same routine (users/account.ts). The Auth emulator
 * fires this trigger locally too, in both modes of the stack.
 */
export const deleteUserData = v1Region('us-central1')
  .runWith({ timeoutSeconds: 300, memory: '512MB', secrets: declaredSecrets() })
  .auth.user()
  .onDelete(async (user) => {
    await deleteAccount(auth, db, user.uid);
    console.log('Deleted the data of a user deleted in Authentication', { uid: user.uid });
  });
