import { describe, expect, it } from 'vitest';
import { moveAllEndedSignIns } from '../../scripts/migrations/moveEndedSignIns.ts';
import { call } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

describe('migration: move ended sign-ins into the board document', () => {
  it('moves every old document, merging with what the board document holds; the tokens stay refused; a second run moves none', async () => {
    const { db } = admin();
    const user = await createTestUser('migrate-signins');
    const authTime = (
      JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString()) as {
        auth_time: number;
      }
    ).auth_time;
    // A student the API has already moved (one Logout kept in the board document), and a
    // Logout that an instance of the old version wrote at the old place afterwards.
    const board = db.doc(`users/${user.uid}/meta/board`);
    await board.set({ stamp: 'kept', ended: { t1000: new Date() }, signins_moved: true });
    const legacy = db.doc(`users/${user.uid}/private/signins`);
    await legacy.set({ ended: { [`t${authTime}`]: new Date() } });
    // A student not seen since the change, with no profile document at all.
    const unseen = `migrate-signins-unseen-${Date.now()}`;
    await db.doc(`users/${unseen}/private/signins`).set({ ended: { t2000: new Date() } });
    // Another private document of the student stays where it is.
    const grant = db.doc(`users/${user.uid}/private/google`);
    await grant.set({ kept: true });

    const first = await moveAllEndedSignIns(db, { pageSize: 2 });
    expect(first.moved).toBeGreaterThanOrEqual(2);
    const moved = await board.get();
    expect(Object.keys(moved.get('ended') as object).sort()).toEqual(
      [`t${authTime}`, 't1000'].sort(),
    );
    expect(moved.get('stamp')).toBe('kept');
    expect((await legacy.get()).exists).toBe(false);
    expect((await grant.get()).get('kept')).toBe(true);
    const other = await db.doc(`users/${unseen}/meta/board`).get();
    expect(Object.keys(other.get('ended') as object)).toEqual(['t2000']);
    expect(other.get('signins_moved')).toBe(true);

    const res = await call('GET', '/api/session', { token: user.idToken });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'You signed out on this device. Please sign in again.' });

    expect((await moveAllEndedSignIns(db)).moved).toBe(0);
  });
});
