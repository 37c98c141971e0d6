import type { Assignment, Mutation } from '@brainboard/domain';
import { describe, expect, inject, it } from 'vitest';
import { createTestUser } from '../support/auth.ts';

/**
 * The web app's one write pipeline against the running stack: the same sequence of assignment
 * mutations, made once online (each sent at once) and once offline then online (each kept by
 * the outbox, shown with `apply`, then sent in order when the connection returns), must leave
 * the same board on the server; and the board the device showed while offline must be the one
 * the server then stores.
 */

/**
 * The web modules under test, loaded at run time: their own types need the browser's library
 * (DOM, Vite's import.meta.env), which this Node project does not load, so their shape is
 * stated here.
 */
interface Client {
  get<T>(path: string): Promise<T>;
  request<T>(method: string, path: string, init?: { body?: unknown }): Promise<T>;
}
interface QueuedWrite {
  key: string;
  assignmentId: string;
  keptAt: string;
  mutation?: Mutation;
}
type Outcome = { kind: 'sent' } | { kind: 'wait' } | { kind: 'refused'; message: string };

const web = (path: string) => new URL(`../../web/src/data/${path}`, import.meta.url).pathname;
const { createApiClient } = (await import(/* @vite-ignore */ web('api/client.ts'))) as {
  createApiClient(o: {
    baseUrl: string;
    getIdToken(): Promise<string | null>;
    fetch: typeof fetch;
  }): Client;
};
const { sendMutation, setWriteSink } = (await import(
  /* @vite-ignore */ web('outbox/pending.ts')
)) as {
  sendMutation<T>(api: Client, m: Mutation): Promise<T>;
  setWriteSink(s: { waiting(): boolean; keep(m: Mutation): Promise<unknown> }): () => void;
};
const { keptWrite } = (await import(/* @vite-ignore */ web('outbox/offlineQueue.ts'))) as {
  keptWrite(m: Mutation, list: readonly Assignment[], now: Date): QueuedWrite;
};
const { answerFor, applyWrites, outcomeOf, requestOfWrite } = (await import(
  /* @vite-ignore */ web('outbox/queueLogic.ts')
)) as {
  answerFor(m: Mutation, list: readonly Assignment[]): unknown;
  applyWrites(list: readonly Assignment[], writes: readonly QueuedWrite[]): readonly Assignment[];
  outcomeOf(w: QueuedWrite, err: unknown, online: boolean): Outcome;
  requestOfWrite(w: QueuedWrite): { method: string; path: string; body: unknown };
};

/** A device of a new student: the web app's API client over a connection that can drop. */
async function device() {
  const user = await createTestUser('outbox');
  const net = { online: true };
  const api = createApiClient({
    baseUrl: inject('stack').api,
    getIdToken: () => Promise.resolve(user.idToken),
    fetch: (input, init) =>
      net.online ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch')),
  });
  return { api, net, board: () => api.get<Assignment[]>('/api/assignments') };
}

type Item = { item?: Assignment };

/**
 * The sequence, each step built from the copy of its card the device has then (the answer to the
 * step before), as the app builds a whole-list change from what it shows.
 */
