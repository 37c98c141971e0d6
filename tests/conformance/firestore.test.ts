import { deleteApp, initializeApp } from 'firebase-admin/app';
import {
  FieldPath,
  FieldValue,
  getFirestore,
  setLogFunction,
  Timestamp,
  type Firestore,
} from 'firebase-admin/firestore';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DATABASE_DEADLINE_MS,
  firestoreDeadlineSettings,
} from '../../functions/src/http/deadline.ts';
import { admin } from '../support/firestore.ts';

/**
 * The Firestore behaviours Brainboard relies on, checked against the stack's Firestore through
 * the Admin SDK: the lite server in lite mode, the official emulator in full mode. Production
 * code uses these idioms directly, so a stand-in that differs fails here first.
 */

let db: Firestore;
let root: string;

beforeAll(() => {
  db = admin().db;
  root = `conformance/${inject('stack').mode}-${Date.now()}`;
});

const doc = (name: string) => db.doc(`${root}/docs/${name}`);

describe('Firestore conformance', () => {
  it('FieldValue.delete() removes a map entry at a field path', async () => {
    const ref = doc('delete');
    await ref.set({ subtasks: { a: { title: 'A' }, b: { title: 'B' } }, title: 'T' });
    await ref.update(new FieldPath('subtasks', 'a'), FieldValue.delete());
    expect((await ref.get()).data()).toEqual({ subtasks: { b: { title: 'B' } }, title: 'T' });
  });

  it('field paths with quoted keys (spaces, &, -) write only that entry', async () => {
    const ref = doc('quoted');
    await ref.set({ deep_dive: { 'Thought Provoker': 'old' } });
    await ref.update(new FieldPath('deep_dive', 'Pros & Cons'), 'P');
    await ref.update(new FieldPath('deep_dive', 'Thought Provoker'), 'new');
    await ref.update(new FieldPath('notes', 'note-1-a', 'text'), 'hi');
    expect((await ref.get()).data()).toEqual({
      deep_dive: { 'Thought Provoker': 'new', 'Pros & Cons': 'P' },
      notes: { 'note-1-a': { text: 'hi' } },
    });
  });

  it('an object written at a map-entry path replaces the entry', async () => {
    const ref = doc('replace');
    await ref.set({ subtasks: { a: { title: 'A', completed: true, extra: 1 } } });
    await ref.update(new FieldPath('subtasks', 'a'), { title: 'A2', completed: false });
    expect((await ref.get()).data()).toEqual({
      subtasks: { a: { title: 'A2', completed: false } },
    });
  });

  it('set() without merge replaces the document; set() with merge keeps other fields', async () => {
    const ref = doc('set');
    await ref.set({ a: 1, b: { c: 2, d: 3 } });
    await ref.set({ b: { c: 5 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: { c: 5, d: 3 } });
    await ref.set({ z: true });
    expect((await ref.get()).data()).toEqual({ z: true });
  });

  it('increment, arrayUnion and arrayRemove, also on missing fields', async () => {
    const ref = doc('transforms');
    await ref.set({ version: 1, tags: ['a'] });
    await ref.update({
      version: FieldValue.increment(1),
      count: FieldValue.increment(2),
      tags: FieldValue.arrayUnion('b', 'a'),
      others: FieldValue.arrayUnion('x'),
    });
    await ref.update({ tags: FieldValue.arrayRemove('a') });
    expect((await ref.get()).data()).toEqual({
      version: 2,
      count: 2,
      tags: ['b'],
      others: ['x'],
    });
  });

  it('a failed precondition in a batch writes nothing', async () => {
    const ref = doc('atomic');
    await ref.set({ n: 1 });
    const batch = db.batch();
    batch.update(ref, { n: 2 });
    batch.update(doc('atomic-missing'), { n: 3 });
    await expect(batch.commit()).rejects.toThrow();
    expect((await ref.get()).data()).toEqual({ n: 1 });
  });

  it('an update_time precondition refuses a write when the document changed since', async () => {
    const ref = doc('lastUpdateTime');
    await ref.set({ title: 'A' });
    const read = await ref.get();
    // Two writes back to back (often in the same millisecond) still get distinct update times.
    await ref.update({ title: 'B' });
    await expect(
      ref.update({ title: 'C' }, { lastUpdateTime: read.updateTime as Timestamp }),
    ).rejects.toMatchObject({ code: 9 });
    expect((await ref.get()).get('title')).toBe('B');
    const fresh = await ref.get();
    await ref.update({ title: 'D' }, { lastUpdateTime: fresh.updateTime as Timestamp });
    expect((await ref.get()).get('title')).toBe('D');
  });

  it('create() refuses an existing document', async () => {
    const ref = doc('create');
    await ref.create({ n: 1 });
    await expect(ref.create({ n: 2 })).rejects.toMatchObject({ code: 6 });
    expect((await ref.get()).data()).toEqual({ n: 1 });
  });

  it('a collection-group range query on Timestamps finds every level, in order, without nulls', async () => {
    // The reminder dispatcher's query (functions/src/reminders/store.ts), on a group of its own.
    const group = `schedule_${Date.now()}`;
    const t = (minutes: number) => Timestamp.fromMillis(Date.UTC(2031, 0, 1) + minutes * 60_000);
    await Promise.all([
      db.doc(`${root}/users/a/${group}/x`).set({ fire_at: t(5) }),
      db.doc(`${root}/users/b/${group}/y`).set({ fire_at: t(1) }),
      db.doc(`${root}/users/b/${group}/z`).set({ fire_at: null }),
      db.doc(`${root}/users/c/${group}/late`).set({ fire_at: t(30) }),
      db.doc(`${root}/deeper/d/users/e/${group}/w`).set({ fire_at: t(3) }),
      db.doc(`${root}/users/f/other/v`).set({ fire_at: t(2) }),
    ]);
    const snap = await db
      .collectionGroup(group)
      .where('fire_at', '<=', t(10))
      .orderBy('fire_at')
      .limit(10)
      .get();
    expect(snap.docs.map((d) => d.id)).toEqual(['y', 'w', 'x']);
    const first = await db
      .collectionGroup(group)
      .where('fire_at', '<=', t(10))
      .orderBy('fire_at')
      .limit(1)
      .get();
    expect(first.docs.map((d) => d.id)).toEqual(['y']);
  });

  it('pages by document id with startAfter', async () => {
    // The migration's paging (scripts/migrations/buildReminderSchedule.ts).
    const col = db.collection(`${root}/paged`);
    await Promise.all(['c', 'a', 'd', 'b'].map((id) => col.doc(id).set({ big: 'x'.repeat(100) })));
    const page = (after?: string) => {
      const q = col.orderBy(FieldPath.documentId()).limit(3);
      return (after ? q.startAfter(after) : q).get();
    };
    const one = await page();
    expect(one.docs.map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect((await page('c')).docs.map((d) => d.id)).toEqual(['d']);
  });

  it('orderBy orders integers and doubles together and leaves out documents without the field', async () => {
    const col = db.collection(`${root}/ordered`);
    await Promise.all([
      col.doc('a').set({ rank: 2 }),
      col.doc('b').set({ rank: 1.5 }),
      col.doc('c').set({ rank: -3 }),
      col.doc('d').set({ rank: 0.25 }),
      col.doc('e').set({ title: 'no rank' }),
    ]);
    const snap = await col.orderBy('rank').get();
    expect(snap.docs.map((d) => d.id)).toEqual(['c', 'd', 'b', 'a']);
    const desc = await col.orderBy('rank', 'desc').limit(2).get();
    expect(desc.docs.map((d) => d.id)).toEqual(['a', 'b']);
    const above = await col.where('rank', '>', 1).get();
    expect(above.docs.map((d) => d.id).sort()).toEqual(['a', 'b']);
  });

  it('isolates transactions: 20 parallel read-modify-writes on one document give 20', async () => {
    const ref = doc('counter');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.runTransaction(async (tx) => {
          const n = ((await tx.get(ref)).get('n') as number) ?? 0;
          tx.update(ref, { n: n + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(20);
  });

  it('a write outside a transaction to a document it read makes the transaction retry', async () => {
    const ref = doc('conflict');
    await ref.set({ n: 0, outside: false });
    let attempts = 0;
    await db.runTransaction(async (tx) => {
      attempts++;
      const n = (await tx.get(ref)).get('n') as number;
      if (attempts === 1) await ref.update({ outside: true });
      tx.update(ref, { n: n + 1 });
    });
    expect(attempts).toBeGreaterThan(1);
    expect((await ref.get()).data()).toEqual({ n: 1, outside: true });
  });

  it('a read whose caller gave up waiting for its turn leaves no lock behind', async () => {
    const ref = db.doc(`${root}/abandoned/one`);
    await ref.set({ n: 0 });
    // A has read the document and waits before it writes.
    let hasRead!: () => void;
    const read = new Promise<void>((resolve) => (hasRead = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holder = db.runTransaction(
      async (tx) => {
        const n = (await tx.get(ref)).get('n') as number;
        hasRead();
        await gate;
        tx.update(ref, { n: n + 1 });
      },
      { maxAttempts: 1 },
    );
    await read;
    // B reads it too, through a client whose calls give up after 300 ms. The lite server runs
    // one transaction at a time, so there B's first read waits behind A, gives up, and is sent
    // again (the client library retries a stream that passed its deadline).
    let firstGaveUp!: () => void;
    const gaveUp = new Promise<void>((resolve) => (firstGaveUp = resolve));
    setLogFunction((line) => {
      if (line.includes('Received initial error') && line.includes('DEADLINE_EXCEEDED')) {
        firstGaveUp();
      }
    });
    const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT }, `impatient-${Date.now()}`);
    try {
      const impatient = getFirestore(app);
      impatient.settings(firestoreDeadlineSettings(300));
      const other = impatient
        .runTransaction(async (tx) => (await tx.get(impatient.doc(ref.path))).get('n') as number)
        .then(
          () => 'read',
          () => 'failed',
        );
      // (The official emulator lets B read beside A: then B is done before it could give up.)
      await Promise.race([gaveUp, other]);
      setLogFunction(null);
      release();
      await holder;
      // With A done, B's read (sent again) and then C have their turn at once: a read nobody
      // waits for any more was never handed the lock. (The lite server used to hand it over and
      // hold it until it idled out, 20 s, past the API's 5 s deadline.)
      const next = other.then(async (outcome) => {
        await db.runTransaction(
          async (tx) => {
            const n = (await tx.get(ref)).get('n') as number;
            tx.update(ref, { n: n + 1 });
          },
          { maxAttempts: 1 },
        );
        return outcome;
      });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('still waiting'), DATABASE_DEADLINE_MS);
      });
      expect(await Promise.race([next, late])).toBe('read');
      clearTimeout(timer);
      expect((await ref.get()).get('n')).toBe(2);
    } finally {
      setLogFunction(null);
      await deleteApp(app);
    }
  });

  it('listCollections, listDocuments and recursiveDelete reach every descendant', async () => {
    const user = db.doc(`${root}/users/u1`);
    await user.set({ name: 'u' });
    await Promise.all([
      user.collection('assignments').doc('a1').set({ t: 1 }),
      user.collection('assignments').doc('a2').set({ t: 2 }),
      user.collection('chats').doc('c1').set({ t: 3 }),
      user.collection('chats').doc('c1').collection('deep').doc('d1').set({ t: 4 }),
      // A document that exists only through its subcollection.
      user.collection('focus_days').doc('missing').collection('x').doc('y').set({ t: 5 }),
    ]);
    const names = (await user.listCollections()).map((c) => c.id).sort();
    expect(names).toEqual(['assignments', 'chats', 'focus_days']);
    const days = await user.collection('focus_days').listDocuments();
    expect(days.map((d) => d.id)).toEqual(['missing']);
    await db.recursiveDelete(user);
    expect((await user.get()).exists).toBe(false);
    expect(await user.listCollections()).toEqual([]);
    expect((await user.collection('chats').doc('c1').collection('deep').get()).empty).toBe(true);
  });
});
