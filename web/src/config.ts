/** Typed view of the build-time environment (src/env.d.ts). */
const env = import.meta.env;

export const config = {
  firebase: {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID,
  },
  useEmulators: env.VITE_USE_EMULATORS === 'true',
  authEmulatorUrl: env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099',
  firestoreEmulatorHost: env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080',
  firestoreLive: env.VITE_FIRESTORE_LIVE !== 'false',
  apiBase: env.VITE_API_BASE ?? '',
  aiEnabled: env.VITE_AI_ENABLED !== 'false',
} as const;