function sequence(run: string): ((copy: (id: string) => Assignment) => Mutation)[] {
  const a = `asg-${run}-a`;
  const b = `asg-${run}-b`;
  const c = `asg-${run}-c`;
  const d = `asg-${run}-d`;
  const weekly = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null };
  const create = (id: string, title: string, extra = {}): Mutation => ({
    kind: 'create',
    id,
    body: { id, title, due_date: '2026-12-04T09:00:00', ...extra },
  });
  return [
    () => create(a, 'Lab report'),
    () => create(b, 'Poem', { status: 'in progress', notes: ['rhymes'] }),
    () => create(a, 'Lab report'), // sent again: creates nothing
    () => ({ kind: 'addSubtask', id: a, subtask: { id: 's1', title: 'Collect data' } }),
    () => ({
      kind: 'addSubtask',
      id: a,
      subtask: { id: 's2', title: 'Graph', estimate_minutes: 20 },
    }),
    () => ({ kind: 'changeSubtask', id: a, subtaskId: 's1', changes: { completed: true } }),
    () => ({ kind: 'update', id: a, changes: { status: 'in progress', rank: -5 } }),
    () => ({ kind: 'addNote', id: b, note: { id: 'n1', text: 'Ask about metre' } }),
    () => ({ kind: 'editNote', id: b, noteId: 'n1', text: 'Ask about the metre' }),
    (copy) => ({
      kind: 'update',
      id: a,
      changes: {
        version: copy(a).version,
        subtasks: [...copy(a).subtasks].reverse().map(({ id, title, completed }) => ({
          id,
          title,
          completed,
        })),
      },
    }),
    () => ({ kind: 'removeSubtask', id: a, subtaskId: 's1' }),
    () => ({ kind: 'update', id: b, changes: { title: 'Poem (final)', status: 'done' } }),
    () => create(c, 'Flashcards'),
    () => ({ kind: 'removeNote', id: b, noteId: 'n1' }),
    () => ({ kind: 'delete', id: c }),
    () => create(d, 'Reading log', { due_date: '2031-03-14T17:00:00', repeat: weekly }),
    (copy) => ({ kind: 'skip', id: d, from: copy(d).due_date, to: '2031-03-21T17:00:00' }),
    // Sent again (an answer lost): the card has left that date, so it moves once.
    () => ({ kind: 'skip', id: d, from: '2031-03-14T17:00:00', to: '2031-03-21T17:00:00' }),
  ];
}

/** A board as the student sees it, with the run's ids and the clock's stamps left out. */
const seen = (list: readonly Assignment[]) =>
  list.map((x) => ({
    id: x.id.replace(/^asg-\w+-/, ''),
    title: x.title,
    status: x.status,
    rank: x.rank,
    due: x.due_date,
    done: x.completed_date !== null,
    version: x.version,
    subtasks: x.subtasks.map((s) => [s.id, s.title, s.completed, s.estimate_minutes ?? null]),
    notes: x.notes.map((n) => n.text),
  }));

describe('the outbox', () => {
  it('gives the same board online and offline-then-online', async () => {
    // Online: each mutation is sent at once.
    const one = await device();
    const copies = new Map<string, Assignment>();
    for (const step of sequence('on')) {
      const m = step((id) => copies.get(id)!);
      const answer = await sendMutation<Item | undefined>(one.api, m);
      if (answer?.item) copies.set(answer.item.id, answer.item);
    }
    const online = await one.board();

    // Offline: the board keeps each one (the outbox's own entry and apply), answering at once.
    const two = await device();
    let shown: readonly Assignment[] = await two.board();
    two.net.online = false;
    const waiting: QueuedWrite[] = [];
    const drop = setWriteSink({
      waiting: () => waiting.length > 0,
      keep: (m) => {
        const w = keptWrite(m, shown, new Date());
        waiting.push(w);
        shown = applyWrites(shown, [w]);
        return Promise.resolve(answerFor(m, shown));
      },
    });
    const offlineCopies = new Map<string, Assignment>();
    try {
      for (const step of sequence('off')) {
        const m = step((id) => offlineCopies.get(id)!);
        const answer = await sendMutation<Item | undefined>(two.api, m);
        if (answer?.item) offlineCopies.set(answer.item.id, answer.item);
      }
    } finally {
      drop();
    }
    expect(waiting).toHaveLength(sequence('off').length);

    // Online again: sent in order, once each, as the outbox sends them.
    two.net.online = true;
    for (const w of waiting) {
      const { method, path, body } = requestOfWrite(w);
      let failure: unknown = null;
      await two.api.request(method, path, { body }).catch((err: unknown) => {
        failure = err;
      });
      expect(outcomeOf(w, failure, true)).toEqual({ kind: 'sent' });
    }
    const after = await two.board();

    expect(seen(after)).toEqual(seen(online));
    // What the device showed offline is what the server stored.
    expect(seen(shown)).toEqual(seen(after));
    expect(seen(after).map((x) => [x.id, x.status, x.version])).toEqual([
      ['a', 'in progress', 7],
      ['b', 'done', 5],
      // Created, then skipped once: the skip sent again moved nothing.
      ['d', 'new', 2],
    ]);
  });
});
