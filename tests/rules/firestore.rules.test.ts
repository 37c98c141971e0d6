import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, updateDoc, deleteDoc, collection, getDocs } from 'firebase/firestore';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const fullMode = inject('stack').mode === 'full';
if (!fullMode) {
  console.warn(
    '[skipped] Firestore rules tests: they need the official Firestore emulator (full mode, Java 21). ' +
      'This run uses lite mode, whose Firestore does not enforce rules.',
  );
}

/**
 * The security rules: a signed-in user reads their own documents and nothing
 * else; clients write nothing. Every allowed case is paired with denials.
 */
describe.runIf(fullMode)('firestore.rules', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: `rules-${Date.now()}`,
      firestore: {
        rules: readFileSync(join(ROOT, 'firestore.rules'), 'utf8'),
        host: '127.0.0.1',
        port: 8080,
      },
    });
    // Seed with rules disabled.
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore();
      await setDoc(doc(db, 'users/alice'), { id: 'alice', csrf_token: 't' });
      await setDoc(doc(db, 'users/alice/assignments/a1'), { title: 'Essay' });
      await setDoc(doc(db, 'users/alice/chats/a1'), { messages: [] });
      await setDoc(doc(db, 'users/alice/files/f1'), { name: 'x.pdf' });
      await setDoc(doc(db, 'users/alice/private/google'), { refresh_token: 'secret' });
      await setDoc(doc(db, 'consent_logs/c1'), { uid: 'alice' });
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  const alice = () => env.authenticatedContext('alice').firestore();
  const bob = () => env.authenticatedContext('bob').firestore();
  const anonymous = () => env.unauthenticatedContext().firestore();

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
    for (const path of ['users/alice/private/google', 'consent_logs/c1']) {
      await assertFails(getDoc(doc(alice(), path)));
      await assertFails(getDoc(doc(bob(), path)));
      await assertFails(setDoc(doc(alice(), path), { x: 1 }));
    }
  });
});
