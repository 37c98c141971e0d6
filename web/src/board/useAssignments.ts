import {
  MOVE_ASSIGNMENT_FAILED,
  deleteAssignmentFailed,
  statusUpdateFailed,
  type Assignment,
  type Status,
} from '@brainboard/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { API_MESSAGES, ApiError, errorDetail } from '../api/client.ts';
import { readUserCache, writeUserCache } from '../app/userCache.ts';
import {
  deleteAssignment,
  fetchAssignments,
  moveAssignment,
  rerankAssignment,
} from '../assignment/assignmentsApi.ts';
import { api, directApi } from '../firebase/api.ts';
import type * as OfflineQueue from '../offline/offlineQueue.ts';
import type { QueuedWrite } from '../offline/offlineQueue.ts';
import { setWaiting, setWriteSink, type WriteSink } from '../offline/pending.ts';
import { showAlert } from '../ui/notify.ts';
import { sortByRank } from './columns.ts';
import { mergeRemote } from './mergeRemote.ts';
import type { RankChange } from './ranks.ts';
import {
  subscribeToAssignments,
  type AssignmentsUpdate,
  type Subscription,
} from './subscribeToAssignments.ts';

export type AssignmentsStatus = 'loading' | 'ready' | 'error';

export interface UseAssignments {
  /**
   * 'ready' at once when this browser has the student's board from last time (userCache), or
   * when the first load answered; 'error' when the first load failed (logged; live updates keep
   * retrying), with the cached board if there is one.
   */
  status: AssignmentsStatus;
  /** Every assignment, sorted by rank ascending. */
  assignments: readonly Assignment[];
  /** Puts an assignment as the server answered it (after create, update, subtask changes...). */
  applyItem(item: Assignment): void;
  /**
   * Moves a card: the board changes at once, then the change is saved (SPEC §4). `ranks` holds
   * the moved card's new rank, plus any renumbered neighbours. On failure: the SPEC §8 alert,
   * and the card stays where the person put it. Resolves true when saved.
   */
  moveCard(id: string, status: Status, ranks: readonly RankChange[]): Promise<boolean>;
  /** Deletes (the caller has asked for confirmation); the SPEC §8 alert on failure. */
  deleteCard(id: string): Promise<boolean>;
  /**
   * A change made outside the board (Focus Mode ticking a subtask): `change` shows on the card
   * at once, then the server's answer to `write` replaces it. On failure `undo` is applied to
   * the card as it is then, and the error goes to the caller (which tells the student).
   */
  saveChange(
    id: string,
    change: (a: Assignment) => Assignment,
    undo: (a: Assignment) => Assignment,
    write: () => Promise<Assignment>,
  ): Promise<Assignment>;
  /** Wraps any write, so live updates never show data older than it meanwhile. */
  trackWrite<T>(write: Promise<T>): Promise<T>;
  /** While held (a drag is in progress), live updates wait. */
  holdUpdates(hold: boolean): void;
}

type QueueModule = typeof OfflineQueue;
const loadQueue = (): Promise<QueueModule> => import('../offline/offlineQueue.ts');
const online = () => navigator.onLine;

/** How long a card created or deleted here outranks a remote list that may predate it. */
const RECENT_MS = 15_000;

interface Runtime {
  writes: number;
  hold: boolean;
  stale: boolean;
  lastWriteDoneAt: number;
  lastAppliedAt: number;
  sub: Subscription | null;
  /** The server has answered at least once (until then the list may be the cached copy). */
  confirmed: boolean;
  writeSeq: Map<string, number>;
  created: Map<string, number>;
  deleted: Map<string, number>;
  unsaved: Set<string>;
  /** The offline queue, once loaded; writes kept on this device wait in `waiting`, in order. */
  queue: QueueModule | null;
  waiting: QueuedWrite[];
  sending: Promise<void> | null;
  sendAgain: boolean;
}

