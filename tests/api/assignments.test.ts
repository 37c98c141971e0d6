import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';

interface Item {
  id: string;
  title: string;
  description: string;
  due_date: string;
  status: string;
  subtasks: { id: string; title: string; completed: boolean; created_date: string }[];
  notes: { id: string; text: string; created_date: string }[];
  completed_date: string | null;
  deep_dive: Record<string, string>;
  rank: number;
  version: number;
}

interface Actor {
  user: TestUser;
  csrf: string;
  as: (method: string, path: string, body?: unknown) => ReturnType<typeof call<never>>;
}

async function actor(): Promise<Actor> {
  const user = await createTestUser();
  const { csrf_token } = await sessionOf(user);
  return {
    user,
    csrf: csrf_token,
    as: (method, path, body) =>
      call<never>(method, path, {
        token: user.idToken,
        csrf: csrf_token,
        ...(body === undefined ? {} : { body }),
      }),
  };
}

async function create(a: Actor, body: Record<string, unknown>): Promise<Item> {
  const res = await call<{ item: Item }>('POST', '/api/assignment', {
    token: a.user.idToken,
    csrf: a.csrf,
    body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.item;
}

async function list(a: Actor): Promise<Item[]> {
  const res = await call<Item[]>('GET', '/api/assignments', { token: a.user.idToken });
  expect(res.status).toBe(200);
  return res.body;
}

let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  [alice, bob] = await Promise.all([actor(), actor()]);
});

describe('every assignment call checks authentication, CSRF and ownership', () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', '/api/assignments'],
    ['GET', `/api/assignment/${id}`],
    ['POST', '/api/assignment', { title: 'x' }],
    ['PATCH', '/api/assignment', { id, title: 'x' }],
    ['DELETE', '/api/assignment', { id }],
    ['POST', `/api/assignment/${id}/subtasks`, { title: 'x' }],
    ['PATCH', `/api/assignment/${id}/subtasks/s1`, { completed: true }],
    ['DELETE', `/api/assignment/${id}/subtasks/s1`],
    ['POST', `/api/assignment/${id}/notes`, { text: 'x' }],
    ['PATCH', `/api/assignment/${id}/notes/n1`, { text: 'y' }],
    ['DELETE', `/api/assignment/${id}/notes/n1`],
    ['GET', `/api/tasks/next-due?userId=${alice.user.uid}&t=1`],
  ];

  it('answers 401 without a token', async () => {
    for (const [method, path, body] of routes('abc')) {
      const res = await call(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 without the CSRF header, or with a wrong one, on state-changing calls', async () => {
    const item = await create(alice, { title: 'CSRF target' });
    for (const [method, path, body] of routes(item.id)) {
      if (method === 'GET') continue;
      for (const csrf of [null, 'wrong-token', bob.csrf]) {
        const res = await call(method, path, {
          token: alice.user.idToken,
          csrf,
          ...(body === undefined ? {} : { body }),
        });
        expect(res.status, `${method} ${path} csrf=${csrf}`).toBe(403);
      }
    }
    // Nothing changed.
    const after = await alice.as('GET', `/api/assignment/${item.id}`);
    expect((after.body as { item: Item }).item.title).toBe('CSRF target');
  });

  it("answers 404 for another user's assignment, exactly like a missing one", async () => {
    const item = await create(alice, {
      title: 'Private',
      subtasks: [{ id: 's1', title: 'one' }],
      notes: [{ id: 'n1', text: 'note' }],
    });
    for (const [method, path, body] of routes(item.id)) {
      if (path.startsWith('/api/assignments') || path.startsWith('/api/tasks')) continue;
      if (method === 'POST' && path === '/api/assignment') continue;
      const theirs = await bob.as(method, path, body);
      const missing = await bob.as(
        method,
        path.replace(item.id, 'does-not-exist'),
        body && {
          ...(body as object),
          ...('id' in (body as object) ? { id: 'does-not-exist' } : {}),
        },
      );
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(missing.status, `${method} ${path} (missing)`).toBe(404);
      expect(theirs.body).toEqual(missing.body);
    }
    // Alice's assignment is untouched and Bob's list is empty of it.
    const mine = await list(alice);
    expect(mine.find((a) => a.id === item.id)).toMatchObject({
      title: 'Private',
      subtasks: [{ id: 's1', title: 'one', completed: false }],
      notes: [{ id: 'n1', text: 'note' }],
    });
    expect((await list(bob)).some((a) => a.id === item.id)).toBe(false);
  });
});

