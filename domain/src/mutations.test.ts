import { describe, expect, it } from 'vitest';
import { completedDateAfter, isStaleVersion, nextVersion } from './mutationRules.ts';
import { requestOfMutation, type Mutation } from './mutations.ts';
import { apply, applyToBoard } from './mutationsApply.ts';
import type { Assignment } from './types.ts';

const T0 = new Date('2026-11-20T10:00:00.000Z');
const T1 = new Date('2026-11-21T12:30:00.000Z');

const card = (over: Partial<Assignment> = {}): Assignment => ({
  id: 'a1',
  title: 'Essay',
  description: '',
  due_date: '2026-12-01T09:00:00',
  status: 'new',
  subtasks: [{ id: 's1', title: 'Outline', completed: false, created_date: '2026-11-01' }],
  notes: [{ id: 'n1', text: 'Ask Ms Lee', created_date: '2026-11-01' }],
  completed_date: null,
  deep_dive: {},
  rank: 10,
  reminders: null,
  version: 3,
  series_id: null,
  repeat: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  ...over,
});

/** Each kind once, and what it must change. */
const cases: [Mutation, (a: Assignment | null) => void][] = [
  [
    { kind: 'update', id: 'a1', changes: { title: 'Essay draft', rank: 4 } },
    (a) => expect(a).toMatchObject({ title: 'Essay draft', rank: 4, status: 'new' }),
  ],
  [
    { kind: 'update', id: 'a1', changes: { status: 'done', rank: 1 } },
    (a) => expect(a).toMatchObject({ status: 'done', completed_date: T1.toISOString(), rank: 1 }),
  ],
  [
    {
      kind: 'update',
      id: 'a1',
      changes: {
        version: 3,
        subtasks: [
          { id: 's2', title: 'Sources', completed: true },
          { id: 's1', title: 'Outline', completed: false, created_date: '2026-11-01' },
        ],
        notes: ['Plain note'],
      },
    },
    (a) => {
      expect(a?.subtasks.map((s) => [s.id, s.completed, s.created_date])).toEqual([
        ['s2', true, '2026-11-21'],
        ['s1', false, '2026-11-01'],
      ]);
      expect(a?.notes.map((n) => n.text)).toEqual(['Plain note']);
    },
  ],
  [
    {
      kind: 'update',
      id: 'a1',
      changes: { repeat: { rrule: 'FREQ=WEEKLY;BYDAY=MO', until: null }, reminders: [30] },
    },
    (a) => expect(a).toMatchObject({ repeat: { rrule: 'FREQ=WEEKLY;BYDAY=MO' }, reminders: [30] }),
  ],
  [{ kind: 'delete', id: 'a1', scope: 'this' }, (a) => expect(a).toBeNull()],
  [
    { kind: 'skip', id: 'a1', from: '2026-12-01T09:00:00', to: '2026-12-08T09:00:00' },
    (a) => expect(a).toMatchObject({ due_date: '2026-12-08T09:00:00', version: 4 }),
  ],
  [
    {
      kind: 'addSubtask',
      id: 'a1',
      subtask: { id: 's9', title: 'Proofread', estimate_minutes: 20 },
    },
    (a) =>
      expect(a?.subtasks.at(-1)).toEqual({
        id: 's9',
        title: 'Proofread',
        completed: false,
        created_date: '2026-11-21',
        estimate_minutes: 20,
      }),
  ],
  [
    { kind: 'changeSubtask', id: 'a1', subtaskId: 's1', changes: { completed: true } },
    (a) => expect(a?.subtasks[0]).toMatchObject({ id: 's1', completed: true, title: 'Outline' }),
  ],
  [{ kind: 'removeSubtask', id: 'a1', subtaskId: 's1' }, (a) => expect(a?.subtasks).toEqual([])],
  [
    { kind: 'addNote', id: 'a1', note: { id: 'n2', text: 'Library at 4' } },
    (a) => expect(a?.notes.map((n) => n.id)).toEqual(['n1', 'n2']),
  ],
  [
    { kind: 'editNote', id: 'a1', noteId: 'n1', text: 'Ask Mr Lee' },
    (a) => expect(a?.notes[0]?.text).toBe('Ask Mr Lee'),
  ],
  [{ kind: 'removeNote', id: 'a1', noteId: 'n1' }, (a) => expect(a?.notes).toEqual([])],
];

