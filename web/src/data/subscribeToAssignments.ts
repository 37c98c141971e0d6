import type { Assignment } from '@brainboard/domain';
import type { ApiClient } from './api/client.ts';
import { fetchAssignmentsIfChanged } from './assignmentsApi.ts';
import { config } from '../config.ts';
import { api as directApi } from './api.ts';
import type { LiveAssignmentsHandlers } from './liveAssignments.ts';

/**
 * Live updates of the signed-in user's assignments (docs/architecture.md, The two data paths
 * to the board): a change made on another
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
  /**
   * The API client it asks; by default the one that never queues (a read has nothing to keep
   * on this device).
   */
  api?: Pick<ApiClient, 'conditionalGet'>;
}

const hasDocument = typeof document !== 'undefined';
const visible = () => !hasDocument || document.visibilityState === 'visible';

/** Polls GET /api/assignments (the fallback path). Exported for tests. */
export function pollAssignments(
  listener: AssignmentsListener,
  { intervalMs = POLL_INTERVAL_MS, api = directApi }: PollingOptions = {},
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
      const result = await fetchAssignmentsIfChanged(api, etag, controller.signal);
      if (!stopped && result.changed) {
        const applied = listener({ assignments: result.assignments, requestedAt, kind: 'poll' });
        etag = applied === false ? null : result.etag;
      }
    } catch (err) {
      // A failed poll (past the client's deadline on a slow network, or offline) is a warning
      // only: the next poll asks again, and the status line speaks of the connection.
      if (!stopped) console.warn('Brainboard: could not refresh the assignments.', err);
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
  if (hasDocument) document.addEventListener('visibilitychange', onVisibility);
  startedAt = performance.now();
  schedule();

  const unsubscribe = () => {
    stopped = true;
    clearTimeout(timer);
    inFlight?.abort();
    if (hasDocument) document.removeEventListener('visibilitychange', onVisibility);
  };
  return Object.assign(unsubscribe, {
    refresh() {
      etag = null;
      void tick();
    },
  });
}

/** A live source of the user's assignments (Firestore's listener, or a stand-in in tests). */
interface LiveSource {
  /** Starts listening; returns the unsubscribe. */
  listen(uid: string, handlers: LiveAssignmentsHandlers): () => void;
}

/** How long a live listener may take to reach the server before the board polls instead. */
const LIVE_CONNECT_TIMEOUT_MS = 15_000;

export interface SubscribeOptions extends PollingOptions {
  /**
   * Loads the live source (null: none here, poll). By default Firestore's listener on the app's
   * Firestore where the browser reaches it (`config.firestoreLive`), else polling.
   */
  live?: (() => Promise<LiveSource | null>) | null;
  /** See LIVE_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

/** Firestore's listener on the app's Firestore; its code loads only when live updates start. */
async function appFirestore(): Promise<LiveSource | null> {
  const [{ listenToAssignments }, { liveFirestore }] = await Promise.all([
    import('./liveAssignments.ts'),
    import('../firebase/firestore.ts'),
  ]);
  const db = liveFirestore();
  return db ? { listen: (uid, handlers) => listenToAssignments(db, uid, handlers) } : null;
}

/**
 * Live updates of the user's assignments; returns its unsubscribe (with `refresh()`). Listens
 * live where it can; when the listener fails (permission denied) or never reaches the server
 * (a network that blocks Firestore's channel), it switches to polling at once, without a
 * reload. Lists that come only from the local cache before the server answered are not shown:
 * they may be empty or old.
 */
export function subscribeToAssignments(
  uid: string,
  listener: AssignmentsListener,
  options: SubscribeOptions = {},
): Subscription {
  const { live = config.firestoreLive ? appFirestore : null, ...rest } = options;
  const { connectTimeoutMs = LIVE_CONNECT_TIMEOUT_MS } = rest;
  if (!live) return pollAssignments(listener, rest);

  let stopped = false;
  let stopLive: (() => void) | null = null;
  let poller: Subscription | null = null;
  let connected = false;
  let last: AssignmentsUpdate | null = null;

  function poll() {
    if (stopped || poller) return;
    clearTimeout(connectTimer);
    stopLive?.();
    stopLive = null;
    poller = pollAssignments(listener, rest);
    poller.refresh();
  }
  function fallBack(err: unknown) {
    if (stopped || poller) return;
    console.warn(
      'Brainboard: live updates are unavailable here; checking for changes instead.',
      err,
    );
    poll();
  }
  const connectTimer = setTimeout(
    () => fallBack(new Error('The live listener did not reach the server in time.')),
    connectTimeoutMs,
  );

  live().then(
    (source) => {
      if (stopped || poller) return;
      if (!source) return poll();
      stopLive = source.listen(uid, {
        onList(assignments, fromServer) {
          if (stopped || poller) return;
          if (fromServer && !connected) {
            connected = true;
            clearTimeout(connectTimer);
          }
          if (!connected) return;
          last = { assignments, requestedAt: performance.now(), kind: 'live' };
          listener(last);
        },
        onError: fallBack,
      });
    },
    (err: unknown) => fallBack(err),
  );

  const unsubscribe = () => {
    stopped = true;
    clearTimeout(connectTimer);
    stopLive?.();
    poller?.();
  };
  return Object.assign(unsubscribe, {
    refresh() {
      if (poller) poller.refresh();
      else if (last) listener(last);
    },
  });
}
