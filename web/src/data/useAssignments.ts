import {
  MOVE_ASSIGNMENT_FAILED,
  applyUpdate,
  compareAssignments,
  deleteAssignmentFailed,
  type Mutation,
  statusUpdateFailed,
  type Assignment,
  type RepeatScope,
  type Status,
} from '@brainboard/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorDetail } from './api/client.ts';
import { readUserCache, writeUserCacheAfterPaint } from './userCache.ts';
import { deleteAssignment, fetchAssignments, updateAssignment } from './assignmentsApi.ts';
import { api } from './api.ts';
import type { BoardAccess, BoardQueue } from './outbox/boardQueue.ts';
import { loadBoardQueue } from './outbox/loadQueue.ts';
import { hasWaiting, setWriteSink, waitingHint } from './outbox/pending.ts';
import { showAlert } from '../ui/notify.ts';
import { mergeRemote } from './mergeRemote.ts';
import {
  subscribeToAssignments,
  type AssignmentsUpdate,
  type Subscription,
} from './subscribeToAssignments.ts';
import type { AssignmentsStatus, RankChange, UseAssignments } from './storeTypes.ts';

const sortByRank = (list: readonly Assignment[]) => [...list].sort(compareAssignments);

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
  /** While writes wait on this device: how a list from the server is shown (them laid over). */
  overlay: ((list: readonly Assignment[]) => readonly Assignment[]) | null;
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
    overlay: null,
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
      };
      // Writes still waiting on this device show over any list the server sends meanwhile.
      const remote = r.overlay ? r.overlay(u.assignments) : u.assignments;
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
        // An assignment-list fetch error is logged only.
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

  // Writes made without a connection wait on this device and are sent when it returns
  // (offline/boardQueue.ts). Its code loads when needed (a write to keep, a connection that
  // returns, writes left waiting from last time), or ahead of need (offline/loadQueue.ts).
  useEffect(() => {
    if (!uid) return;
    const r = rt.current;
    let live = true;
    let queue: Promise<BoardQueue> | null = null;
    const board: BoardAccess = {
      list: () => listRef.current,
      commit,
      sending() {
        r.writes += 1;
        return {
          done() {
            r.writes -= 1;
            r.lastWriteDoneAt = performance.now();
          },
        };
      },
      showServerList(list, requestedAt) {
        if (r.writes > 0 || r.hold) {
          r.stale = true;
        } else {
          commit(() => list);
          r.confirmed = true;
          r.lastAppliedAt = requestedAt;
          setStatus('ready');
        }
        settle();
      },
      overlay(show) {
        r.overlay = show;
      },
      direct: () => api,
      fetchAll: () => fetchAssignments(api),
    };
    const load = () =>
      (queue ??= loadBoardQueue().then((m) => {
        const q = m.startBoardQueue(uid, board);
        if (!live) q.stop();
        return q;
      }));
    const dropSink = setWriteSink({
      waiting: hasWaiting,
      keep: (w) => load().then((q) => q.keep(w)),
    });
    const onOnline = () => {
      load().catch((err: unknown) =>
        console.error('Brainboard: the offline queue did not load.', err),
      );
    };
    if (waitingHint(uid)) onOnline();
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      dropSink();
      window.removeEventListener('online', onOnline);
      void queue?.then(
        (q) => q.stop(),
        () => undefined,
      );
    };
  }, [uid, commit, settle]);

  // The local copy for next time: what the board shows once the server has answered. Written
  // after the change's own frame is painted (a few ms for 300 cards), and at once when the page
  // is hidden or left, so a reload right after a change never shows the board from before it.
  useEffect(() => {
    if (uid && rt.current.confirmed) writeUserCacheAfterPaint('board', uid, assignments);
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
      if (!listRef.current.some((a) => a.id === item.id)) {
        r.created.set(item.id, Date.now() + RECENT_MS);
      }
      commit((list) => {
        // The server's copy is the truth unless this one is newer (writes laid over it).
        const current = list.find((a) => a.id === item.id);
        if (current && current.version > item.version) return list;
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
      // The moved card changes column and place; renumbered neighbours only place.
      const moves: Extract<Mutation, { kind: 'update' }>[] = ranks.map((c) => ({
        kind: 'update',
        id: c.id,
        changes: c.id === id ? { status, rank: c.rank } : { rank: c.rank },
      }));
      const now = new Date();
      const moved = new Map(moves.map((m) => [m.id, m]));
      commit((list) =>
        sortByRank(
          list.map((a) => {
            const m = moved.get(a.id);
            return m ? applyUpdate(m, a, now) : a;
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
        moves.map((m) =>
          trackWrite(updateAssignment(api, m.id, m.changes)).then((item) => {
            if (r.writeSeq.get(m.id) === seq.get(m.id)) applyItem(item);
          }),
        ),
      );
      const failure = results.find((x): x is PromiseRejectedResult => x.status === 'rejected');
      // Unsaved, the cards stay where the person put it: their copies are a version ahead of
      // the server's until someone changes them again (mergeRemote.ts).
      if (!failure) return true;
      const err: unknown = failure.reason;
      console.error('Brainboard: could not save a move.', err);
      const detail =
        err instanceof ApiError ? (err.serverError ?? err.message) : (err as Error)?.message;
      void showAlert(
        before.status !== status && detail ? statusUpdateFailed(detail) : MOVE_ASSIGNMENT_FAILED,
      );
      return false;
    },
    [commit, trackWrite, applyItem],
  );

  // Deleting the open card of a repeat may bring the series' next card: it goes on the board.
  const deleteCard = useCallback(
    async (id: string, scope?: RepeatScope): Promise<boolean> => {
      const r = rt.current;
      let next: Assignment | null;
      try {
        next = await trackWrite(deleteAssignment(api, id, scope));
      } catch (err) {
        void showAlert(deleteAssignmentFailed(errorDetail(err)));
        return false;
      }
      r.deleted.set(id, Date.now() + RECENT_MS);
      commit((list) => list.filter((a) => a.id !== id));
      if (next) applyItem(next);
      return true;
    },
    [commit, trackWrite, applyItem],
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
