import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app.ts';
import { declaredSecrets, readConfig } from './config.ts';
import { getServices } from './firebase.ts';
import { lmsFetchOptions, syncDueFeeds } from './lms/schedule.ts';

const { auth, db } = getServices();

/** The whole `/api` of SPEC §7 as one HTTPS function (DESIGN §1). */
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

/** Calendar feeds from students' schools, synced in small batches every few hours. */
export const lmsSync = onSchedule(
  { region: 'us-central1', schedule: 'every 30 minutes', timeoutSeconds: 300, memory: '512MiB' },
  async () => {
    const { synced, failed } = await syncDueFeeds(db, lmsFetchOptions(), new Date());
    console.log(`Calendar feeds synced: ${synced}, failed: ${failed}`);
  },
);
