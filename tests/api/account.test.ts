import { describe, expect, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

describe('DELETE /api/user/{id}', () => {
  it('deletes everything the user owns except the consent log', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const { csrf_token } = await sessionOf(user);
    const as = (method: string, path: string, body?: unknown, csrf: string | null = csrf_token) =>
      call(method, path, { token: user.idToken, csrf, ...(body === undefined ? {} : { body }) });

    await as('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true });
    for (const title of ['one', 'two', 'three']) {
      const res = await as('POST', '/api/assignment', {
        title,
        subtasks: [{ title: 'step' }],
        notes: ['note'],
      });
      expect(res.status).toBe(201);
    }
    const { db, auth } = admin();
    // Records other features keep under the user (chats, files, private tokens).
    await db.doc(`users/${user.uid}/chats/a1`).set({ messages: [] });
    await db.doc(`users/${user.uid}/files/f1`).set({ name: 'x.pdf' });
    await db.doc(`users/${user.uid}/private/google`).set({ refresh_token: 'secret' });
    // A collection no list names, one level deeper.
    await db.doc(`users/${user.uid}/later_feature/x/nested/y`).set({ n: 1 });
    // Another user's data must survive.
    const { csrf_token: otherCsrf } = await sessionOf(other);
    await call('POST', '/api/assignment', {
      token: other.idToken,
      csrf: otherCsrf,
      body: { title: 'not yours' },
    });

    // Only the owner, with CSRF, can do it.
    expect(
      (await call('DELETE', `/api/user/${user.uid}`, { token: other.idToken, csrf: otherCsrf }))
        .status,
    ).toBe(404);
    expect((await as('DELETE', `/api/user/${user.uid}`, undefined, null)).status).toBe(403);
    expect((await as('DELETE', `/api/user/${other.uid}`)).status).toBe(404);

    const res = await as('DELETE', `/api/user/${user.uid}`);
    expect(res.status).toBe(200);

    // What is left of the user: nothing but the consent log.
    expect((await db.doc(`users/${user.uid}`).get()).exists).toBe(false);
    expect(await db.doc(`users/${user.uid}`).listCollections()).toEqual([]);
    await expect(auth.getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    const logs = await db.collection('consent_logs').where('uid', '==', user.uid).get();
    expect(logs.size).toBe(1);
    // Their old token no longer opens a session.
    expect((await call('GET', '/api/session', { token: user.idToken })).status).toBe(401);

    // The other user is untouched.
    const theirs = await call<unknown[]>('GET', '/api/assignments', { token: other.idToken });
    expect(theirs.body).toHaveLength(1);
  });
});