describe('POST /api/assignment', () => {
  it('stores the assignment and answers it with its new id', async () => {
    const item = await create(alice, {
      title: '  Essay draft  ',
      description: 'Five paragraphs',
      due_date: '2030-05-01T17:30:00',
      status: 'in progress',
      subtasks: [{ title: 'Outline' }, { id: 'subtask-1-a', text: 'Legacy text', completed: true }],
      notes: ['Bring the book'],
    });
    expect(item.id).toEqual(expect.any(String));
    expect(item).toMatchObject({
      title: 'Essay draft',
      description: 'Five paragraphs',
      due_date: '2030-05-01T17:30:00',
      status: 'in progress',
      completed_date: null,
      deep_dive: {},
    });
    expect(item.subtasks.map((s) => [s.title, s.completed])).toEqual([
      ['Outline', false],
      ['Legacy text', true],
    ]);
    expect(item.subtasks[0]?.id).toMatch(/^subtask-\d+-/);
    expect(item.notes.map((n) => n.text)).toEqual(['Bring the book']);
    const read = await alice.as('GET', `/api/assignment/${item.id}`);
    expect((read.body as { item: Item }).item).toEqual(item);
  });

  it('starts a done assignment with completed_date and defaults an empty status to new', async () => {
    const done = await create(alice, { title: 'Already done', status: 'done' });
    expect(done.completed_date).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    const fresh = await create(alice, { title: 'Blank status', status: '' });
    expect(fresh.status).toBe('new');
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['missing title', {}, /title is required/],
    ['blank title', { title: '   ' }, /title is required/],
    ['title over 125', { title: 'x'.repeat(126) }, /title must be at most 125 characters/],
    [
      'description over 2000',
      { title: 't', description: 'x'.repeat(2001) },
      /description must be at most 2000 characters/,
    ],
    ['unknown status', { title: 't', status: 'later' }, /status must be one of/],
    ['bad due date', { title: 't', due_date: '2030-13-01T08:00:00' }, /due_date/],
    ['due date with seconds', { title: 't', due_date: '2030-01-01T08:00:30' }, /due_date/],
    [
      'subtask over 125',
      { title: 't', subtasks: [{ title: 'x'.repeat(126) }] },
      /subtask title must be at most 125 characters/,
    ],
    ['blank subtask', { title: 't', subtasks: [{ title: '  ' }] }, /subtask title is required/],
    ['note over 1000', { title: 't', notes: ['x'.repeat(1001)] }, /note must be at most 1000/],
    ['blank note', { title: 't', notes: ['   '] }, /note is required/],
    ['unknown field', { title: 't', owner: 'me' }, /Unknown field: owner/],
    ['server-set field', { title: 't', completed_date: '2020-01-01' }, /Unknown field/],
  ];

  it.each(invalid)('refuses %s with 400 and a message naming the field', async (_, body, msg) => {
    const before = (await list(alice)).length;
    const res = await alice.as('POST', '/api/assignment', body);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toMatch(msg);
    expect((await list(alice)).length).toBe(before);
  });

  it('refuses a body that is not JSON (415) and a JSON body over 1 MB (413)', async () => {
    const form = await call('POST', '/api/assignment', {
      token: alice.user.idToken,
      csrf: alice.csrf,
      rawBody: 'title=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const big = await alice.as('POST', '/api/assignment', {
      title: 't',
      description: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: 'The request is too large. The limit is 1 MB.' });
  });
});

describe('PATCH /api/assignment', () => {
  it('changes only the fields sent', async () => {
    const item = await create(alice, { title: 'Math', description: 'Keep me', due_date: '' });
    const res = await alice.as('PATCH', '/api/assignment', {
      id: item.id,
      title: 'Math homework',
      due_date: '2031-02-03T09:05:00',
    });
    expect(res.status).toBe(200);
    expect((res.body as { item: Item }).item).toMatchObject({
      title: 'Math homework',
      description: 'Keep me',
      due_date: '2031-02-03T09:05:00',
    });
  });

  it('sets completed_date on entering done, keeps it while done, clears it on leaving', async () => {
    const item = await create(alice, { title: 'Finish me' });
    const done = await alice.as('PATCH', '/api/assignment', { id: item.id, status: 'done' });
    const stamped = (done.body as { item: Item }).item.completed_date;
    expect(stamped).toEqual(expect.stringMatching(/^\d{4}-/));
    const reordered = await alice.as('PATCH', '/api/assignment', {
      id: item.id,
      status: 'done',
      rank: 5,
    });
    expect((reordered.body as { item: Item }).item.completed_date).toBe(stamped);
    const back = await alice.as('PATCH', '/api/assignment', { id: item.id, status: 'new' });
    expect((back.body as { item: Item }).item.completed_date).toBeNull();
  });

  it('stores the order inside a column, so a reload shows the same order', async () => {
    const a = await actor();
    const one = await create(a, { title: 'one' });
    const two = await create(a, { title: 'two' });
    const three = await create(a, { title: 'three' });
    // Without due dates, each new card goes last in its column.
    expect((await list(a)).map((x) => x.title)).toEqual(['one', 'two', 'three']);
    // Move "three" between "one" and "two", and "two" into in progress.
    await a.as('PATCH', '/api/assignment', { id: three.id, rank: (one.rank + two.rank) / 2 });
    await a.as('PATCH', '/api/assignment', { id: two.id, status: 'in progress', rank: 0 });
    const after = await list(a);
    expect(after.filter((x) => x.status === 'new').map((x) => x.title)).toEqual(['one', 'three']);
    expect(after.filter((x) => x.status === 'in progress').map((x) => x.title)).toEqual(['two']);
  });

  it('replaces subtasks and notes when whole lists are sent', async () => {
    const item = await create(alice, { title: 'Lists', subtasks: [{ title: 'old' }] });
    expect(item.version).toBe(1);
    const res = await alice.as('PATCH', '/api/assignment', {
      id: item.id,
      version: item.version,
      subtasks: [
        { id: 'subtask-2-b', title: 'second', completed: true },
        { id: 'subtask-1-a', title: 'first' },
      ],
      notes: ['hello'],
    });
    const updated = (res.body as { item: Item }).item;
    expect(updated.subtasks.map((s) => s.title)).toEqual(['second', 'first']);
    expect(updated.notes.map((n) => n.text)).toEqual(['hello']);
    expect(updated.version).toBe(2);
  });

  it('refuses a whole-list PATCH without a version, or with a stale one, writing nothing', async () => {
    const item = await create(alice, {
      title: 'Versioned',
      subtasks: [{ id: 's1', title: 'one' }],
    });
    const missing = await alice.as('PATCH', '/api/assignment', { id: item.id, subtasks: [] });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'version is required when replacing subtasks or notes.',
    });
    // Any write raises the version, field-path writes included.
    const toggled = await alice.as('PATCH', `/api/assignment/${item.id}/subtasks/s1`, {
      completed: true,
    });
    expect((toggled.body as { item: Item }).item.version).toBe(2);
    const stale = await alice.as('PATCH', '/api/assignment', {
      id: item.id,
      version: 1,
      title: 'Should not land',
      notes: ['lost?'],
    });
    expect(stale.status).toBe(409);
    const body = stale.body as { error: string; item: Item };
    expect(body.error).toBe(
      'This assignment was changed on another device, so nothing was saved. Here is the latest copy.',
    );
    expect(body.item).toMatchObject({ id: item.id, title: 'Versioned', version: 2, notes: [] });
    expect(body.item.subtasks).toEqual([
      {
        id: 's1',
        title: 'one',
        completed: true,
        created_date: expect.any(String),
        estimate_minutes: null,
      },
    ]);
    const read = await alice.as('GET', `/api/assignment/${item.id}`);
    expect((read.body as { item: Item }).item).toEqual(body.item);
    // Field-level writes need no version.
    const renamed = await alice.as('PATCH', '/api/assignment', { id: item.id, title: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect((renamed.body as { item: Item }).item.version).toBe(3);
  });

  it('creates idempotently with client-chosen ids: a retry answers 201 and adds nothing', async () => {
    const id = `assignment-${Date.now()}-retry`;
    const first = await alice.as('POST', '/api/assignment', { id, title: 'Once' });
    const again = await alice.as('POST', '/api/assignment', { id, title: 'Once (retry)' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect((again.body as { item: Item }).item).toEqual((first.body as { item: Item }).item);
    expect((await list(alice)).filter((x) => x.id === id)).toHaveLength(1);
    // Bob's own assignment with the same id is his, not Alice's.
    const bobs = await bob.as('POST', '/api/assignment', { id, title: 'Bob' });
    expect((bobs.body as { item: Item }).item.title).toBe('Bob');

    const base = `/api/assignment/${id}`;
    const s1 = await alice.as('POST', `${base}/subtasks`, { id: 'subtask-1-x', title: 'Step' });
    const s2 = await alice.as('POST', `${base}/subtasks`, { id: 'subtask-1-x', title: 'Step' });
    const n1 = await alice.as('POST', `${base}/notes`, { id: 'note-1-x', text: 'Note' });
    const n2 = await alice.as('POST', `${base}/notes`, { id: 'note-1-x', text: 'Note' });
    expect([s1.status, s2.status, n1.status, n2.status]).toEqual([201, 201, 201, 201]);
    const item = (n2.body as { item: Item }).item;
    expect(item.subtasks.map((s) => s.id)).toEqual(['subtask-1-x']);
    expect(item.notes.map((n) => n.id)).toEqual(['note-1-x']);
    for (const bad of ['__proto__', 'constructor', 'a.b']) {
      const res = await alice.as('POST', '/api/assignment', { id: bad, title: 'x' });
      expect(res.status, bad).toBe(400);
    }
  });

  it('places a new card in its column by due date, soonest first and no date last', async () => {
    const a = await actor();
    const later = await create(a, { title: 'later', due_date: '2031-03-10T08:00:00' });
    const none = await create(a, { title: 'none' });
    const sooner = await create(a, { title: 'sooner', due_date: '2031-03-01T08:00:00' });
    const middle = await create(a, { title: 'middle', due_date: '2031-03-05T08:00:00' });
    expect(middle.rank).toBeGreaterThan(sooner.rank);
    expect(middle.rank).toBeLessThan(later.rank);
    expect(none.rank).toBeGreaterThan(later.rank);
    expect((await list(a)).map((x) => x.title)).toEqual(['sooner', 'middle', 'later', 'none']);
  });

  it('refuses invalid changes and leaves the assignment as it was', async () => {
    const item = await create(alice, { title: 'Stable' });
    for (const body of [
      { id: item.id, title: '' },
      { id: item.id, title: 'x'.repeat(126) },
      { id: item.id, status: 'archived' },
      { id: item.id, deep_dive: {} },
      { id: item.id, rank: 'first' },
      { title: 'no id' },
    ]) {
      const res = await alice.as('PATCH', '/api/assignment', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty('error');
    }
    const read = await alice.as('GET', `/api/assignment/${item.id}`);
    expect((read.body as { item: Item }).item).toEqual(item);
  });
});

describe('subtasks and notes, one at a time', () => {
  it('adds, toggles, renames and removes a subtask', async () => {
    const item = await create(alice, { title: 'Steps' });
    const base = `/api/assignment/${item.id}/subtasks`;
    const added = await alice.as('POST', base, { id: 'subtask-9-z', title: 'Read' });
    expect(added.status).toBe(201);
    expect((added.body as { item: Item }).item.subtasks).toEqual([
      {
        id: 'subtask-9-z',
        title: 'Read',
        completed: false,
        created_date: expect.any(String),
        estimate_minutes: null,
      },
    ]);
    await alice.as('POST', base, { title: 'Write' });
    const toggled = await alice.as('PATCH', `${base}/subtask-9-z`, { completed: true });
    expect((toggled.body as { item: Item }).item.subtasks[0]?.completed).toBe(true);
    const renamed = await alice.as('PATCH', `${base}/subtask-9-z`, { title: 'Read ch. 4' });
    expect((renamed.body as { item: Item }).item.subtasks[0]).toMatchObject({
      title: 'Read ch. 4',
      completed: true,
    });
    const removed = await alice.as('DELETE', `${base}/subtask-9-z`);
    expect((removed.body as { item: Item }).item.subtasks.map((s) => s.title)).toEqual(['Write']);
    // A removed subtask is gone for good: toggling it is a 404.
    expect((await alice.as('PATCH', `${base}/subtask-9-z`, { completed: false })).status).toBe(404);
    expect((await alice.as('PATCH', `${base}/nope`, { completed: true })).status).toBe(404);
  });

  it('refuses invalid subtasks and notes with 400', async () => {
    const item = await create(alice, { title: 'Checks', subtasks: [{ id: 's1', title: 'one' }] });
    const base = `/api/assignment/${item.id}`;
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', `${base}/subtasks`, { title: '' }, /subtask title is required/],
      ['POST', `${base}/subtasks`, { title: 'x'.repeat(126) }, /at most 125/],
      ['POST', `${base}/notes`, { id: 'a b', text: 'x' }, /note id may contain only/],
      ['PATCH', `${base}/subtasks/s1`, { completed: 'yes' }, /completed must be true or false/],
      ['PATCH', `${base}/subtasks/s1`, {}, /Nothing to change/],
      ['POST', `${base}/notes`, { text: '   ' }, /note is required/],
      ['POST', `${base}/notes`, { text: 'x'.repeat(1001) }, /note must be at most 1000/],
      ['POST', `${base}/notes`, { text: 'ok', pinned: true }, /Unknown field: pinned/],
    ];
    for (const [method, path, body, msg] of cases) {
      const res = await alice.as(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect((res.body as { error: string }).error).toMatch(msg);
    }
    const read = await alice.as('GET', `/api/assignment/${item.id}`);
    expect((read.body as { item: Item }).item).toMatchObject({
      subtasks: [{ id: 's1', title: 'one', completed: false }],
      notes: [],
    });
  });

  it('adds (trimmed), edits and removes a note', async () => {
    const item = await create(alice, { title: 'Notes' });
    const base = `/api/assignment/${item.id}/notes`;
    const added = await alice.as('POST', base, { text: '  Ask the teacher  ' });
    const note = (added.body as { item: Item }).item.notes[0];
    expect(note?.text).toBe('Ask the teacher');
    const edited = await alice.as('PATCH', `${base}/${note?.id}`, { text: 'Ask Ms. Rivera' });
    expect((edited.body as { item: Item }).item.notes[0]?.text).toBe('Ask Ms. Rivera');
    const removed = await alice.as('DELETE', `${base}/${note?.id}`);
    expect((removed.body as { item: Item }).item.notes).toEqual([]);
  });
});

describe('DELETE /api/assignment', () => {
  it('deletes the assignment', async () => {
    const item = await create(alice, { title: 'Delete me' });
    const res = await alice.as('DELETE', '/api/assignment', { id: item.id });
    expect(res.status).toBe(200);
    expect((await alice.as('GET', `/api/assignment/${item.id}`)).status).toBe(404);
    expect((await list(alice)).some((a) => a.id === item.id)).toBe(false);
  });
});

describe('GET /api/tasks/next-due', () => {
  it('answers the not-done task due soonest, then undated by creation, then 204', async () => {
    const a = await actor();
    const next = (q = a.user.uid) =>
      call<Item>('GET', `/api/tasks/next-due?userId=${q}&t=${Date.now()}`, {
        token: a.user.idToken,
      });
    expect((await next()).status).toBe(204);
    expect((await next()).text).toBe('');

    const undated1 = await create(a, { title: 'undated first' });
    await create(a, { title: 'undated second' });
    expect((await next()).body.id).toBe(undated1.id);

    await create(a, { title: 'later', due_date: '2099-01-01T08:00:00' });
    await create(a, { title: 'done overdue', due_date: '2001-01-01T08:00:00', status: 'done' });
    const overdue = await create(a, { title: 'overdue', due_date: '2002-02-02T10:00:00' });
    const res = await next();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: overdue.id, title: 'overdue' });

    expect((await next(bob.user.uid)).status).toBe(403);
    const noId = await call('GET', '/api/tasks/next-due', { token: a.user.idToken });
    expect(noId.status).toBe(400);
  });
});

describe('GET /api/assignments', () => {
  it('migrates legacy date-only due dates to T08:00:00 and stores the migration', async () => {
    const a = await actor();
    const legacy = await create(a, { title: 'Legacy', due_date: '2030-01-15' });
    expect(legacy.due_date).toBe('2030-01-15');
    const listed = await list(a);
    expect(listed.find((x) => x.id === legacy.id)?.due_date).toBe('2030-01-15T08:00:00');
    const read = await a.as('GET', `/api/assignment/${legacy.id}`);
    expect((read.body as { item: Item }).item.due_date).toBe('2030-01-15T08:00:00');
  });

  it('answers 304 to If-None-Match when nothing changed, so polling is cheap', async () => {
    const a = await actor();
    await create(a, { title: 'Poll me' });
    const first = await call('GET', '/api/assignments', { token: a.user.idToken });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const res = await fetch(`${inject('stack').api}/api/assignments`, {
      headers: { authorization: `Bearer ${a.user.idToken}`, 'if-none-match': etag ?? '' },
    });
    expect(res.status).toBe(304);
    await create(a, { title: 'Changed' });
    const changed = await fetch(`${inject('stack').api}/api/assignments`, {
      headers: { authorization: `Bearer ${a.user.idToken}`, 'if-none-match': etag ?? '' },
    });
    expect(changed.status).toBe(200);
  });
});
