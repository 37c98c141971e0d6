import { assignmentFromDoc, type Assignment } from '@brainboard/domain';
import { fetchAssignmentsIfChanged, type ConditionalSource } from '../assignment/assignmentsApi.ts';
import { config } from '../config.ts';
import { auth } from '../firebase/firebase.ts';

/**
 * Live updates of the signed-in user's assignments (DESIGN §4): a change made on another
 * device shows within 2 s. Where the browser reaches Firestore (`config.firestoreLive`) a
 * listener on users/{uid}/assignments; otherwise GET /api/assignments every 1.5 s while the
 * tab is visible, with If-None-Match so an unchanged list costs a 304.
 */

export interface AssignmentsUpdate {
  /** Sorted by rank, ascending. */
  assignments: Assignment[];
  /** performance.now() when the request started (polling) or the snapshot arrived (live). */
  requestedAt: number;
  /** 'poll': an answer to a request; 'live': a pushed snapshot. */
  kind: 'poll' | 'live';
}

/**
 * Receives every changed list. Returning false means "not applied" (e.g. a local write was in
 * flight): the poller then forgets its ETag so that the next poll answers the full list again.
 */
export type AssignmentsListener = (update: AssignmentsUpdate) => boolean | void;

/** Calling it unsubscribes; `refresh()` asks for the current list again now. */
export interface Subscription {
  (): void;
  refresh(): void;
}

export const POLL_INTERVAL_MS = 1500;

export interface PollingOptions {
  intervalMs?: number;
  source?: ConditionalSource;
}

const defaultSource: ConditionalSource = {
  baseUrl: config.apiBase,
  getIdToken: async () => {
    await auth.authStateReady();
    return auth.currentUser ? auth.currentUser.getIdToken() : null;
  },
};

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/** Polls GET /api/assignments (DESIGN §4 fallback). Exported for tests. */
export function pollAssignments(
  listener: AssignmentsListener,
  { intervalMs = POLL_INTERVAL_MS, source = defaultSource }: PollingOptions = {},
): Subscription {
  let etag: string | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;
  let again = false;

  let startedAt = 0;
  /** The next poll `intervalMs` after the start of the last one (a steady 1.5 s rhythm). */
  const schedule = () => {
    clearTimeout(timer);
    const wait = Math.max(0, intervalMs - (performance.now() - startedAt));
    if (!stopped) timer = setTimeout(() => void tick(), wait);
  };

  async function tick(): Promise<void> {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    if (!visible()) {
      startedAt = performance.now();
      return schedule();
    }
    startedAt = performance.now();
    const controller = new AbortController();
    inFlight = controller;
    const requestedAt = performance.now();
    try {
      const result = await fetchAssignmentsIfChanged(source, etag, controller.signal);
      if (!stopped && result.changed) {
        const applied = listener({ assignments: result.assignments, requestedAt, kind: 'poll' });
        etag = applied === false ? null : result.etag;
      }
    } catch (err) {
      // SPEC §8: an assignment-list fetch error is logged only; the next poll retries.
      if (!stopped) console.error('Brainboard: could not refresh the assignments.', err);
    } finally {
      inFlight = null;
    }
    if (again) {
      again = false;
      void tick();
    } else {
      schedule();
    }
  }

  const onVisibility = () => {
    if (visible()) void tick();
  };
  document.addEventListener('visibilitychange', onVisibility);
  startedAt = performance.now();
  schedule();

  const unsubscribe = () => {
    stopped = true;
    clearTimeout(timer);
    inFlight?.abort();
    document.removeEventListener('visibilitychange', onVisibility);
  };
  return Object.assign(unsubscribe, {
    refresh() {
      etag = null;
      void tick();
    },
  });
}

/** Listens to users/{uid}/assignments in Firestore; its code loads only in live mode. */
function listenToFirestore(uid: string, listener: AssignmentsListener): Subscription {
  let stopped = false;
  let stop: (() => void) | null = null;
  let last: AssignmentsUpdate | null = null;
  void Promise.all([import('firebase/firestore'), import('../firebase/firestore.ts')])
    .then(([fs, { liveFirestore }]) => {
      const db = liveFirestore();
      if (stopped || !db) return;
      const q = fs.query(fs.collection(db, 'users', uid, 'assignments'), fs.orderBy('rank'));
      stop = fs.onSnapshot(
        q,
        (snap) => {
          last = {
            assignments: snap.docs.map((d) => assignmentFromDoc(d.id, d.data())),
            requestedAt: performance.now(),
            kind: 'live',
          };
          listener(last);
        },
        (err) => console.error('Brainboard: the live assignment listener failed.', err),
      );
    })
    .catch((err: unknown) => console.error('Brainboard: could not start live updates.', err));
  const unsubscribe = () => {
    stopped = true;
    stop?.();
  };
  return Object.assign(unsubscribe, {
    refresh() {
      if (last) listener(last);
    },
  });
}

/** Live updates of the user's assignments; returns its unsubscribe (with `refresh()`). */
export function subscribeToAssignments(
  uid: string,
  listener: AssignmentsListener,
  options: PollingOptions = {},
): Subscription {
  return config.firestoreLive
    ? listenToFirestore(uid, listener)
    : pollAssignments(listener, options);
}
