import {
  applyToBoard,
  requestOfMutation,
  type Assignment,
  type HttpMethod,
  type Mutation,
} from '@brainboard/domain';
import { ApiError } from '../api/client.ts';

/**
 * What the outbox does, with no storage and no clock of its own: how the board shows the
 * mutations still waiting (`apply` of domain/src/mutations.ts, laid over the server's copy in
 * order), the answer a kept mutation gives its caller, and what to do with a waiting one given
 * the server's answer when it is sent.
 */

/** One waiting write: the typed mutation, plus what names it to the student. */
export interface QueuedWrite {
  /** Unique per entry; entries are sent in the order they were kept. */
  key: string;
  /** The assignment it changes (for a create, the id the device chose). */
  assignmentId: string;
  /** The assignment's title when the write was kept, to name it in a message. */
  title: string;
  /** When it was kept (ISO): the time `apply` stamps on the board's copy. */
  keptAt: string;
  /**
   * The write. An entry kept by an older version of the app has none: it holds the call as
   * such (`method`, `path`, `body`), which is sent as it is and not shown ahead of the answer.
   */
  mutation?: Mutation;
  method?: HttpMethod;
  path?: string;
  body?: unknown;
}

/** The call that sends a waiting write. */
export function requestOfWrite(w: QueuedWrite): {
  method: HttpMethod;
  path: string;
  body: unknown;
} {
  if (w.mutation) return requestOfMutation(w.mutation);
  return { method: w.method ?? 'POST', path: w.path ?? '', body: w.body };
}

/**
 * The board with every waiting write applied, in order, as the server will apply them. Applying
 * the same write twice gives the same board (a create or an added entry that is there already
 * stays once), so the writes can be laid over a copy that already shows some of them.
 */
export function applyWrites(
  list: readonly Assignment[],
  writes: readonly QueuedWrite[],
): readonly Assignment[] {
  return writes.reduce(
    (l, w) => (w.mutation ? applyToBoard(l, w.mutation, new Date(w.keptAt)) : l),
    list,
  );
}

/** What the caller of a kept write receives: the answer the server would have given. */
export function answerFor(m: Mutation, list: readonly Assignment[]): unknown {
  if (m.kind === 'delete') return { ok: true, next: null };
  return { item: list.find((a) => a.id === m.id) };
}

/** What to do with a waiting write once it has been sent. */
export type Outcome =
  /** Saved (or already as asked): drop it, show the server's answer. */
  | { kind: 'sent' }
  /** Still no connection, or the server cannot take it now: keep it and every later one. */
  | { kind: 'wait' }
  /**
   * The server refused it: drop it and tell the student. `cardGone` drops the other waiting
   * writes of that assignment too (the server no longer has it).
   */
  | { kind: 'refused'; message: string; cardGone: boolean };

/** The server's text for an assignment that no longer exists. */
const ASSIGNMENT_GONE = 'That assignment does not exist.';

function refusedMessage(title: string, status: number, detail: string): string {
  const name = `“${title}”`;
  if (status === 404) {
    return `${name} was deleted on another device, so the change you made to it offline was not saved. If you still need it, add it again.`;
  }
  if (status === 409) {
    return `${name} was changed on another device while you were offline, so your change to its list was not saved. Open it to see the latest copy and make the change again.`;
  }
  return `A change you made offline to ${name} was not saved: ${detail} Open it to see the saved copy and try again.`;
}

/** The outcome of sending `w`: `err` is what the send threw, or null when it was answered ok. */
export function outcomeOf(w: QueuedWrite, err: unknown, online: boolean): Outcome {
  if (err === null) return { kind: 'sent' };
  if (!(err instanceof ApiError) || err.status === undefined || !online) return { kind: 'wait' };
  const status = err.status;
  // Not signed in right now, too many requests, or the server is down: try again later.
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'wait' };
  const kind = w.mutation?.kind;
  // Deleting what is gone already (an earlier send whose answer was lost) is done.
  if (status === 404 && requestOfWrite(w).method === 'DELETE') return { kind: 'sent' };
  const cardGone =
    status === 404 &&
    (kind === 'update' || kind === 'delete' || err.serverError === ASSIGNMENT_GONE);
  const detail = err.serverError ?? err.message;
  const entryGone = status === 404 && !cardGone;
  return {
    kind: 'refused',
    message: entryGone
      ? `A step or note of “${w.title}” was deleted on another device, so the change you made to it offline was not saved. Open it to see the latest copy.`
      : refusedMessage(w.title, status, detail),
    cardGone,
  };
}

/** The waiting writes after `w` was refused. */
export function withoutRefused(
  writes: readonly QueuedWrite[],
  w: QueuedWrite,
  cardGone: boolean,
): QueuedWrite[] {
  return writes.filter((x) => x.key !== w.key && !(cardGone && x.assignmentId === w.assignmentId));
}
