import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import {
  answerFor,
  applyWrites,
  outcomeOf,
  requestOfWrite,
  withoutRefused,
  type QueuedWrite,
} from './queueLogic.ts';

const AT = '2026-11-23T10:00:00.000Z';

function queued(over: Partial<QueuedWrite>): QueuedWrite {
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

describe('applyWrites: the board as the server will store each kept mutation', () => {
  it('lays the mutations over a copy in order, once each', () => {
    const writes: QueuedWrite[] = [
      queued({ mutation: { kind: 'create', id: 'new-1', body: { id: 'new-1', title: 'Essay' } } }),
      queued({
        key: 'k2',
        mutation: { kind: 'addSubtask', id: 'new-1', subtask: { id: 's9', title: 'Plan' } },
      }),
      queued({
        key: 'k3',
        mutation: { kind: 'update', id: 'a1', changes: { status: 'done', rank: 0.5 } },
      }),
    ];
    const board = applyWrites([lab, poem], writes);
    const made = board.find((a) => a.id === 'new-1');
    expect(made?.subtasks.map((s) => s.title)).toEqual(['Plan']);
    expect(board.find((a) => a.id === 'a1')).toMatchObject({
      status: 'done',
      completed_date: AT,
      version: 5,
    });
    // Laid over a copy that shows the create and the step already: the same card.
    expect(applyWrites(board, writes.slice(0, 2)).find((a) => a.id === 'new-1')).toEqual(made);
    expect(answerFor(writes[1]!.mutation!, board)).toEqual({ item: made });
    expect(answerFor({ kind: 'delete', id: 'x' }, [])).toEqual({ ok: true, next: null });
  });

  it('sends an entry kept by an older version as its call, without showing it ahead', () => {
    const legacy = queued({ method: 'PATCH', path: '/api/assignment', body: { id: 'a1' } });
    const list = [lab];
    expect(applyWrites(list, [legacy])).toBe(list);
    expect(requestOfWrite(legacy)).toEqual({
      method: 'PATCH',
      path: '/api/assignment',
      body: { id: 'a1' },
    });
  });
});

describe('outcomeOf: what to do with a waiting write given the answer', () => {
  const tick = queued({
    mutation: { kind: 'changeSubtask', id: 'a1', subtaskId: 's1', changes: { completed: true } },
  });
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
    const del = queued({ mutation: { kind: 'delete', id: 'a1' } });
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
    const other = queued({ key: 'k2', mutation: { kind: 'update', id: 'a1', changes: {} } });
    const elsewhere = queued({
      key: 'k3',
      assignmentId: 'a2',
      mutation: { kind: 'update', id: 'a2', changes: {} },
    });
    expect(withoutRefused([tick, other, elsewhere], tick, true)).toEqual([elsewhere]);
    expect(withoutRefused([tick, other, elsewhere], tick, false)).toEqual([other, elsewhere]);
  });

  it('reports a stale list version and a subtask deleted elsewhere, keeping the card', () => {
    const list = queued({
      mutation: { kind: 'update', id: 'a1', changes: { version: 3, notes: [] } },
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
