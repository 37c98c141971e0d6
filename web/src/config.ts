/*
 * The build-time environment (src/env.d.ts), each value read by its own name: Vite writes each
 * named value into the build, while a reference to the whole `import.meta.env` object would
 * write every VITE_ variable the build machine has (the emulators' addresses included).
 */
export const config = {
  firebase: {
    apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
    authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    appId: import.meta.env.VITE_FIREBASE_APP_ID,
  },
  firestoreLive: import.meta.env.VITE_FIRESTORE_LIVE !== 'false',
  apiBase: import.meta.env.VITE_API_BASE ?? '',
  aiEnabled: import.meta.env.VITE_AI_ENABLED !== 'false',
} as const;

/**
 * Whether this is the local stack's build, wired to the emulators (VITE_USE_EMULATORS=true).
 * Vite writes the value into the build, so a production build drops every branch it guards and
 * the emulator-only code those reach (scripts/webBuild.test.ts checks the built files). Guard
 * emulator-only code with this constant itself, never with a copy kept in an object.
 */
export const USE_EMULATORS = import.meta.env.VITE_USE_EMULATORS === 'true';
