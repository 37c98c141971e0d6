import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import {
  answerFor,
  applyWrite,
  applyWrites,
  assignmentOf,
  outcomeOf,
  withoutRefused,
  type QueuedWrite,
} from './queueLogic.ts';

const AT = '2026-11-23T10:00:00.000Z';

function queued(over: Partial<QueuedWrite> & Pick<QueuedWrite, 'method' | 'path'>): QueuedWrite {
  return { key: 'k1', assignmentId: 'a1', title: 'Lab report', keptAt: AT, ...over };
}

const lab = makeAssignment({
  id: 'a1',
  title: 'Lab report',
  rank: 1,
  version: 4,
  subtasks: [{ id: 's1', title: 'Collect data', completed: false, created_date: '2026-11-01' }],
  notes: [{ id: 'n1', text: 'Units', created_date: '2026-11-01' }],
});
const poem = makeAssignment({ id: 'a2', title: 'Poem', rank: 2 });

describe('applyWrite: the board as the server would answer each kept write', () => {
  it('creates with the chosen id, once, placed in its column', () => {
    const create = {
      method: 'POST' as const,
      path: '/api/assignment',
      body: { id: 'assignment-1-x', title: 'Flashcards', status: 'new' as const, notes: ['Hi'] },
    };
    const once = applyWrite([lab, poem], create, AT);
    const made = once.find((a) => a.id === 'assignment-1-x');
    expect(made).toMatchObject({ title: 'Flashcards', status: 'new', version: 1, updated_at: AT });
    expect(made?.notes.map((n) => n.text)).toEqual(['Hi']);
    expect(made?.rank).toBe(3);
    expect(applyWrite(once, create, AT)).toBe(once);
  });

  it('changes only the named fields, raises the version and stamps completed_date on done', () => {
    const [next] = applyWrite(
      [lab],
      { method: 'PATCH', path: '/api/assignment', body: { id: 'a1', status: 'done', rank: 0.5 } },
      AT,
    );
    expect(next).toMatchObject({
      title: 'Lab report',
      status: 'done',
      rank: 0.5,
      completed_date: AT,
      version: 5,
      updated_at: AT,
    });
    expect(next?.subtasks).toEqual(lab.subtasks);
  });

  it('ticks, adds and removes subtasks and notes one at a time', () => {
    const writes: QueuedWrite[] = [
      queued({
        method: 'PATCH',
        path: '/api/assignment/a1/subtasks/s1',
        body: { completed: true },
      }),
      queued({
        method: 'POST',
        path: '/api/assignment/a1/subtasks',
        body: { id: 's2', title: 'Graph' },
      }),
      queued({ method: 'POST', path: '/api/assignment/a1/notes', body: { id: 'n2', text: 'Ask' } }),
      queued({ method: 'DELETE', path: '/api/assignment/a1/notes/n1' }),
    ];
    const [next] = applyWrites([lab], writes);
    expect(next?.subtasks.map((s) => [s.id, s.completed])).toEqual([
      ['s1', true],
      ['s2', false],
    ]);
    expect(next?.notes.map((n) => n.text)).toEqual(['Ask']);
    expect(next?.version).toBe(8);
    // Laid over a copy that shows them already: the same board.
    expect(applyWrites([next!], writes.slice(1, 3))[0]?.subtasks).toHaveLength(2);
  });

  it('deletes, and a write to a card the board does not have changes nothing', () => {
    const del = { method: 'DELETE' as const, path: '/api/assignment', body: { id: 'a1' } };
    expect(applyWrite([lab, poem], del, AT)).toEqual([poem]);
    const list = [poem];
    const tick = { method: 'PATCH' as const, path: '/api/assignment/a1/subtasks/s1', body: {} };
    expect(applyWrite(list, tick, AT)).toBe(list);
  });

  it('a subtask added to a card created offline follows it, in order', () => {
    const writes: QueuedWrite[] = [
      queued({ method: 'POST', path: '/api/assignment', body: { id: 'new-1', title: 'Essay' } }),
      queued({
        method: 'POST',
        path: '/api/assignment/new-1/subtasks',
        body: { id: 's9', title: 'Plan' },
      }),
    ];
    const made = applyWrites([], writes)[0];
    expect(made?.subtasks.map((s) => s.title)).toEqual(['Plan']);
    expect(answerFor(writes[1]!, applyWrites([], writes))).toEqual({ item: made });
    expect(answerFor({ method: 'DELETE', path: '/api/assignment', body: { id: 'x' } }, [])).toEqual(
      {
        ok: true,
      },
    );
  });

  it('names the assignment of each write', () => {
    expect(assignmentOf({ method: 'PATCH', path: '/api/assignment', body: { id: 'a1' } })).toBe(
      'a1',
    );
    expect(assignmentOf({ method: 'DELETE', path: '/api/assignment/a%2F1/notes/n1' })).toBe('a/1');
    expect(assignmentOf({ method: 'POST', path: '/api/upload-pdf' })).toBe(null);
  });
});

