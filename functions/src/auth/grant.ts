import { createHash, randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { auth as googleAuth } from 'googleapis/build/src/apis/calendar/index.js';
import { readGoogleConfig, type GoogleConfig } from './config.ts';
import { decryptSecret, encryptSecret } from './crypto.ts';

const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const FULL_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
/** What the offline grant asks Google for. */
const GRANT_SCOPES = ['openid', 'email', CALENDAR_SCOPE];
/** How long a started grant may take before its state stops working. */
const STATE_TTL_MS = 10 * 60 * 1000;

export type OAuth2Client = InstanceType<typeof googleAuth.OAuth2>;

/** Stored at `users/{uid}/private/google`, which no client rule reaches (firestore.rules). */
interface GoogleGrantDoc {
  /** The refresh token, sealed with AES-256-GCM (auth/crypto.ts); never stored in clear. */
  refresh_token: string;
  scope: string;
  created_at: string;
  updated_at: string;
}

/** A started grant: `oauth_states/{sha256(state)}`, single use, server only. */
interface GrantStateDoc {
  uid: string;
  app_origin: string;
  redirect_uri: string;
  expires_at: number;
}

export const grantRef = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('private').doc('google');

const stateRef = (db: Firestore, state: string) =>
  db.collection('oauth_states').doc(createHash('sha256').update(state).digest('hex'));

export const hasCalendarScope = (scope: string | null | undefined) =>
  (scope ?? '').split(/\s+/).some((s) => s === CALENDAR_SCOPE || s === FULL_CALENDAR_SCOPE);

/** A googleapis OAuth2 client for our Google OAuth app (the stand-in locally). */
export function oauthClient(config: GoogleConfig, redirectUri?: string): OAuth2Client {
  return new googleAuth.OAuth2({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    ...(redirectUri ? { redirectUri } : {}),
    endpoints: {
      oauth2AuthBaseUrl: config.authUrl,
      oauth2TokenUrl: config.tokenUrl,
      oauth2RevokeUrl: config.revokeUrl,
    },
  });
}

export class GrantNotConfiguredError extends Error {
  constructor() {
    super('Calendar access is not set up on this server (TOKEN_ENCRYPTION_KEY is missing).');
  }
}

function keyOf(config: GoogleConfig): Buffer {
  if (!config.tokenKey) throw new GrantNotConfiguredError();
  return config.tokenKey;
}

/** Stores (or replaces) the user's offline grant, encrypted. */
export async function storeGoogleGrant(
  db: Firestore,
  config: GoogleConfig,
  uid: string,
  grant: { refreshToken: string; scope: string },
  now = new Date(),
): Promise<void> {
  const ref = grantRef(db, uid);
  const existing = await ref.get();
  const doc: GoogleGrantDoc = {
    refresh_token: encryptSecret(keyOf(config), grant.refreshToken, uid),
    scope: grant.scope,
    created_at: (existing.get('created_at') as string | undefined) ?? now.toISOString(),
    updated_at: now.toISOString(),
  };
  await ref.set(doc);
}

/** The user's refresh token and scope, or null when there is no usable grant. */
export async function loadGoogleGrant(
  db: Firestore,
  config: GoogleConfig,
  uid: string,
): Promise<{ refreshToken: string; scope: string } | null> {
  const snap = await grantRef(db, uid).get();
  if (!snap.exists) return null;
  const doc = snap.data() as GoogleGrantDoc;
  try {
    return { refreshToken: decryptSecret(keyOf(config), doc.refresh_token, uid), scope: doc.scope };
  } catch (err) {
    if (err instanceof GrantNotConfiguredError) throw err;
    // A rotated key or a damaged value: the grant is unusable; the next sign-in asks again.
    console.warn(`Google grant of ${uid} could not be decrypted; treating it as absent.`);
    return null;
  }
}

/**
 * Forgets the user's Google grant: revokes the refresh token at Google (best
 * effort) and deletes the stored copy. The account-deletion code calls it.
 */
export async function deleteGoogleGrant(
  db: Firestore,
  uid: string,
  config: GoogleConfig = readGoogleConfig(),
): Promise<void> {
  let grant: { refreshToken: string } | null = null;
  try {
    grant = await loadGoogleGrant(db, config, uid);
  } catch {
    grant = null;
  }
  if (grant) {
    try {
      await oauthClient(config).revokeToken(grant.refreshToken);
    } catch (err) {
      console.warn(`Revoking the Google grant of ${uid} failed; deleting it anyway.`, err);
    }
  }
  await grantRef(db, uid).delete();
}

/**
 * Whether the stored grant still works: asks Google for an access token with
 * it. A refused token (revoked, expired) or a missing calendar scope deletes
 * it, so the next sign-in asks again. Google being unreachable counts as
 * working (nothing is deleted on a network hiccup).
 */
export async function checkGoogleGrant(
  db: Firestore,
  config: GoogleConfig,
  uid: string,
): Promise<boolean> {
  const grant = await loadGoogleGrant(db, config, uid);
  if (!grant) return false;
  const client = oauthClient(config);
  client.setCredentials({ refresh_token: grant.refreshToken });
  try {
    const { credentials } = await client.refreshAccessToken();
    if (credentials.scope && !hasCalendarScope(credentials.scope)) {
      await grantRef(db, uid).delete();
      return false;
    }
    return true;
  } catch (err) {
    if (isInvalidGrant(err)) {
      await grantRef(db, uid).delete();
      return false;
    }
    console.warn(`Checking the Google grant of ${uid} failed; keeping it.`, err);
    return true;
  }
}

/** Google's answer for a refresh token that no longer works. */
export function isInvalidGrant(err: unknown): boolean {
  const e = err as { response?: { data?: { error?: unknown } }; message?: unknown };
  return e?.response?.data?.error === 'invalid_grant' || e?.message === 'invalid_grant';
}

/** Starts the offline grant: the URL of Google's consent page, with a single-use state. */
export async function startGoogleGrant(
  db: Firestore,
  config: GoogleConfig,
  opts: { uid: string; email?: string | undefined; appOrigin: string },
  now = Date.now(),
): Promise<string> {
  keyOf(config);
  const state = randomBytes(32).toString('base64url');
  const redirectUri = `${opts.appOrigin}/api/auth/google/callback`;
  const doc: GrantStateDoc = {
    uid: opts.uid,
    app_origin: opts.appOrigin,
    redirect_uri: redirectUri,
    expires_at: now + STATE_TTL_MS,
  };
  await stateRef(db, state).set(doc);
  return oauthClient(config, redirectUri).generateAuthUrl({
    access_type: 'offline',
    // Google returns a refresh token only on consent; we ask only when we hold none.
    prompt: 'consent',
    include_granted_scopes: true,
    scope: GRANT_SCOPES,
    state,
    ...(opts.email ? { login_hint: opts.email } : {}),
  });
}

export type GrantOutcome =
  { ok: true; appOrigin: string } | { ok: false; appOrigin: string | null; reason: string };

/** Finishes the grant on Google's return: checks the state, trades the code, stores the token. */
export async function finishGoogleGrant(
  db: Firestore,
  config: GoogleConfig,
  query: { code?: unknown; state?: unknown; error?: unknown },
  now = Date.now(),
): Promise<GrantOutcome> {
  if (typeof query.state !== 'string' || query.state === '') {
    return { ok: false, appOrigin: null, reason: 'missing state' };
  }
  const ref = stateRef(db, query.state);
  const snap = await ref.get();
  if (!snap.exists) return { ok: false, appOrigin: null, reason: 'unknown state' };
  await ref.delete();
  const started = snap.data() as GrantStateDoc;
  if (started.expires_at < now) {
    return { ok: false, appOrigin: started.app_origin, reason: 'expired state' };
  }
  if (typeof query.code !== 'string' || query.code === '') {
    const reason = typeof query.error === 'string' ? query.error : 'missing code';
    return { ok: false, appOrigin: started.app_origin, reason };
  }
  const { tokens } = await oauthClient(config, started.redirect_uri).getToken(query.code);
  if (!tokens.refresh_token) {
    return { ok: false, appOrigin: started.app_origin, reason: 'no refresh token' };
  }
  if (!hasCalendarScope(tokens.scope)) {
    return { ok: false, appOrigin: started.app_origin, reason: 'calendar scope not granted' };
  }
  await storeGoogleGrant(db, config, started.uid, {
    refreshToken: tokens.refresh_token,
    scope: tokens.scope ?? CALENDAR_SCOPE,
  });
  return { ok: true, appOrigin: started.app_origin };
}
