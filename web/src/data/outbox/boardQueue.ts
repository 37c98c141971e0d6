import { compareAssignments, type Assignment, type Mutation } from '@brainboard/domain';
import type { ApiClient } from '../api/client.ts';
import { showAlert } from '../../ui/notify.ts';
import {
  answerFor,
  applyWrites,
  keepWaiting,
  keptWrite,
  readWaiting,
  sendWaiting,
  type QueuedWrite,
} from './offlineQueue.ts';
import { setWaiting, waitingHint } from './pending.ts';

const sortByRank = (list: readonly Assignment[]) => [...list].sort(compareAssignments);

/** What the board lends its queue of writes kept on this device. */
export interface BoardAccess {
  /** The board as it shows now. */
  list(): readonly Assignment[];
  commit(update: (list: readonly Assignment[]) => readonly Assignment[]): void;
  /** Writes are being sent: live updates wait until `done`. */
  sending(): { done(): void };
  /** The server's whole list, with what still waits laid over it, replaces the board. */
  showServerList(list: readonly Assignment[], requestedAt: number): void;
  /** How every list the server sends is shown while writes wait (null: as it is). */
  overlay(show: ((list: readonly Assignment[]) => readonly Assignment[]) | null): void;
  /** The client that sends each write as such (never back into this queue). */
  direct(): ApiClient;
  fetchAll(): Promise<Assignment[]>;
}

export interface BoardQueue {
  /** Keeps a mutation that could not be sent; resolves with the answer the caller expects. */
  keep(mutation: Mutation): Promise<unknown>;
  stop(): void;
}

/**
 * The board's queue of writes made without a connection, for one student: a write that fails
 * offline is kept in IndexedDB, shown on the board at once and its card marked; the writes are
 * sent in order, once each, when the connection returns (and when the queue starts with some
 * waiting); then the board shows the server's copy, and a write the server refuses is named
 * to the student.
 */
export function startBoardQueue(uid: string, board: BoardAccess): BoardQueue {
  let live = true;
  let waiting: QueuedWrite[] = [];
  let running: Promise<void> | null = null;
  let again = false;

  const publish = (isSending: boolean) => {
    setWaiting(
      waiting.map((w) => w.assignmentId),
      isSending,
    );
    board.overlay(waiting.length > 0 ? (list) => applyWrites(list, waiting) : null);
    waitingHint(uid, waiting.length > 0);
  };

  const sendOnce = async () => {
    const batch = board.sending();
    publish(true);
    try {
      waiting = await sendWaiting(uid, board.direct(), {
        sent(w, answer, rest) {
          waiting = rest;
          publish(true);
          const item = (answer as { item?: Assignment } | undefined)?.item;
          if (!live || !item) return;
          const still = rest.filter((x) => x.assignmentId === item.id);
          board.commit((list) =>
            applyWrites(sortByRank([...list.filter((a) => a.id !== item.id), item]), still),
          );
        },
        refused(w, outcome, rest) {
          waiting = rest;
          publish(true);
          console.error('Brainboard: the server refused a change made offline.', w.mutation?.kind);
          if (live) void showAlert(outcome.message);
        },
      });
    } catch (err) {
      console.error('Brainboard: could not send the changes made offline.', err);
    } finally {
      batch.done();
    }
    if (!live) return;
    try {
      const requestedAt = performance.now();
      const list = await board.fetchAll();
      if (live) board.showServerList(applyWrites(sortByRank(list), waiting), requestedAt);
    } catch (err) {
      console.error('Brainboard: could not load the assignments.', err);
    }
    if (live) publish(false);
  };

  const send = () => {
    if (!live || waiting.length === 0 || !navigator.onLine) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await sendOnce();
      } while (again && live && waiting.length > 0 && navigator.onLine);
    })().finally(() => {
      running = null;
    });
  };

  async function keep(mutation: Mutation): Promise<unknown> {
    const w = keptWrite(mutation, board.list(), new Date());
    await keepWaiting(uid, w);
    waiting = [...waiting, w];
    board.commit((list) => applyWrites(list, [w]));
    publish(running !== null);
    // Kept behind earlier writes while online: send them now.
    send();
    return answerFor(mutation, board.list());
  }

  readWaiting(uid)
    .then((found) => {
      if (!live || found.length === 0) return;
      waiting = [...found, ...waiting.filter((w) => !found.some((f) => f.key === w.key))];
      board.commit((list) => applyWrites(list, waiting));
      publish(false);
      send();
    })
    .catch((err: unknown) => {
      console.error('Brainboard: the changes kept on this device could not be read.', err);
    });

  window.addEventListener('online', send);
  return {
    keep,
    stop() {
      live = false;
      window.removeEventListener('online', send);
      setWaiting([], false);
      board.overlay(null);
    },
  };
}
