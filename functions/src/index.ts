import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app.ts';
import { declaredSecrets, readConfig } from './config.ts';
import { getServices } from './firebase.ts';
import { readPushConfig } from './push/config.ts';
import { runReminderDispatch } from './reminders/run.ts';
import { lmsFetchOptions, syncDueFeeds } from './lms/schedule.ts';

const { auth, db } = getServices();

/** The whole `/api` as one HTTPS function (docs/architecture.md, The parts). */
export const api = onRequest(
  {
    region: 'us-central1',
    memory: '512MiB',
    timeoutSeconds: 300,
    concurrency: 80,
    secrets: declaredSecrets(),
  },
  createApp({ auth, db, config: readConfig() }),
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
