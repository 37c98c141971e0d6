import { describe, expect, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

/** The console-deletion bound: everything of a user deleted in the console is gone within it. */
const DELETED_WITHIN_MS = 10_000;

/** What is left of `uid` anywhere the product stores it; empty once deletion has run. */
async function leftOf(uid: string): Promise<string[]> {
  const { db } = admin();
  const left: string[] = [];
  const profile = db.doc(`users/${uid}`);
  if ((await profile.get()).exists) left.push('profile');
  for (const c of await profile.listCollections()) left.push(`users/${uid}/${c.id}`);
  for (const [collection, field] of [
    ['lms_feeds', 'uid'],
    ['calendar_feeds', 'uid'],
    ['shares', 'student_uid'],
    ['shares', 'supporter_uid'],
  ] as const) {
    const snap = await db.collection(collection).where(field, '==', uid).get();
    if (!snap.empty) left.push(`${collection} by ${field}`);
  }
  if ((await db.doc(`push_users/${uid}`).get()).exists) left.push('push_users');
  return left;
}

/**
 * Polls `check` until it answers true or `ms` pass. Deletion runs in the Auth trigger, which
 * the Auth emulator fires on its own after answering the delete: there is no event for the
 * test to wait on, so it reads until the data is gone, with a deadline.
 */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('deleting a user in the Firebase console (Authentication)', () => {
  it('removes everything stored for them, as Delete Account does, within 10 s', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const { csrf_token } = await sessionOf(user);
    const as = (method: string, path: string, body?: unknown) =>
      call(method, path, { token: user.idToken, csrf: csrf_token, body });

    await as('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true });
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const made = await as('POST', '/api/assignment', {
      title: 'Essay',
      due_date: due,
      reminders: [60],
      subtasks: [{ title: 'Outline' }],
      notes: ['a note'],
    });
    expect(made.status).toBe(201);
    // The calendar feed link (a top-level lookup by token hash).
    expect((await as('GET', '/api/calendar-feed')).status).toBe(200);
    const { db, auth } = admin();
    // Records other features keep under the user and at the top level.
    await db.doc(`users/${user.uid}/chats/a1`).set({ messages: [] });
    await db.doc(`users/${user.uid}/files/f1`).set({ name: 'x.pdf' });
    await db.doc(`users/${user.uid}/reminder_schedule/a1`).set({ uid: user.uid, fire_at: null });
    await db.doc(`lms_feeds/feed-x-${user.uid}`).set({ uid: user.uid, url: 'https://x.test/f' });
    await db.doc(`push_users/${user.uid}`).set({ devices: [] });
    // A share of theirs, and one where they are the supporter: both end with them.
    await db.doc(`shares/s-${user.uid}`).set({ student_uid: user.uid, supporter_uid: other.uid });
    await db.doc(`shares/t-${user.uid}`).set({ student_uid: other.uid, supporter_uid: user.uid });
    const { csrf_token: otherCsrf } = await sessionOf(other);
    // A supporter who accepted the student's link, and sees the board.
    const share = await as('POST', '/api/shares', {
      name: 'Mum',
      scope: { steps: true, focus: true, descriptions: false },
    });
    const token = new URL(share.body.url as string).pathname.split('/').pop();
    const asOther = (method: string, path: string, body?: unknown) =>
      call(method, path, { token: other.idToken, csrf: otherCsrf, body });
    expect((await asOther('POST', '/api/shared/accept', { token })).status).toBe(200);
    const view = `/api/shared/${share.body.id as string}/board`;
    expect((await asOther('GET', view)).status).toBe(200);
    await call('POST', '/api/assignment', {
      token: other.idToken,
      csrf: otherCsrf,
      body: { title: 'not yours' },
    });
    expect((await leftOf(user.uid)).length).toBeGreaterThan(0);

    // What the console does: the Admin API deletes the Auth account, nothing else.
    const started = Date.now();
    await auth.deleteUser(user.uid);
    const gone = await until(async () => (await leftOf(user.uid)).length === 0, DELETED_WITHIN_MS);
    const took = Date.now() - started;
    console.log(`console deletion: everything gone after ${took} ms`);
    expect(gone ? [] : await leftOf(user.uid)).toEqual([]);

    // The supporter's view of the student has ended.
    expect((await asOther('GET', view)).status).toBe(404);
    expect((await asOther('GET', '/api/shared')).body).toEqual({ boards: [] });
    // The consent log stays (kept 6 years by the legal terms), as with Delete Account.
    const logs = await db.collection('consent_logs').where('uid', '==', user.uid).get();
    expect(logs.size).toBe(1);
    // The other user is untouched.
    const theirs = await call<unknown[]>('GET', '/api/assignments', { token: other.idToken });
    expect(theirs.body).toHaveLength(1);
  });
});
