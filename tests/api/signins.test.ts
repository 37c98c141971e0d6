import { describe, expect, inject, it } from 'vitest';
import { createAssignment } from '../../functions/src/assignments/store.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

/**
 * Ended sign-ins live in the student's board document beside the polling stamp
 * (docs/decisions/0019-one-read-per-poll.md). These check what that must not cost: every write
 * to the board keeps them, and what was stored at the old place still refuses its tokens.
 */
const SIGNED_OUT = { error: 'You signed out on this device. Please sign in again.' };

/** The `auth_time` an ID token carries (the sign-in it belongs to). */
const authTimeOf = (user: TestUser): number =>
  (
    JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString()) as {
      auth_time: number;
    }
  ).auth_time;

describe('ended sign-ins in the board document', () => {
  it('stay refused, on the poll too, after the board is written', async () => {
    const { db } = admin();
    const user = await createTestUser('signins');
    const { csrf_token } = await sessionOf(user);
    const out = await call('POST', '/api/auth/logout', { token: user.idToken, csrf: csrf_token });
    expect(out.status, out.text).toBe(200);
    // An assignment write from elsewhere (another device, a school feed) sets a new stamp in
    // the same document.
    await createAssignment(db, user.uid, { title: 'From another device' });
    const board = await db.doc(`users/${user.uid}/meta/board`).get();
    expect(typeof board.get('stamp')).toBe('string');
    for (const path of ['/api/assignments', '/api/session']) {
      const res = await call('GET', path, { token: user.idToken });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual(SIGNED_OUT);
    }
  });

  it('stored at the old place (users/{uid}/private/signins) are still refused, and moved over', async () => {
    const { db } = admin();
    const user = await createTestUser('signins-old');
    const key = `t${authTimeOf(user)}`;
    // What a Logout stored before the change, for this very sign-in, and one of another device.
    const legacy = db.doc(`users/${user.uid}/private/signins`);
    await legacy.set({ ended: { [key]: new Date(), t1000: new Date() } });

    const first = await call('GET', '/api/assignments', { token: user.idToken });
    expect(first.status).toBe(401);
    expect(first.body).toEqual(SIGNED_OUT);
    const board = await db.doc(`users/${user.uid}/meta/board`).get();
    expect(Object.keys(board.get('ended') as object).sort()).toEqual([key, 't1000'].sort());
    expect(board.get('signins_moved')).toBe(true);
    expect((await legacy.get()).exists).toBe(false);

    const again = await call('GET', '/api/session', { token: user.idToken });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(SIGNED_OUT);
  });

  it('leave a new student signed in, and their first poll gets a stamp for its ETag', async () => {
    const user = await createTestUser('signins-none');
    // The sign-in check has made the board document (with no ended sign-ins) before the poll
    // gives the board its first stamp.
    const res = await call('GET', '/api/assignments', { token: user.idToken });
    expect(res.status, res.text).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await fetch(`${inject('stack').api}/api/assignments`, {
      headers: { authorization: `Bearer ${user.idToken}`, 'if-none-match': etag ?? '' },
    });
    expect(unchanged.status).toBe(304);
  });
});
