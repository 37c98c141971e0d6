import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readGoogleConfig } from '../../functions/src/auth/config.ts';
import { decryptSecret } from '../../functions/src/auth/crypto.ts';
import { deleteGoogleGrant, grantRef } from '../../functions/src/auth/grant.ts';
import { LOCAL_TOKEN_ENCRYPTION_KEY } from '../../scripts/stack/config.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { grantCalendarAccess } from '../support/signin.ts';

/** The app's origin (the stack's web port) as localhost and as 127.0.0.1. */
const web = inject('stack').web;
const web127 = web.replace('localhost', '127.0.0.1');

const SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const key = Buffer.from(LOCAL_TOKEN_ENCRYPTION_KEY, 'base64');

/** A navigation as the browser makes it: no token, redirects not followed. */
const navigate = (path: string, headers: Record<string, string> = {}, viaWeb = false) =>
  fetch(`${viaWeb ? inject('stack').web : inject('stack').api}${path}`, {
    redirect: 'manual',
    headers,
  });

async function storedRefreshToken(uid: string): Promise<string | null> {
  const snap = await grantRef(admin().db, uid).get();
  if (!snap.exists) return null;
  return decryptSecret(key, snap.get('refresh_token') as string, uid);
}

/** Whether the stand-in still accepts the refresh token. */
async function refreshWorks(refreshToken: string): Promise<boolean> {
  const res = await fetch(`${inject('stack').calendar}token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'brainboard-local-client',
    }),
  });
  return res.ok;
}

describe('GET /api/auth/google (the sign-in path)', () => {
  it('sends the browser to the web app sign-in page, only on our own origins', async () => {
    const plain = await navigate('/api/auth/google');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe(`${web}/auth/google`);
    const other = await navigate('/api/auth/google', { referer: `${web127}/login` });
    expect(other.headers.get('location')).toBe(`${web127}/auth/google`);
    const evil = await navigate('/api/auth/google', { referer: 'https://evil.example/login' });
    expect(evil.headers.get('location')).toBe(`${web}/auth/google`);
  });

  it('serves the Auth emulator account chooser through our origin in the local stack', async () => {
    const query = new URLSearchParams({
      apiKey: 'demo-key',
      appName: 'brainboard-signin',
      authType: 'signInViaRedirect',
      providerId: 'google.com',
      redirectUrl: `${web}/auth/google`,
      scopes: `profile,${SCOPE}`,
    });
    const res = await navigate(`/api/auth/google/emulator?${query.toString()}`, {}, true);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('Add new account');
  });
});

describe('the offline calendar grant', () => {
  let user: TestUser;
  let csrf: string;
  beforeAll(async () => {
    user = await createTestUser('grant');
    csrf = (await sessionOf(user)).csrf_token;
  });

  it('needs a signed-in caller and the CSRF token', async () => {
    expect((await call('POST', '/api/auth/google/grant', { body: {} })).status).toBe(401);
    expect(
      (await call('POST', '/api/auth/google/grant', { token: user.idToken, body: {} })).status,
    ).toBe(403);
  });

  it('asks Google for offline calendar access once, stores it encrypted, then reports it', async () => {
    const first = await call<{ granted: boolean; url: string }>('POST', '/api/auth/google/grant', {
      token: user.idToken,
      csrf,
      body: {},
    });
    expect(first.status).toBe(200);
    expect(first.body.granted).toBe(false);
    const consent = new URL(first.body.url);
    expect(`${consent.origin}/`).toBe(inject('stack').calendar);
    expect(consent.pathname).toBe('/o/oauth2/v2/auth');
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('scope')?.split(' ')).toContain(SCOPE);
    expect(consent.searchParams.get('login_hint')).toBe(user.email);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${web}/api/auth/google/callback`);

    await grantCalendarAccess(user, csrf);
    const snap = await grantRef(admin().db, user.uid).get();
    expect(snap.exists).toBe(true);
    expect(JSON.stringify(snap.data())).not.toContain('standin-refresh-');
    const token = await storedRefreshToken(user.uid);
    expect(token).toMatch(/^standin-refresh-/);
    expect(await refreshWorks(token ?? '')).toBe(true);

    const again = await call<{ granted: boolean }>('POST', '/api/auth/google/grant', {
      token: user.idToken,
      csrf,
      body: {},
    });
    expect(again.body).toEqual({ granted: true });
  });

  it('uses a state once: a replayed callback changes nothing', async () => {
    const other = await createTestUser('grant-replay');
    const otherCsrf = (await sessionOf(other)).csrf_token;
    const start = await call<{ url: string }>('POST', '/api/auth/google/grant', {
      token: other.idToken,
      csrf: otherCsrf,
      body: {},
    });
    const consent = await fetch(start.body.url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const done = await fetch(callback, { redirect: 'manual' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${web}/dashboard`);
    const stored = await storedRefreshToken(other.uid);

    callback.searchParams.set('code', 'standin-code-attacker');
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(replay.status).toBe(302);
    expect(await storedRefreshToken(other.uid)).toBe(stored);
  });

  it('ignores a callback with a made-up state', async () => {
    const res = await navigate('/api/auth/google/callback?code=x&state=made-up');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${web}/dashboard`);
  });

  it('asks again at the next sign-in when the grant was revoked at Google', async () => {
    const revoked = await createTestUser('grant-revoked');
    const revokedCsrf = (await sessionOf(revoked)).csrf_token;
    await grantCalendarAccess(revoked, revokedCsrf);
    const token = await storedRefreshToken(revoked.uid);
    await fetch(`${inject('stack').calendar}__standin/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const res = await call<{ granted: boolean; url?: string }>('POST', '/api/auth/google/grant', {
      token: revoked.idToken,
      csrf: revokedCsrf,
      body: {},
    });
    expect(res.body.granted).toBe(false);
    expect(res.body.url).toBeTruthy();
    expect((await grantRef(admin().db, revoked.uid).get()).exists).toBe(false);
  });

  it('deleteGoogleGrant revokes the token at Google and deletes the stored copy', async () => {
    const leaving = await createTestUser('grant-delete');
    await grantCalendarAccess(leaving, (await sessionOf(leaving)).csrf_token);
    const token = await storedRefreshToken(leaving.uid);
    const config = readGoogleConfig({
      // This process stands in for the emulator, which may point Google at the stand-in.
      FUNCTIONS_EMULATOR: 'true',
      TOKEN_ENCRYPTION_KEY: LOCAL_TOKEN_ENCRYPTION_KEY,
      GOOGLE_OAUTH_REVOKE_URL: `${inject('stack').calendar}revoke`,
    });
    await deleteGoogleGrant(admin().db, leaving.uid, config);
    expect((await grantRef(admin().db, leaving.uid).get()).exists).toBe(false);
    expect(await refreshWorks(token ?? '')).toBe(false);
  });
});