describe('apply', () => {
  it.each(cases)('applies %j as the server stores it', (m, check) => {
    const after = apply(m, card(), T1);
    check(after);
    if (after) {
      expect(after.version).toBe(4);
      expect(after.updated_at).toBe(T1.toISOString());
    }
  });

  it('creates a card placed by due date in its column, once', () => {
    const column = [
      card({ id: 'x', rank: 0, due_date: '2026-11-25T09:00:00' }),
      card({ id: 'y', rank: 2, due_date: '' }),
    ];
    const m: Mutation = {
      kind: 'create',
      id: 'a2',
      body: {
        id: 'a2',
        title: 'Lab report',
        due_date: '2026-11-28T09:00:00',
        status: 'done',
        notes: ['bring goggles'],
      },
    };
    const made = apply(m, null, T0, column);
    expect(made).toMatchObject({
      id: 'a2',
      status: 'done',
      completed_date: T0.toISOString(),
      rank: 1,
      version: 1,
      notes: [{ text: 'bring goggles', created_date: '2026-11-20' }],
    });
    // Sent again (an answer lost on the way): the card that exists is the answer.
    expect(apply(m, made, T1, column)).toBe(made);
    const board = applyToBoard(column, m, T0);
    expect(applyToBoard(board, m, T1)).toBe(board);
    expect(board.map((a) => a.id)).toEqual(['x', 'a2', 'y']);
  });

  it('adds an entry once when the same mutation is applied twice', () => {
    const m: Mutation = { kind: 'addNote', id: 'a1', note: { id: 'n2', text: 'again' } };
    const once = apply(m, card(), T0);
    expect(apply(m, once, T1)).toBe(once);
  });

  it('skips once: sent again, or to a card that has left that date, a skip changes nothing', () => {
    const skip: Mutation = {
      kind: 'skip',
      id: 'a1',
      from: '2026-12-01T09:00:00',
      to: '2026-12-08T09:00:00',
    };
    const once = apply(skip, card(), T1);
    expect(apply(skip, once, T1)).toBe(once);
    const moved = card({ due_date: '2026-12-03T09:00:00' });
    expect(apply(skip, moved, T1)).toBe(moved);
  });

  it('changes nothing for a stale version, a missing card or a missing entry', () => {
    const a = card();
    const stale: Mutation = { kind: 'update', id: 'a1', changes: { version: 2, notes: [] } };
    expect(apply(stale, a, T1)).toBe(a);
    expect(apply({ kind: 'update', id: 'a1', changes: { title: 'x' } }, null, T1)).toBeNull();
    expect(apply({ kind: 'removeNote', id: 'a1', noteId: 'gone' }, a, T1)).toBe(a);
    expect(apply({ kind: 'editNote', id: 'a1', noteId: 'gone', text: 'x' }, a, T1)).toBe(a);
    expect(
      apply(
        { kind: 'changeSubtask', id: 'a1', subtaskId: 'gone', changes: { completed: true } },
        a,
        T1,
      ),
    ).toBe(a);
  });

  it('keeps the first Done stamp, and clears it on leaving Done', () => {
    const done = card({ status: 'done', completed_date: T0.toISOString() });
    const move: Mutation = { kind: 'update', id: 'a1', changes: { status: 'done', rank: 9 } };
    expect(apply(move, done, T1)?.completed_date).toBe(T0.toISOString());
    const back: Mutation = { kind: 'update', id: 'a1', changes: { status: 'in progress' } };
    expect(apply(back, done, T1)?.completed_date).toBeNull();
  });

  it('lays a sequence over a board in order, as the server applies it', () => {
    const seq: Mutation[] = [
      { kind: 'update', id: 'a1', changes: { status: 'in progress', rank: 0 } },
      { kind: 'changeSubtask', id: 'a1', subtaskId: 's1', changes: { completed: true } },
      { kind: 'update', id: 'a1', changes: { version: 5, subtasks: [] } },
    ];
    const board = seq.reduce((l, m) => applyToBoard(l, m, T1), [card()] as readonly Assignment[]);
    expect(board[0]).toMatchObject({ status: 'in progress', subtasks: [], version: 6 });
  });
});

describe('the rules', () => {
  it('defines completed_date, the version step and staleness', () => {
    expect(completedDateAfter(null, 'done', 'now')).toBe('now');
    expect(completedDateAfter({ status: 'done', completed_date: 'then' }, 'done', 'now')).toBe(
      'then',
    );
    expect(completedDateAfter({ status: 'done', completed_date: 'then' }, 'new', 'now')).toBeNull();
    expect(nextVersion(3)).toBe(4);
    expect(isStaleVersion(undefined, 3)).toBe(false);
    expect(isStaleVersion(2, 3)).toBe(true);
  });
});

describe('requestOfMutation', () => {
  it('sends each mutation as its endpoint of the contract', () => {
    expect(requestOfMutation({ kind: 'delete', id: 'a 1' })).toEqual({
      method: 'DELETE',
      path: '/api/assignment',
      body: { id: 'a 1' },
    });
    expect(
      requestOfMutation({
        kind: 'changeSubtask',
        id: 'a1',
        subtaskId: 's/1',
        changes: { title: 't' },
      }),
    ).toEqual({ method: 'PATCH', path: '/api/assignment/a1/subtasks/s%2F1', body: { title: 't' } });
    expect(requestOfMutation({ kind: 'update', id: 'a1', changes: { rank: 2 } })).toEqual({
      method: 'PATCH',
      path: '/api/assignment',
      body: { id: 'a1', rank: 2 },
    });
    expect(requestOfMutation({ kind: 'removeNote', id: 'a1', noteId: 'n1' }).method).toBe('DELETE');
    expect(
      requestOfMutation({ kind: 'skip', id: 'a1', from: '2026-12-01T09:00:00', to: 'x' }),
    ).toEqual({
      method: 'POST',
      path: '/api/assignment/a1/skip',
      body: { from: '2026-12-01T09:00:00' },
    });
  });
});
