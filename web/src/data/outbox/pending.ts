import { useSyncExternalStore } from 'react';
import { ApiError, type ApiClient, type HttpMethod, type RequestOptions } from '../api/client.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../../app/storage.ts';

/**
 * The small part of the offline queue that every signed-in page carries: which writes may wait
 * on this device, the board's hand-over point for them, and what the page shows about them
 * (the cards with waiting changes, whether the queue is being sent). The queue itself, with
 * IndexedDB, loads on its own (offlineQueue.ts).
 */

/** A write the board can make and keep on this device until the network returns. */
export interface WriteRequest {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

const ASSIGNMENT_WRITE = /^\/api\/assignment(?:\/[^/?]+\/(?:subtasks|notes)(?:\/[^/?]+)?)?$/;

/** Creates, field edits, moves, deletes, subtask and note changes of assignments. */
export function isQueueable(method: HttpMethod, path: string): boolean {
  if (method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') return false;
  if (!ASSIGNMENT_WRITE.test(path)) return false;
  // POST only creates: an assignment, or a subtask or note of one.
  return method !== 'POST' || !/\/(?:subtasks|notes)\/[^/]+$/.test(path);
}

/**
 * A failure because this device has no connection: the request never got an HTTP answer and
 * either the browser says it is offline or the fetch itself failed. An answer the server gave
 * (any status) is never one.
 */
export function isOfflineFailure(err: unknown, online: boolean): boolean {
  if (!(err instanceof ApiError) || err.status !== undefined) return false;
  if (err.kind === 'cancelled') return false;
  return !online || err.kind === 'network';
}

/** Where the board takes a write that must wait: resolves with the answer the caller expects. */
export type WriteSink = {
  /** True while earlier writes wait, so later ones queue behind them (their order holds). */
  waiting(): boolean;
  keep(request: WriteRequest): Promise<unknown>;
};

let sink: WriteSink | null = null;

/** The board registers itself while it is shown for a signed-in student; returns the undo. */
export function setWriteSink(next: WriteSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * The API client, with assignment writes that survive having no connection: while the board is
 * shown, such a write that fails offline (or comes after others still waiting) is kept on this
 * device and answered as the board now shows it.
 */
export function withOfflineWrites(api: ApiClient): ApiClient {
  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}) {
    const keeper = sink;
    if (!keeper || init.formData || !isQueueable(method, path)) {
      return api.request<T>(method, path, init);
    }
    const kept = { method, path, body: init.body };
    if (keeper.waiting()) return (await keeper.keep(kept)) as T;
    try {
      return await api.request<T>(method, path, init);
    } catch (err) {
      if (!isOfflineFailure(err, online())) throw err;
      return (await keeper.keep(kept)) as T;
    }
  }
  return {
    ...api,
    request,
    post: (path, body, init) => request('POST', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: (path, body, init) => request('DELETE', path, { ...init, body }),
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let waitingIds: ReadonlySet<string> = new Set();
let sending = false;

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const notify = () => listeners.forEach((l) => l());

/** The assignments with changes waiting on this device, and whether they are being sent. */
export function setWaiting(ids: Iterable<string>, isSending: boolean): void {
  waitingIds = new Set(ids);
  sending = isSending;
  notify();
}

/** Whether any assignment has changes waiting on this device (known to this tab). */
export const hasWaiting = (): boolean => waitingIds.size > 0;

/**
 * A per-student flag in localStorage while writes wait in IndexedDB, so the board loads its
 * queue at start-up only when there is something to send. `on` undefined reads it.
 */
export function waitingHint(uid: string, on?: boolean): boolean {
  const key = STORAGE_KEYS.waiting(uid);
  if (on === undefined) return readStored(key) !== null;
  // Storage blocked: false, and the queue still loads when a write waits or the connection
  // returns.
  return writeStored(key, on ? '1' : null) ? on : false;
}

/** Whether this assignment has changes saved on this device that the server has not seen. */
export function useWaiting(id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waitingIds.has(id),
    () => false,
  );
}

/** Whether the changes kept on this device are being sent now. */
export function useSending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => sending,
    () => false,
  );
}

export const WAITING_MARK = 'Saved on this device · will sync';
