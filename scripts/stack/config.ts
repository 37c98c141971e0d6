import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StackMode } from './mode.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const PROJECT_ID = 'demo-brainboard';
const REGION = 'us-central1';
/**
 * BRAINBOARD_PORT_OFFSET moves every port of the stack (e.g. 10000: the app on
 * 15173, auth on 19099), so a second stack can run beside `npm start`.
 */
export const PORT_OFFSET = portOffset(process.env.BRAINBOARD_PORT_OFFSET);

/**
 * A whole number of thousands from 0 to 50000. Other steps land one stack's port on
 * another's: the emulator hub (4400) and logging (4500) are 100 apart, auth (9099) and
 * storage (9199) too, so offsets 100 apart collide.
 */
export function portOffset(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 50_000 || value % 1000 !== 0) {
    throw new Error(
      `BRAINBOARD_PORT_OFFSET=${raw}: use a multiple of 1000 from 0 to 50000 (e.g. 10000); ` +
        'other steps make two stacks share a port.',
    );
  }
  return value;
}
export const WEB_PORT = 5173 + PORT_OFFSET;
export const OPENAI_STANDIN_PORT = Number(process.env.OPENAI_STANDIN_PORT ?? 8089) + PORT_OFFSET;
export const CALENDAR_STANDIN_PORT =
  Number(process.env.CALENDAR_STANDIN_PORT ?? 8090) + PORT_OFFSET;
/** The Web Push stand-in (HTTPS). */
export const PUSH_STANDIN_PORT = Number(process.env.PUSH_STANDIN_PORT ?? 8091) + PORT_OFFSET;
export const DATA_DIR = join(ROOT, '.data');

interface FirebaseJson {
  emulators: Record<string, { host?: string; port?: number }>;
}

const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;

/** Emulator ports come from firebase.json, the one place they are written (plus the offset). */
export const emulatorPorts = (() => {
  const port = (name: string) => {
    const value = firebaseJson.emulators[name]?.port;
    if (!value) throw new Error(`firebase.json has no port for the ${name} emulator`);
    return value + PORT_OFFSET;
  };
  return {
    auth: port('auth'),
    firestore: port('firestore'),
    functions: port('functions'),
    storage: port('storage'),
    hosting: port('hosting'),
    hub: port('hub'),
    tasks: port('tasks'),
  };
})();

/**
 * The firebase.json the emulators start with: the project's own, or with an
 * offset a generated copy beside it (git-ignored) whose ports are moved.
 */
export function emulatorConfigFile(): string {
  const own = join(ROOT, 'firebase.json');
  if (PORT_OFFSET === 0) return own;
  const moved = structuredClone(firebaseJson);
  for (const entry of Object.values(moved.emulators)) {
    if (entry.port) entry.port += PORT_OFFSET;
  }
  const file = join(ROOT, `firebase.offset-${PORT_OFFSET}.json`);
  writeFileSync(file, JSON.stringify(moved, null, 2));
  return file;
}

export const urls = {
  web: `http://localhost:${WEB_PORT}`,
  functionBase: `http://127.0.0.1:${emulatorPorts.functions}/${PROJECT_ID}/${REGION}/api`,
  auth: `http://127.0.0.1:${emulatorPorts.auth}`,
  firestoreHost: `127.0.0.1:${emulatorPorts.firestore}`,
  /** The Cloud Tasks emulator (host:port, as CLOUD_TASKS_EMULATOR_HOST takes it). */
  tasksHost: `127.0.0.1:${emulatorPorts.tasks}`,
};

/** Stand-in URLs; undefined where a real provider was configured instead. */
export interface ProviderUrls {
  openaiBaseUrl?: string;
  calendarRootUrl?: string;
  oauthTokenUrl?: string;
  /** The Web Push stand-in's base URL. */
  pushBaseUrl?: string;
  /** The LMS stand-in: the one loopback base the functions may fetch feeds from. */
  lmsBaseUrl?: string;
}

const pick = (...values: (string | undefined)[]) => values.find((v) => v !== undefined && v !== '');

/** Encrypts Google refresh tokens at rest in the local stack (not a secret: local data only). */
export const LOCAL_TOKEN_ENCRYPTION_KEY = 'YnJhaW5ib2FyZC1sb2NhbC1kZXYta2V5LTMyLWJ5dGU=';

/**
 * VAPID keys of the local stack (not secrets: local data only; production sets its own, the
 * private one as a secret).
 */
export const LOCAL_VAPID_KEYS = {
  publicKey:
    'BCFK14cMg4bE1GhNMpG9abH8im_2hLHVgbc4uS4hCGixH1V88SOUlAiQiLsxLGEjn8XPSiyi5FjW1C9bT7p10KA',
  privateKey: 'TM-CjK4TTg5H3CqN38iAkGn_4srI0ogP_vTD75Wefm0',
};

