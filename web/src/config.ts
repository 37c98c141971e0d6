/** Typed view of the build-time environment (src/env.d.ts). */
const env = import.meta.env;

export const config = {
  firebase: {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID,
  },
  firestoreLive: env.VITE_FIRESTORE_LIVE !== 'false',
  apiBase: env.VITE_API_BASE ?? '',
  aiEnabled: env.VITE_AI_ENABLED !== 'false',
} as const;

/**
 * Whether this is the local stack's build, wired to the emulators (VITE_USE_EMULATORS=true).
 * Vite writes the value into the build, so a production build drops every branch it guards and
 * the emulator-only code those reach (scripts/webBuild.test.ts checks the built files). Guard
 * emulator-only code with this constant itself, never with a copy kept in an object.
 */
export const USE_EMULATORS = import.meta.env.VITE_USE_EMULATORS === 'true';