const recentIds = (m: Map<string, number>, now: number) => {
  for (const [id, until] of m) if (until < now) m.delete(id);
  return new Set(m.keys());
};

/**
 * The signed-in user's assignments for the board: first load from GET /api/assignments, then
 * live updates (subscribeToAssignments), plus the board's own writes. Data access by intent:
 * components never call the API for the list themselves.
 */
export function useAssignments(uid: string | null | undefined): UseAssignments {
  const [cached] = useState(() => (uid ? readUserCache<Assignment[]>('board', uid) : null));
  const [status, setStatus] = useState<AssignmentsStatus>(cached ? 'ready' : 'loading');
  const [assignments, setAssignments] = useState<readonly Assignment[]>(cached ?? []);
  const listRef = useRef<readonly Assignment[]>(cached ?? []);
  const rt = useRef<Runtime>({
    writes: 0,
    hold: false,
    stale: false,
    lastWriteDoneAt: -Infinity,
    lastAppliedAt: -Infinity,
    sub: null,
    confirmed: false,
    writeSeq: new Map(),
    created: new Map(),
    deleted: new Map(),
    unsaved: new Set(),
    queue: null,
    waiting: [],
    sending: null,
    sendAgain: false,
  });

  const commit = useCallback((update: (list: readonly Assignment[]) => readonly Assignment[]) => {
    const next = update(listRef.current);
    if (next === listRef.current) return;
    listRef.current = next;
    setAssignments(next);
  }, []);

  const settle = useCallback(() => {
    const r = rt.current;
    if (r.writes === 0 && !r.hold && r.stale) {
      r.stale = false;
      r.sub?.refresh();
    }
  }, []);

  const receive = useCallback(
    (u: AssignmentsUpdate): boolean => {
      const r = rt.current;
      if (u.kind === 'poll' && u.requestedAt < r.lastAppliedAt) return true;
      if (r.writes > 0 || r.hold || (u.kind === 'poll' && u.requestedAt < r.lastWriteDoneAt)) {
        r.stale = true;
        return false;
      }
      const now = Date.now();
      const recent = {
        created: recentIds(r.created, now),
        deleted: recentIds(r.deleted, now),
        unsaved: r.unsaved,
      };
      // Writes still waiting on this device show over any list the server sends meanwhile.
      const remote =
        r.queue && r.waiting.length > 0
          ? r.queue.applyWrites(u.assignments, r.waiting)
          : u.assignments;
      commit((list) => mergeRemote(list, remote, recent));
      r.confirmed = true;
      r.lastAppliedAt = u.requestedAt;
      setStatus('ready');
      return true;
    },
    [commit],
  );

  useEffect(() => {
    if (!uid) return;
    let live = true;
    const r = rt.current;
    const controller = new AbortController();
    const requestedAt = performance.now();
    fetchAssignments(api, controller.signal).then(
      (list) => {
        if (live) receive({ assignments: sortByRank(list), requestedAt, kind: 'poll' });
      },
      (err: unknown) => {
        if (!live) return;
        // SPEC §8: an assignment-list fetch error is logged only.
        console.error('Brainboard: could not load the assignments.', err);
        if (!r.confirmed) setStatus('error');
      },
    );
    const sub = subscribeToAssignments(uid, (u) => (live ? receive(u) : false));
    r.sub = sub;
    return () => {
      live = false;
      controller.abort();
      sub();
      if (r.sub === sub) r.sub = null;
    };
  }, [uid, receive]);

  // Writes made without a connection wait on this device (IndexedDB, per student): the board
  // shows them at once and marks their cards, and they are sent, in order and once each, when
  // the connection returns (and at start-up when some wait). Afterwards the board shows the
  // server's copy; a write the server refuses is named to the student.
  useEffect(() => {
    if (!uid) return;
    let live = true;
    const r = rt.current;
    const publish = (sending: boolean) =>
      setWaiting(
        r.waiting.map((w) => w.assignmentId),
        sending,
      );

    const sendOnce = async (q: QueueModule) => {
      r.writes += 1;
      publish(true);
      try {
        r.waiting = await q.sendWaiting(uid, directApi, {
          sent(w, answer, rest) {
            r.waiting = rest;
            publish(true);
            const item = (answer as { item?: Assignment } | undefined)?.item;
            if (!live || !item) return;
            const still = rest.filter((x) => x.assignmentId === item.id);
            commit((list) =>
              q.applyWrites(sortByRank([...list.filter((a) => a.id !== item.id), item]), still),
            );
          },
          refused(w, outcome, rest) {
            r.waiting = rest;
            publish(true);
            console.error('Brainboard: the server refused a change made offline.', w.path);
            if (live) showAlert(outcome.message);
          },
        });
      } catch (err) {
        console.error('Brainboard: could not send the changes made offline.', err);
      } finally {
        r.writes -= 1;
        r.lastWriteDoneAt = performance.now();
      }
      if (!live) return;
      // The server's copy, with whatever still waits laid over it.
      try {
        const requestedAt = performance.now();
        const list = sortByRank(await fetchAssignments(directApi));
        if (!live) return;
        if (r.writes > 0 || r.hold) {
          r.stale = true;
        } else {
          commit(() => q.applyWrites(list, r.waiting));
          r.confirmed = true;
          r.lastAppliedAt = requestedAt;
          setStatus('ready');
        }
      } catch (err) {
        console.error('Brainboard: could not load the assignments.', err);
      }
      publish(false);
      settle();
    };

    const send = () => {
      const q = r.queue;
      if (!q || !live || r.waiting.length === 0 || !online()) return;
      if (r.sending) {
        r.sendAgain = true;
        return;
      }
      const running = (async () => {
        do {
          r.sendAgain = false;
          await sendOnce(q);
        } while (r.sendAgain && live && r.waiting.length > 0 && online());
      })().finally(() => {
        if (r.sending === running) r.sending = null;
      });
      r.sending = running;
    };

    const sink: WriteSink = {
      waiting: () => r.waiting.length > 0,
      async keep(request) {
        const q = r.queue ?? (r.queue = await loadQueue());
        const w = q.keptWrite(request, listRef.current, new Date());
        if (!w) throw new ApiError('network', API_MESSAGES.network);
        await q.keepWaiting(uid, w);
        r.waiting = [...r.waiting, w];
        commit((list) => q.applyWrite(list, w, w.keptAt));
        publish(r.sending !== null);
        // Kept behind earlier writes while online: send them now.
        send();
        return q.answerFor(w, listRef.current);
      },
    };
    const dropSink = setWriteSink(sink);

    loadQueue()
      .then(async (q) => {
        r.queue = q;
        const waiting = await q.readWaiting(uid);
        if (!live || waiting.length === 0) return;
        r.waiting = waiting;
        commit((list) => q.applyWrites(list, waiting));
        publish(false);
        send();
      })
      .catch((err: unknown) => {
        console.error('Brainboard: the changes kept on this device could not be read.', err);
      });

    window.addEventListener('online', send);
    return () => {
      live = false;
      window.removeEventListener('online', send);
      dropSink();
      r.waiting = [];
      setWaiting([], false);
    };
  }, [uid, commit, settle]);

  // The local copy for next time: what the board shows once the server has answered. Written
  // at once (a few ms for 300 cards), so a reload right after a change never shows the board
  // from before it.
  useEffect(() => {
    if (uid && rt.current.confirmed) writeUserCache('board', uid, assignments);
  }, [uid, assignments]);

  const trackWrite = useCallback(
    async <T>(write: Promise<T>): Promise<T> => {
      const r = rt.current;
      r.writes += 1;
      try {
        return await write;
      } finally {
        r.writes -= 1;
        r.lastWriteDoneAt = performance.now();
        settle();
      }
    },
    [settle],
  );

  const applyItem = useCallback(
    (item: Assignment) => {
      const r = rt.current;
      r.unsaved.delete(item.id);
      if (!listRef.current.some((a) => a.id === item.id)) {
        r.created.set(item.id, Date.now() + RECENT_MS);
      }
      commit((list) => {
        const current = list.find((a) => a.id === item.id);
        if (current && current.updated_at > item.updated_at) return list;
        return sortByRank([...list.filter((a) => a.id !== item.id), item]);
      });
    },
    [commit],
  );

  const moveCard = useCallback(
    async (id: string, status: Status, ranks: readonly RankChange[]): Promise<boolean> => {
      const r = rt.current;
      const before = listRef.current.find((a) => a.id === id);
      if (!before) return false;
      const rankOf = new Map(ranks.map((c) => [c.id, c.rank]));
      const now = new Date().toISOString();
      commit((list) =>
        sortByRank(
          list.map((a) => {
            const rank = rankOf.get(a.id);
            if (a.id === id) {
              const completed_date =
                status !== 'done' ? null : a.status === 'done' ? a.completed_date : now;
              return { ...a, status, rank: rank ?? a.rank, completed_date };
            }
            return rank === undefined ? a : { ...a, rank };
          }),
        ),
      );
      const seq = new Map<string, number>();
      for (const c of ranks) {
        const n = (r.writeSeq.get(c.id) ?? 0) + 1;
        r.writeSeq.set(c.id, n);
        seq.set(c.id, n);
      }
      const results = await Promise.allSettled(
        ranks.map((c) =>
          trackWrite(
            c.id === id
              ? moveAssignment(api, c.id, status, c.rank)
              : rerankAssignment(api, c.id, c.rank),
          ).then((item) => {
            if (r.writeSeq.get(c.id) === seq.get(c.id)) applyItem(item);
          }),
        ),
      );
      const failure = results.find((x): x is PromiseRejectedResult => x.status === 'rejected');
      if (!failure) return true;
      for (const c of ranks) r.unsaved.add(c.id);
      const err: unknown = failure.reason;
      console.error('Brainboard: could not save a move.', err);
      const detail =
        err instanceof ApiError ? (err.serverError ?? err.message) : (err as Error)?.message;
      showAlert(
        before.status !== status && detail ? statusUpdateFailed(detail) : MOVE_ASSIGNMENT_FAILED,
      );
      return false;
    },
    [commit, trackWrite, applyItem],
  );

  const deleteCard = useCallback(
    async (id: string): Promise<boolean> => {
      const r = rt.current;
      try {
        await trackWrite(deleteAssignment(api, id));
      } catch (err) {
        showAlert(deleteAssignmentFailed(errorDetail(err)));
        return false;
      }
      r.deleted.set(id, Date.now() + RECENT_MS);
      r.unsaved.delete(id);
      commit((list) => list.filter((a) => a.id !== id));
      return true;
    },
    [commit, trackWrite],
  );

  const saveChange = useCallback(
    async (
      id: string,
      change: (a: Assignment) => Assignment,
      undo: (a: Assignment) => Assignment,
      write: () => Promise<Assignment>,
    ): Promise<Assignment> => {
      const patch = (fn: (a: Assignment) => Assignment) =>
        commit((list) =>
          list.some((a) => a.id === id) ? list.map((a) => (a.id === id ? fn(a) : a)) : list,
        );
      patch(change);
      try {
        const item = await trackWrite(write());
        applyItem(item);
        return item;
      } catch (err) {
        patch(undo);
        throw err;
      }
    },
    [commit, trackWrite, applyItem],
  );

  const holdUpdates = useCallback(
    (hold: boolean) => {
      rt.current.hold = hold;
      if (!hold) settle();
    },
    [settle],
  );

  return useMemo(
    () => ({
      status,
      assignments,
      applyItem,
      moveCard,
      deleteCard,
      saveChange,
      trackWrite,
      holdUpdates,
    }),
    [status, assignments, applyItem, moveCard, deleteCard, saveChange, trackWrite, holdUpdates],
  );
}
