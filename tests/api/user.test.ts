import { describe, expect, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

async function signedIn() {
  const user = await createTestUser();
  const { csrf_token } = await sessionOf(user);
  const as = (method: string, path: string, body?: unknown, csrf: string | null = csrf_token) =>
    call<Record<string, unknown>>(method, path, {
      token: user.idToken,
      csrf,
      ...(body === undefined ? {} : { body }),
    });
  return { user, csrf: csrf_token, as };
}

describe('PATCH /api/user/{id}', () => {
  it('stores the changed profile fields and answers them as `updated`', async () => {
    const me = await signedIn();
    const res = await me.as('PATCH', `/api/user/${me.user.uid}`, {
      ai_help_enabled: true,
      last_whats_new_version: '0.2.0',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      updated: { ai_help_enabled: true, last_whats_new_version: '0.2.0' },
    });
    expect(await sessionOf(me.user)).toMatchObject({
      ai_help_enabled: true,
      ai_deep_dive_enabled: false,
      last_whats_new_version: '0.2.0',
    });
  });

  it('closes the empty board’s school import offer for good: true only', async () => {
    const me = await signedIn();
    const path = `/api/user/${me.user.uid}`;
    expect(await sessionOf(me.user)).not.toHaveProperty('school_import_offer_closed');
    for (const value of [false, 'true', null]) {
      const res = await me.as('PATCH', path, { school_import_offer_closed: value });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.error).toBe('school_import_offer_closed can only be true.');
    }
    expect(await sessionOf(me.user)).not.toHaveProperty('school_import_offer_closed');
    const res = await me.as('PATCH', path, { school_import_offer_closed: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ updated: { school_import_offer_closed: true } });
    expect(await sessionOf(me.user)).toMatchObject({ school_import_offer_closed: true });
  });

  it('refuses bad input, other ids, missing auth and CSRF, changing nothing', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const path = `/api/user/${me.user.uid}`;
    const bad: [unknown, RegExp][] = [
      [{ ai_help_enabled: 'yes' }, /ai_help_enabled must be true or false/],
      [{ last_used_version: 'latest' }, /last_used_version must be a version/],
      [{ csrf_token: 'mine' }, /Unknown field: csrf_token/],
      [{ privacy_accepted_at: '2020-01-01' }, /Unknown field/],
      [{}, /At least one field is required/],
    ];
    for (const [body, msg] of bad) {
      const res = await me.as('PATCH', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(msg);
    }
    expect((await other.as('PATCH', path, { ai_help_enabled: true })).status).toBe(404);
    expect((await me.as('PATCH', path, { ai_help_enabled: true }, null)).status).toBe(403);
    expect((await me.as('PATCH', path, { ai_help_enabled: true }, 'wrong')).status).toBe(403);
    expect((await call('PATCH', path, { body: { ai_help_enabled: true } })).status).toBe(401);
    expect(await sessionOf(me.user)).toMatchObject({ ai_help_enabled: false });
  });
});

describe('POST /api/acceptance', () => {
  it('needs both privacy and terms, then stamps both and writes a consent log', async () => {
    const me = await signedIn();
    for (const body of [
      {},
      { privacyAccepted: true },
      { privacyAccepted: true, tosAccepted: false },
      { privacyAccepted: 'true', tosAccepted: 'true' },
    ]) {
      const res = await me.as('POST', '/api/acceptance', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await sessionOf(me.user)).toMatchObject({
      privacy_accepted_at: null,
      tos_accepted_at: null,
    });
    expect(
      (await me.as('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true }, null))
        .status,
    ).toBe(403);

    const ok = await me.as('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true });
    expect(ok.status).toBe(200);
    const session = await sessionOf(me.user);
    expect(session.privacy_accepted_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(session.tos_accepted_at).toBe(session.privacy_accepted_at);

    const { db } = admin();
    const logs = await db.collection('consent_logs').where('uid', '==', me.user.uid).get();
    expect(logs.size).toBe(1);
    expect(logs.docs[0]?.data()).toMatchObject({
      uid: me.user.uid,
      privacy_accepted_at: session.privacy_accepted_at,
    });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends this sign-in: its token is refused afterwards', async () => {
    const me = await signedIn();
    expect((await me.as('POST', '/api/auth/logout')).status).toBe(200);
    const again = await me.as('POST', '/api/auth/logout');
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: 'You signed out on this device. Please sign in again.' });
  });
});
