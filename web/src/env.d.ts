/// <reference types="vite/client" />

/** Build-time configuration. Every variable is documented in README.md and .env.example. */
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN: string;
  readonly VITE_FIREBASE_PROJECT_ID: string;
  readonly VITE_FIREBASE_APP_ID: string;
  /** 'true' connects Auth (and Firestore when live) to the local emulators. */
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  /** 'true' when the browser can reach Firestore for live updates (false in lite mode). */
  readonly VITE_FIRESTORE_LIVE?: string;
  /** Where /api lives; empty means the same origin. */
  readonly VITE_API_BASE?: string;
  /** 'false' hides every AI feature. */
  readonly VITE_AI_ENABLED?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
