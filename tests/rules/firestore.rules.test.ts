import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, updateDoc, deleteDoc, collection, getDocs } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { officialEmulatorRuns, rulesEnvironment } from './rulesEnvironment.ts';

const fullMode = officialEmulatorRuns(
  'Firestore',
  'This run uses lite mode, whose Firestore does not enforce rules.',
);

/**
 * The security rules: a signed-in user reads their own documents and nothing
 * else; clients write nothing. Every allowed case is paired with denials.
 */
describe.runIf(fullMode)('firestore.rules', () => {
  const rules = rulesEnvironment('firestore', async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, 'users/alice'), { id: 'alice', csrf_token: 't' });
    await setDoc(doc(db, 'users/alice/assignments/a1'), { title: 'Essay' });
    await setDoc(doc(db, 'users/alice/chats/a1'), { messages: [] });
    await setDoc(doc(db, 'users/alice/files/f1'), { name: 'x.pdf' });
    await setDoc(doc(db, 'users/alice/private/google'), { refresh_token: 'secret' });
    await setDoc(doc(db, 'consent_logs/c1'), { uid: 'alice' });
    // Push keys: the devices, their list and the copies on reminder schedule entries.
    const device = { id: 'd1', endpoint: 'https://push.example/d1', keys: { auth: 'secret' } };
    await setDoc(doc(db, 'users/alice/push_subscriptions/d1'), device);
    await setDoc(doc(db, 'push_users/alice'), { uid: 'alice', devices: [device] });
    await setDoc(doc(db, 'users/alice/reminder_schedule/a1'), {
      title: 'Essay',
      devices: [device],
    });
  });

  const alice = () => rules.as('alice').firestore();
  const bob = () => rules.as('bob').firestore();
  const anonymous = () => rules.anonymous().firestore();

  for (const path of [
    'users/alice',
    'users/alice/assignments/a1',
    'users/alice/chats/a1',
    'users/alice/files/f1',
  ]) {
    it(`lets the owner read ${path}, and no one else`, async () => {
      await assertSucceeds(getDoc(doc(alice(), path)));
      await assertFails(getDoc(doc(bob(), path)));
      await assertFails(getDoc(doc(anonymous(), path)));
    });

    it(`refuses every client write to ${path}, the owner's included`, async () => {
      await assertFails(setDoc(doc(alice(), path), { title: 'x' }));
      await assertFails(updateDoc(doc(alice(), path), { title: 'x' }));
      await assertFails(deleteDoc(doc(alice(), path)));
      await assertFails(setDoc(doc(bob(), path), { title: 'x' }));
    });
  }

  it('lets the owner list their assignments, and no one else list them', async () => {
    await assertSucceeds(getDocs(collection(alice(), 'users/alice/assignments')));
    await assertFails(getDocs(collection(bob(), 'users/alice/assignments')));
    await assertFails(getDocs(collection(anonymous(), 'users/alice/assignments')));
  });

  it('keeps server-only data from every client, the owner included', async () => {
    for (const path of [
      'users/alice/private/google',
      'consent_logs/c1',
      'users/alice/push_subscriptions/d1',
      'push_users/alice',
      'users/alice/reminder_schedule/a1',
    ]) {
      await assertFails(getDoc(doc(alice(), path)));
      await assertFails(getDoc(doc(bob(), path)));
      await assertFails(setDoc(doc(alice(), path), { x: 1 }));
    }
    await assertFails(getDocs(collection(alice(), 'users/alice/reminder_schedule')));
    await assertFails(getDocs(collection(alice(), 'users/alice/push_subscriptions')));
  });
});
