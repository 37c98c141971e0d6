/**
 * The local stack's switches: every environment variable that points the server at an emulator
 * or a stand-in instead of the real service. They are read here and nowhere else, and only the
 * emulator may set them (docs/decisions/0021-floors-and-switches.md).
 *
 * "The emulator" is FUNCTIONS_EMULATOR=true, which the Functions emulator sets for the
 * functions; the local stack's own processes that run the functions' code in its place (the
 * reminder loop, the integration suites, the scale bench) set it too. Anything else is
 * production: there, any switch set is refused with a sentence naming it, when the functions
 * load (index.ts) and again by every reader.
 */
export interface LocalStack {
  /** The Functions emulator (or a local-stack process standing in for it) runs this code. */
  emulator: boolean;
  /** LMS_ALLOWED_BASE_URL: school feeds under this base may use http on loopback (the LMS stand-in). */
  lmsAllowedBase: string | null;
  /** PUSH_STANDIN_URL, ending in '/': endpoints under it are accepted besides the real push services. */
  pushStandinBase: string | null;
  /** FILE_STORE_DIR: uploaded PDFs on local disk (lite mode) instead of Cloud Storage. */
  fileStoreDir: string | null;
  /** FIREBASE_AUTH_EMULATOR_HOST: the Auth emulator, whose account chooser the server passes on. */
  authEmulatorHost: string | null;
  /** Google's OAuth and Calendar addresses replaced (by the Calendar stand-in's); null = Google's. */
  google: {
    authUrl: string | null;
    tokenUrl: string | null;
    revokeUrl: string | null;
    calendarRootUrl: string | null;
  };
}

/**
 * Every switch, the ones this server reads and the emulator hosts the SDKs read by themselves
 * (set in production, they would send its data to an emulator that is not there).
 */
export const SWITCHES = [
  'LMS_ALLOWED_BASE_URL',
  'PUSH_STANDIN_URL',
  'FILE_STORE_DIR',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'CLOUD_TASKS_EMULATOR_HOST',
  'GOOGLE_OAUTH_AUTH_URL',
  'GOOGLE_OAUTH_TOKEN_URL',
  'GOOGLE_OAUTH_REVOKE_URL',
  'GOOGLE_CALENDAR_ROOT_URL',
] as const;

type Switch = (typeof SWITCHES)[number];

class LocalStackOutsideEmulatorError extends Error {
  override name = 'LocalStackOutsideEmulatorError';
  constructor(names: readonly string[]) {
    super(
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} set outside the emulator ` +
        '(FUNCTIONS_EMULATOR is not "true"). These switches point the server at local stand-ins ' +
        'and emulators; unset them in production (README, Configuration).',
    );
  }
}

export function readLocalStack(env: NodeJS.ProcessEnv = process.env): LocalStack {
  const value = (name: Switch) => env[name]?.trim() || null;
  const emulator = env.FUNCTIONS_EMULATOR === 'true';
  const set = SWITCHES.filter((name) => value(name) !== null);
  if (!emulator && set.length > 0) throw new LocalStackOutsideEmulatorError(set);
  const push = value('PUSH_STANDIN_URL');
  return {
    emulator,
    lmsAllowedBase: value('LMS_ALLOWED_BASE_URL'),
    pushStandinBase: push && (push.endsWith('/') ? push : `${push}/`),
    fileStoreDir: value('FILE_STORE_DIR'),
    authEmulatorHost: value('FIREBASE_AUTH_EMULATOR_HOST'),
    google: {
      authUrl: value('GOOGLE_OAUTH_AUTH_URL'),
      tokenUrl: value('GOOGLE_OAUTH_TOKEN_URL'),
      revokeUrl: value('GOOGLE_OAUTH_REVOKE_URL'),
      calendarRootUrl: value('GOOGLE_CALENDAR_ROOT_URL'),
    },
  };
}