/** The stand-in's fixed TLS certificate, which the stack's processes trust. */
export const PUSH_STANDIN_CERT = join(ROOT, 'scripts', 'standins', 'push-tls', 'cert.pem');

/** Environment the functions see in the local stack (docs/architecture.md, The local stack). */
export function functionsEnv(mode: StackMode, providers: ProviderUrls): Record<string, string> {
  const candidates: Record<string, string | undefined> = {
    GCLOUD_PROJECT: PROJECT_ID,
    // As in Cloud Functions: errors the framework answers before our code runs
    // (malformed JSON) carry no stack trace.
    NODE_ENV: 'production',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPorts.auth}`,
    OPENAI_BASE_URL: pick(process.env.OPENAI_BASE_URL, providers.openaiBaseUrl),
    OPENAI_API_KEY: pick(process.env.OPENAI_API_KEY, providers.openaiBaseUrl && 'standin-key'),
    OPENAI_MODEL: pick(process.env.OPENAI_MODEL, providers.openaiBaseUrl && 'brainboard-standin'),
    GOOGLE_CALENDAR_ROOT_URL: pick(process.env.GOOGLE_CALENDAR_ROOT_URL, providers.calendarRootUrl),
    GOOGLE_OAUTH_TOKEN_URL: pick(process.env.GOOGLE_OAUTH_TOKEN_URL, providers.oauthTokenUrl),
    // The offline Google grant: the stand-in's consent page approves at once.
    GOOGLE_OAUTH_AUTH_URL: pick(
      process.env.GOOGLE_OAUTH_AUTH_URL,
      providers.calendarRootUrl && `${providers.calendarRootUrl}o/oauth2/v2/auth`,
    ),
    GOOGLE_OAUTH_REVOKE_URL: pick(
      process.env.GOOGLE_OAUTH_REVOKE_URL,
      providers.calendarRootUrl && `${providers.calendarRootUrl}revoke`,
    ),
    GOOGLE_OAUTH_CLIENT_ID: pick(process.env.GOOGLE_OAUTH_CLIENT_ID, 'brainboard-local-client'),
    GOOGLE_OAUTH_CLIENT_SECRET: pick(
      process.env.GOOGLE_OAUTH_CLIENT_SECRET,
      'brainboard-local-secret',
    ),
    // A fixed, public key for local data only; production reads its own from a secret.
    TOKEN_ENCRYPTION_KEY: pick(process.env.TOKEN_ENCRYPTION_KEY, LOCAL_TOKEN_ENCRYPTION_KEY),
    APP_URL: pick(process.env.APP_URL, `http://localhost:${WEB_PORT}`),
    LMS_ALLOWED_BASE_URL: providers.lmsBaseUrl,
    CORS_ORIGINS: `http://localhost:${WEB_PORT},http://127.0.0.1:${WEB_PORT}`,
    VAPID_PUBLIC_KEY: pick(process.env.VAPID_PUBLIC_KEY, LOCAL_VAPID_KEYS.publicKey),
    VAPID_PRIVATE_KEY: pick(process.env.VAPID_PRIVATE_KEY, LOCAL_VAPID_KEYS.privateKey),
    VAPID_SUBJECT: pick(process.env.VAPID_SUBJECT, 'mailto:reminders@brainboard.test'),
    // Endpoints under the stand-in are accepted besides the real push services.
    PUSH_STANDIN_URL: providers.pushBaseUrl,
    NODE_EXTRA_CA_CERTS: providers.pushBaseUrl && PUSH_STANDIN_CERT,
  };
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(candidates)) if (value) env[key] = value;
  if (mode === 'lite') {
    env.FIRESTORE_EMULATOR_HOST = urls.firestoreHost;
    env.FILE_STORE_DIR = join(DATA_DIR, 'files');
  }
  return env;
}

/** VITE_* values for the web app in the local stack (see web/.env.development). */
export function webEnv(mode: StackMode): Record<string, string> {
  return {
    VITE_FIREBASE_API_KEY: 'demo-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_APP_ID: 'demo-app',
    VITE_USE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_URL: urls.auth,
    VITE_FIRESTORE_EMULATOR_HOST: urls.firestoreHost,
    // The browser can reach Firestore only through the official emulator.
    VITE_FIRESTORE_LIVE: mode === 'full' ? 'true' : 'false',
    VITE_API_BASE: '',
    VITE_AI_ENABLED: process.env.VITE_AI_ENABLED ?? 'true',
  };
}

/** Where the lite Firestore process writes its pid (fault tests pause and resume it). */
export const liteFirestorePidFile = () =>
  join(DATA_DIR, `lite-firestore${PORT_OFFSET ? `-${PORT_OFFSET}` : ''}.pid`);
