import { useSyncExternalStore } from 'react';
import { requestOfMutation, type Mutation } from '@brainboard/domain';
import { ApiError, type ApiClient } from '../api/client.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';

/**
 * The small part of the outbox that every signed-in page carries: how a mutation is sent (at
 * once, or kept on this device when there is no connection or earlier ones still wait), the
 * board's hand-over point for the kept ones, and what the page shows about them (the cards
 * with waiting changes, whether they are being sent). Keeping them, with IndexedDB, loads on
 * its own (offlineQueue.ts).
 */

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

/** Where the board takes a mutation that must wait: resolves with the answer the caller expects. */
export type WriteSink = {
  /** True while earlier writes wait, so later ones queue behind them (their order holds). */
  waiting(): boolean;
  keep(mutation: Mutation): Promise<unknown>;
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

type Sender = Pick<ApiClient, 'post' | 'patch' | 'delete'>;

/** The mutation's call, through the client's shorthand for its method. */
function sendNow<T>(api: Sender, m: Mutation): Promise<T> {
  const { method, path, body } = requestOfMutation(m);
  const verb = method === 'POST' ? api.post : method === 'PATCH' ? api.patch : api.delete;
  return (body === undefined ? verb.call(api, path) : verb.call(api, path, body)) as Promise<T>;
}

/**
 * Sends one assignment mutation: at once, and while the board is shown, one that fails for
 * want of a connection (or comes after others still waiting) is kept on this device and
 * answered as the board now shows it. Every assignment write goes through here.
 */
export async function sendMutation<T>(api: Sender, m: Mutation): Promise<T> {
  const keeper = sink;
  if (!keeper) return sendNow<T>(api, m);
  if (keeper.waiting()) return (await keeper.keep(m)) as T;
  try {
    return await sendNow<T>(api, m);
  } catch (err) {
    if (!isOfflineFailure(err, online())) throw err;
    return (await keeper.keep(m)) as T;
  }
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
