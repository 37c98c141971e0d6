import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { fenceLateWrites, firestoreDeadlineSettings } from './http/deadline.ts';

/**
 * The one place that initialises the Admin SDK. In the local stack the
 * emulator hosts come from FIREBASE_AUTH_EMULATOR_HOST and
 * FIRESTORE_EMULATOR_HOST, which the SDK reads by itself.
 */
export interface Services {
  app: App;
  auth: Auth;
  db: Firestore;
}

let services: Services | undefined;

export function getServices(): Services {
  if (!services) {
    // Locally (emulators, tests, the seed) the project id comes from GCLOUD_PROJECT;
    // in Cloud Functions, initializeApp() reads FIREBASE_CONFIG by itself.
    const projectId = process.env.FIREBASE_CONFIG ? undefined : process.env.GCLOUD_PROJECT;
    const app = getApps()[0] ?? initializeApp(projectId ? { projectId } : undefined);
    const db = getFirestore(app);
    db.settings({ ignoreUndefinedProperties: true, ...firestoreDeadlineSettings() });
    fenceLateWrites(db);
    services = { app, auth: getAuth(app), db };
  }
  return services;
}
