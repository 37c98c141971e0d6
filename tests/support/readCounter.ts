import { Firestore, Query, Transaction } from 'firebase-admin/firestore';

/**
 * Counts the documents one Firestore client reads, as Firestore bills them: each document a
 * query, a get or a transaction returns, and 1 for a query that finds nothing. It wraps the
 * client library's read calls in this test process (DocumentReference.get goes through
 * Firestore.getAll), for `db` only; `stop()` puts them back.
 */
export function countReads(db: Firestore) {
  let reads = 0;
  /** What was read: a document's path, or a query's collection with its count. */
  let paths: string[] = [];
  const ownQuery = (q: Query) => (q as unknown as { _firestore: Firestore })._firestore === db;
  const billed = (snap: unknown) => {
    if (snap && typeof snap === 'object' && 'size' in snap) return Math.max(1, Number(snap.size));
    return 1;
  };
  const queryGet = Query.prototype.get;
  const getAll = Firestore.prototype.getAll;
  const txGet = Transaction.prototype.get;
  Query.prototype.get = async function (this: Query) {
    const snap = await queryGet.call(this);
    if (ownQuery(this)) {
      reads += billed(snap);
      const { _queryOptions: o } = this as unknown as {
        _queryOptions: { parentPath: { relativeName: string }; collectionId: string };
      };
      paths.push(`query ${o.parentPath.relativeName}/${o.collectionId}: ${billed(snap)}`);
    }
    return snap;
  } as typeof queryGet;
  Firestore.prototype.getAll = async function (this: Firestore, ...args: unknown[]) {
    const snaps = await (getAll as (...a: unknown[]) => Promise<{ ref: { path: string } }[]>).apply(
      this,
      args,
    );
    if (this === db) {
      reads += snaps.length;
      paths.push(...snaps.map((s) => s.ref.path));
    }
    return snaps;
  } as typeof getAll;
  Transaction.prototype.get = async function (this: Transaction, ...args: unknown[]) {
    const snap: unknown = await (txGet as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    if ((this as unknown as { _firestore: Firestore })._firestore === db) {
      reads += billed(snap);
      paths.push(`transaction read: ${billed(snap)}`);
    }
    return snap;
  } as typeof txGet;
  return {
    get reads() {
      return reads;
    },
    get paths() {
      return paths;
    },
    reset() {
      reads = 0;
      paths = [];
    },
    stop() {
      Query.prototype.get = queryGet;
      Firestore.prototype.getAll = getAll;
      Transaction.prototype.get = txGet;
    },
  };
}
