import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.ts';
import { declaredSecrets, readConfig } from './config.ts';
import { getServices } from './firebase.ts';

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
