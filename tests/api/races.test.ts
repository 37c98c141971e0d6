import { DEEP_DIVE_TOOLS, type Assignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { call, sessionOf, type ApiResponse } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

/**
 * Two devices of one student racing each other, at the API level: each round starts two
 * request streams at once and then reads back what was stored. A change a device was told
 * was saved and that is missing afterwards counts as lost. Rounds are independent (a fresh
 * assignment, or a fresh student, each), so they run a few at a time.
 */

const ROUNDS = 50;
const PARALLEL = 3;

type Call = <T = { item: Assignment }>(
  method: string,
  path: string,
  body?: unknown,
) => Promise<ApiResponse<T>>;

interface Student {
  user: TestUser;
  /** One device; the second device is the same student with the same tokens. */
  as: Call;
}

async function student(prefix = 'race'): Promise<Student> {
  const user = await createTestUser(prefix);
  const { csrf_token } = await sessionOf(user);
  const as: Call = (method, path, body) =>
    call(method, path, {
      token: user.idToken,
      csrf: csrf_token,
      ...(body === undefined ? {} : { body }),
    });
  return { user, as };
}

async function create(s: Student, body: Record<string, unknown>): Promise<Assignment> {
  const res = await s.as('POST', '/api/assignment', body);
  expect(res.status, res.text).toBe(201);
  return res.body.item;
}

async function read(s: Student, id: string): Promise<Assignment> {
  const res = await s.as('GET', `/api/assignment/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.item;
}

function ok(res: ApiResponse<unknown>, what: string): void {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${res.text}`);
}

/** Runs `round(1..ROUNDS)` a few at a time and answers every loss it reported. */
async function rounds(name: string, round: (n: number) => Promise<string[]>): Promise<string[]> {
  const lost: string[] = [];
  let next = 1;
  const worker = async () => {
    while (next <= ROUNDS) {
      const n = next++;
      for (const l of await round(n)) lost.push(`round ${n}: ${l}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const roundsLost = new Set(lost.map((l) => l.split(':')[0])).size;
  console.log(`[races] ${name}: ${roundsLost} of ${ROUNDS} rounds lost a change`);
  return lost;
}

/**
 * A whole-list PATCH as the web app sends it: based on `base`, with `change` applied to the
 * lists; on 409 it applies the same change to the current copy it was answered and tries again.
 */
async function replaceLists(
  s: Student,
  base: Assignment,
  change: (a: Assignment) => Pick<Assignment, 'subtasks' | 'notes'>,
): Promise<ApiResponse<{ item: Assignment }>> {
  let copy = base;
  for (let attempt = 0; attempt < 5; attempt++) {
    const lists = change(copy);
    const res = await s.as('PATCH', '/api/assignment', {
      id: copy.id,
      version: copy.version,
      subtasks: lists.subtasks,
      notes: lists.notes.map(({ id, text, created_date }) => ({ id, text, created_date })),
    });
    if (res.status !== 409) return res;
    copy = (res.body as unknown as { item: Assignment }).item;
  }
  throw new Error('a whole-list PATCH kept answering 409');
}

const addStep = (round: number) => (a: Assignment) => ({
  subtasks: [
    ...a.subtasks,
    {
      id: `whole-${round}`,
      title: 'Added with the whole list',
      completed: false,
      created_date: '',
    },
  ].map(({ id, title, completed }) => ({ id, title, completed })) as Assignment['subtasks'],
  notes: a.notes,
});

const twoSteps = [
  { id: 'a', title: 'A' },
  { id: 'b', title: 'B' },
];

describe(
  'two devices of one student, 50 rounds per pattern: nothing is lost',
  { timeout: 300_000 },
  () => {
    it('editor Update of the title vs a drag to Done elsewhere', async () => {
      const s = await student();
      const lost = await rounds('editor Update vs drag', async (n) => {
        const a = await create(s, { title: `Card ${n}` });
        const [edit, drag] = await Promise.all([
          s.as('PATCH', '/api/assignment', { id: a.id, title: `Card ${n} fixed` }),
          s.as('PATCH', '/api/assignment', { id: a.id, status: 'done', rank: 5 }),
        ]);
        ok(edit, 'edit');
        ok(drag, 'drag');
        const after = await read(s, a.id);
        const out: string[] = [];
        if (after.title !== `Card ${n} fixed`) out.push('title lost');
        if (after.status !== 'done' || after.rank !== 5) out.push('move lost');
        return out;
      });
      expect(lost).toEqual([]);
    });

    it('editor Update of the title vs a description edit elsewhere', async () => {
      const s = await student();
      const lost = await rounds('editor Update vs description edit', async (n) => {
        const a = await create(s, { title: `Card ${n}`, description: 'original' });
        const [edit, other] = await Promise.all([
          s.as('PATCH', '/api/assignment', { id: a.id, title: `Card ${n} fixed` }),
          s.as('PATCH', '/api/assignment', { id: a.id, description: 'from the phone' }),
        ]);
        ok(edit, 'edit');
        ok(other, 'description');
        const after = await read(s, a.id);
        const out: string[] = [];
        if (after.title !== `Card ${n} fixed`) out.push('title lost');
        if (after.description !== 'from the phone') out.push('description lost');
        return out;
      });
      expect(lost).toEqual([]);
    });

    for (const stale of [false, true]) {
      const which = stale ? 'a stale version' : 'the current version';
      const setup = async (s: Student, n: number) => {
        const a = await create(s, { title: `Lists ${n}`, subtasks: twoSteps, notes: ['first'] });
        if (!stale) return a;
        // Another device changed something after this copy was read.
        ok(await s.as('POST', `/api/assignment/${a.id}/notes`, { text: 'meanwhile' }), 'note');
        return a;
      };
      const lostOf = (after: Assignment, n: number, extra: string[]) => [
        ...(after.subtasks.some((x) => x.id === `whole-${n}`) ? [] : ['whole-list change lost']),
        ...(stale && !after.notes.some((x) => x.text === 'meanwhile') ? ['earlier note lost'] : []),
        ...extra,
      ];

      /**
       * Rounds of a whole-list PATCH with `which` racing a change another device makes
       * (`send`); the list change and that change (`kept`) must both be there after.
       */
      const versus = (
        names: { test: string; round: string; request: string; lost: string },
        send: (s: Student, a: Assignment, n: number) => Promise<ApiResponse<unknown>>,
        kept: (after: Assignment, n: number) => boolean,
      ) =>
        it(`whole-list PATCH with ${which} vs ${names.test} elsewhere`, async () => {
          const s = await student();
          const lost = await rounds(`whole list (${which}) vs ${names.round}`, async (n) => {
            const a = await setup(s, n);
            const [whole, other] = await Promise.all([
              replaceLists(s, a, addStep(n)),
              send(s, a, n),
            ]);
            ok(whole, 'whole list');
            ok(other, names.request);
            const after = await read(s, a.id);
            return lostOf(after, n, kept(after, n) ? [] : [names.lost]);
          });
          expect(lost).toEqual([]);
        });

      versus(
        { test: 'a subtask toggle', round: 'toggle', request: 'toggle', lost: 'toggle lost' },
        (s, a) => s.as('PATCH', `/api/assignment/${a.id}/subtasks/b`, { completed: true }),
        (after) => after.subtasks.find((x) => x.id === 'b')?.completed === true,
      );
      versus(
        { test: 'a note add', round: 'note add', request: 'note', lost: 'note lost' },
        (s, a, n) =>
          s.as('POST', `/api/assignment/${a.id}/notes`, { id: `note-${n}`, text: 'phone note' }),
        (after, n) => after.notes.some((x) => x.id === `note-${n}`),
      );
      versus(
        {
          test: 'a subtask add',
          round: 'subtask add',
          request: 'subtask add',
          lost: 'subtask lost',
        },
        (s, a, n) =>
          s.as('POST', `/api/assignment/${a.id}/subtasks`, { id: `phone-${n}`, title: 'Phone' }),
        (after, n) => after.subtasks.some((x) => x.id === `phone-${n}`),
      );
    }

    it('a drag that renumbers its column vs a drag of that neighbour elsewhere', async () => {
      const s = await student();
      const lost = await rounds('drag vs drag of a neighbour', async (n) => {
        const [moved, neighbour] = await Promise.all([
          create(s, { title: `Moved ${n}` }),
          create(s, { title: `Neighbour ${n}`, status: 'in progress' }),
        ]);
        // The laptop drops `moved` above `neighbour` in In progress and renumbers the neighbour
        // (rank only); the phone meanwhile drags `neighbour` to Done.
        const [laptop, renumber, phone] = await Promise.all([
          s.as('PATCH', '/api/assignment', { id: moved.id, status: 'in progress', rank: 1 }),
          s.as('PATCH', '/api/assignment', { id: neighbour.id, rank: 2 }),
          s.as('PATCH', '/api/assignment', { id: neighbour.id, status: 'done', rank: 1 }),
        ]);
        ok(laptop, 'laptop drag');
        ok(renumber, 'renumber');
        ok(phone, 'phone drag');
        const [m, nb] = await Promise.all([read(s, moved.id), read(s, neighbour.id)]);
        const out: string[] = [];
        if (m.status !== 'in progress') out.push('laptop move lost');
        if (nb.status !== 'done') out.push('phone move lost');
        return out;
      });
      expect(lost).toEqual([]);
    });

    it('two deep-dive tools at once', async () => {
      // Ten students, five rounds each, so no one reaches the per-minute AI limit.
      const students = await Promise.all(Array.from({ length: 10 }, () => student('dive')));
      await Promise.all(
        students.map(async (s) => {
          const res = await s.as('PATCH', `/api/user/${s.user.uid}`, {
            ai_deep_dive_enabled: true,
          });
          ok(res, 'opt-in');
        }),
      );
      const [first, second] = [DEEP_DIVE_TOOLS[2], DEEP_DIVE_TOOLS[6]];
      const lost = await rounds('two deep-dive tools', async (n) => {
        const s = students[n % students.length] as Student;
        const a = await create(s, { title: `Dive ${n}` });
        const dive = (feature: string) =>
          s.as<{ deep_dive: string }>('POST', '/api/ai-deep-dive', {
            file_id: null,
            assignment_id: a.id,
            prompt: `Title: Dive ${n}`,
            feature,
          });
        const [one, two] = await Promise.all([dive(first), dive(second)]);
        ok(one, first);
        ok(two, second);
        const after = await read(s, a.id);
        const out: string[] = [];
        if (after.deep_dive[first] !== one.body.deep_dive) out.push(`${first} lost`);
        if (after.deep_dive[second] !== two.body.deep_dive) out.push(`${second} lost`);
        return out;
      });
      expect(lost).toEqual([]);
    });

    it('account deletion vs writes from another device leaves nothing behind', async () => {
      const { db } = admin();
      const lost = await rounds('account deletion vs writes', async (n) => {
        const s = await student('leaving');
        const a = await create(s, { title: 'Existing' });
        const uid = s.user.uid;
        const writes = async () => {
          // The phone keeps writing; once the account is gone its calls are refused.
          for (let i = 0; i < 4; i++) {
            await Promise.all([
              s.as('POST', '/api/assignment', { title: `Phone ${n}-${i}` }),
              s.as('POST', `/api/assignment/${a.id}/notes`, { text: `note ${i}` }),
              s.as('PATCH', '/api/assignment', { id: a.id, title: `Renamed ${i}` }),
            ]);
          }
        };
        const [deleted] = await Promise.all([s.as('DELETE', `/api/user/${uid}`), writes()]);
        ok(deleted, 'account deletion');
        const left: string[] = [];
        const profile = await db.collection('users').doc(uid).get();
        if (profile.exists) left.push('profile left');
        for (const name of ['assignments', 'chats', 'files', 'private', 'focus_days']) {
          const snap = await db.collection(`users/${uid}/${name}`).get();
          if (!snap.empty) left.push(`${snap.size} in ${name} left`);
        }
        return left;
      });
      expect(lost).toEqual([]);
    });
  },
);