describe('outcomeOf: what to do with a waiting write given the answer', () => {
  const tick = queued({ method: 'PATCH', path: '/api/assignment/a1/subtasks/s1', body: {} });
  const status = (s: number, serverError?: string) =>
    new ApiError('bad-request', serverError ?? 'x', { status: s, serverError });

  it('drops a saved write and keeps every write that got no answer or may succeed later', () => {
    expect(outcomeOf(tick, null, true)).toEqual({ kind: 'sent' });
    expect(outcomeOf(tick, new ApiError('network', 'offline'), true)).toEqual({ kind: 'wait' });
    expect(outcomeOf(tick, status(404), false)).toEqual({ kind: 'wait' });
    for (const s of [401, 408, 429, 500, 503]) {
      expect(outcomeOf(tick, status(s), true)).toEqual({ kind: 'wait' });
    }
  });

  it('counts a delete of what is gone already as done', () => {
    const del = queued({ method: 'DELETE', path: '/api/assignment', body: { id: 'a1' } });
    expect(outcomeOf(del, status(404), true)).toEqual({ kind: 'sent' });
  });

  it('reports a card deleted on another device and drops its other writes', () => {
    const outcome = outcomeOf(tick, status(404, 'That assignment does not exist.'), true);
    expect(outcome).toEqual({
      kind: 'refused',
      cardGone: true,
      message:
        '“Lab report” was deleted on another device, so the change you made to it offline was not saved. If you still need it, add it again.',
    });
    const other = queued({
      key: 'k2',
      method: 'PATCH',
      path: '/api/assignment',
      body: { id: 'a1' },
    });
    const elsewhere = queued({ key: 'k3', assignmentId: 'a2', method: 'PATCH', path: '/x' });
    expect(withoutRefused([tick, other, elsewhere], tick, true)).toEqual([elsewhere]);
    expect(withoutRefused([tick, other, elsewhere], tick, false)).toEqual([other, elsewhere]);
  });

  it('reports a stale list version and a subtask deleted elsewhere, keeping the card', () => {
    const list = queued({
      method: 'PATCH',
      path: '/api/assignment',
      body: { id: 'a1', version: 3 },
    });
    const stale = outcomeOf(list, status(409), true);
    expect(stale).toMatchObject({ kind: 'refused', cardGone: false });
    expect(stale.kind === 'refused' && stale.message).toContain('“Lab report” was changed on');
    const gone = outcomeOf(tick, status(404, 'That subtask does not exist.'), true);
    expect(gone).toMatchObject({ kind: 'refused', cardGone: false });
    const bad = outcomeOf(tick, status(400, 'title is too long.'), true);
    expect(bad.kind === 'refused' && bad.message).toBe(
      'A change you made offline to “Lab report” was not saved: title is too long. Open it to see the saved copy and try again.',
    );
  });
});
