import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { bodyLimitFor, createApp } from './app.ts';
import { declaredSecrets, readConfig } from './config.ts';
import { getServices } from './firebase.ts';
import { readBodiesFirst } from './http/body.ts';
import { FUNCTION_TIMEOUT_SECONDS } from './http/deadline.ts';
import { readPushConfig } from './push/config.ts';
import { runReminderDispatch } from './reminders/run.ts';
import { lmsFetchOptions, syncDueFeeds } from './lms/schedule.ts';

const { auth, db } = getServices();
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

/** Calendar feeds from students' schools, synced in small batches every few hours. */
export const lmsSync = onSchedule(
  { region: 'us-central1', schedule: 'every 30 minutes', timeoutSeconds: 300, memory: '512MiB' },
  async () => {
    const { synced, failed } = await syncDueFeeds(db, lmsFetchOptions(), new Date());
    console.log(`Calendar feeds synced: ${synced}, failed: ${failed}`);
  },
);
