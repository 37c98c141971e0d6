import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { admin } from '../support/firestore.ts';

/**
 * What a feed import relies on when it writes in batches (functions/src/lms/sync.ts), checked
 * against the stack's Firestore like the rest of tests/conformance: a batch with a write that
 * another writer got to first writes nothing and fails with that write's own code, which
 * tells the import to send the batch's writes one by one.
 */

let db: Firestore;
let root: string;

beforeAll(() => {
  db = admin().db;
  root = `conformance/${inject('stack').mode}-batch-${Date.now()}`;
});

describe('batch refusals', () => {
  it('create of an existing document, update of a changed or missing one: nothing written, the code told', async () => {
    const col = db.collection(`${root}/docs`);
    await col.doc('taken').create({ n: 1 });
    await col.doc('changed').set({ n: 1 });
    const read = await col.doc('changed').get();
    await col.doc('changed').update({ n: 2 });

    const refusedWith = async (add: (batch: ReturnType<Firestore['batch']>) => void) => {
      const batch = db.batch();
      batch.create(col.doc('fresh'), { n: 1 });
      add(batch);
      const code = await batch.commit().then(
        () => 0,
        (err: unknown) => (err as { code?: unknown }).code,
      );
      expect((await col.doc('fresh').get()).exists).toBe(false);
      return code;
    };
    expect(await refusedWith((b) => b.create(col.doc('taken'), { n: 2 }))).toBe(6);
    expect(
      await refusedWith((b) =>
        b.update(col.doc('changed'), { n: 3 }, { lastUpdateTime: read.updateTime as Timestamp }),
      ),
    ).toBe(9);
    expect(await refusedWith((b) => b.update(col.doc('missing'), { n: 4 }))).toBe(5);
    expect((await col.doc('taken').get()).get('n')).toBe(1);
    expect((await col.doc('changed').get()).get('n')).toBe(2);
  });
});
