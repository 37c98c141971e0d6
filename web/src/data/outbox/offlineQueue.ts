import type { Assignment, Mutation } from '@brainboard/domain';
import { clear, createStore, get, promisifyRequest, type UseStore } from 'idb-keyval';
import type { ApiClient } from '../api/client.ts';
import {
  outcomeOf,
  requestOfWrite,
  withoutRefused,
  type Outcome,
  type QueuedWrite,
} from './queueLogic.ts';

export { answerFor, applyWrites, type QueuedWrite } from './queueLogic.ts';

/**
 * The writes kept on this device while it had no connection, in IndexedDB: one list per
 * student under `writes.<uid>` in the database `brainboard-offline` (idb-keyval: a small,
 * well-kept wrapper, about 600 bytes, over the IndexedDB calls we need). Sending holds a Web
 * Lock per student, so two tabs never send the same entry.
 */

let store: UseStore | null = null;
const db = () => (store ??= createStore('brainboard-offline', 'writes'));
const keyOf = (uid: string) => `writes.${uid}`;

export async function readWaiting(uid: string): Promise<QueuedWrite[]> {
  return (await get<QueuedWrite[]>(keyOf(uid), db())) ?? [];
}

/**
 * Reads and rewrites a student's list in one IndexedDB transaction (so two tabs never lose each
 * other's entries); an empty list is removed. Resolves with what is left.
 */
function keepOnly(uid: string, keep: (list: QueuedWrite[]) => QueuedWrite[]) {
  return db()('readwrite', (store) => {
    let left: QueuedWrite[] = [];
    const read = store.get(keyOf(uid)) as IDBRequest<QueuedWrite[] | undefined>;
    read.onsuccess = () => {
      left = keep(read.result ?? []);
      if (left.length > 0) store.put(left, keyOf(uid));
      else store.delete(keyOf(uid));
    };
    return promisifyRequest(store.transaction).then(() => left);
  });
}

/** Forgets every student's waiting writes in this browser (logout, account deletion). */
export async function forgetAllWaiting(): Promise<void> {
  await clear(db());
}

/** The entry for a mutation the board keeps, named by the assignment as the board shows it now. */
export function keptWrite(mutation: Mutation, list: readonly Assignment[], now: Date): QueuedWrite {
  const title =
    list.find((a) => a.id === mutation.id)?.title ??
    (mutation.kind === 'create' ? mutation.body.title : 'An assignment');
  return {
    key: `${now.getTime()}-${crypto.randomUUID()}`,
    assignmentId: mutation.id,
    title,
    keptAt: now.toISOString(),
    mutation,
  };
}

/** Adds a write at the end of the student's list; resolves once IndexedDB has it. */
export async function keepWaiting(uid: string, w: QueuedWrite): Promise<void> {
  await keepOnly(uid, (list) => [...list, w]);
}

export interface SendHooks {
  /** `w` was saved; `answer` is the server's; `rest` is what still waits. */
  sent(w: QueuedWrite, answer: unknown, rest: QueuedWrite[]): void;
  /** The server refused `w`; `rest` is what still waits. */
  refused(
    w: QueuedWrite,
    outcome: Extract<Outcome, { kind: 'refused' }>,
    rest: QueuedWrite[],
  ): void;
}

/**
 * Sends the student's waiting writes once each, oldest first, each as the very call the
 * online path makes for its mutation (so a create carries its id, and sending one again after a lost answer
 * changes nothing). Stops at the first that must wait; resolves with what still waits.
 */
export async function sendWaiting(
  uid: string,
  api: ApiClient,
  hooks: SendHooks,
  online: () => boolean = () => navigator.onLine,
): Promise<QueuedWrite[]> {
  const run = async (): Promise<QueuedWrite[]> => {
    for (;;) {
      const waiting = await readWaiting(uid);
      const w = waiting[0];
      if (!w) return [];
      let answer: unknown;
      let failure: unknown = null;
      try {
        const { method, path, body } = requestOfWrite(w);
        answer = await api.request(method, path, { body });
      } catch (err) {
        failure = err;
      }
      const outcome = outcomeOf(w, failure, online());
      if (outcome.kind === 'wait') return waiting;
      if (outcome.kind === 'sent') {
        hooks.sent(w, answer, await keepOnly(uid, (l) => l.filter((x) => x.key !== w.key)));
      } else {
        const rest = await keepOnly(uid, (l) => withoutRefused(l, w, outcome.cardGone));
        hooks.refused(w, outcome, rest);
      }
    }
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(`brainboard-writes.${uid}`, run) : run();
}
