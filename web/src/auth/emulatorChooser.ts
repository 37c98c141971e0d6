/**
 * Local stack only: the Auth emulator's Google account chooser, served by the
 * API at /api/auth/google/emulator (functions/src/users/routes.ts), so that it
 * runs on the app's own origin. When the student picks or adds an account, the
 * chooser stores its result under `firebase:redirectEvent:<apiKey>:<appName>`
 * in this tab's sessionStorage and returns to `redirectUrl`. The sign-in page
 * then trades the chooser's (unsigned, emulator-only) Google ID token for a
 * Firebase session with signInWithCredential.
 *
 * Why not signInWithRedirect locally: the emulator's redirect flow needs
 * Google's gapi script from apis.google.com, which offline machines and CI
 * cannot load. Production uses the SDK's redirect flow with real Google.
 */

const EMULATOR_CHOOSER_PATH = '/api/auth/google/emulator';
/** Our own name in the chooser's storage key, so it never meets the SDK's. */
const APP_NAME = 'brainboard-signin';

export function emulatorChooserUrl(opts: {
  apiKey: string;
  returnUrl: string;
  scopes: string[];
}): string {
  const query = new URLSearchParams({
    apiKey: opts.apiKey,
    appName: APP_NAME,
    authType: 'signInViaRedirect',
    providerId: 'google.com',
    redirectUrl: opts.returnUrl,
    scopes: ['profile', ...opts.scopes].join(','),
  });
  return `${EMULATOR_CHOOSER_PATH}?${query.toString()}`;
}

/**
 * The Google ID token the chooser left for us, once (it is removed); null when
 * there is none. Throws when the chooser reported an error.
 */
export function takeEmulatorChoice(storage: Storage, apiKey: string): string | null {
  const key = `firebase:redirectEvent:${apiKey}:${APP_NAME}`;
  const raw = storage.getItem(key);
  if (raw === null) return null;
  storage.removeItem(key);
  const event = JSON.parse(raw) as { urlResponse?: unknown; error?: unknown };
  if (event.error) throw new Error(`The account chooser failed: ${JSON.stringify(event.error)}`);
  if (typeof event.urlResponse !== 'string') throw new Error('The account chooser sent nothing.');
  const idToken = new URL(event.urlResponse, 'http://localhost').searchParams.get('id_token');
  if (!idToken) throw new Error('The account chooser sent no account.');
  return idToken;
}
