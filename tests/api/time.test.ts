import type { Assignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

/** The UTC calendar day `offset` days from now, 'YYYY-MM-DD'. */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Two devices of one student: each its own session with the API. */
async function twoDevices(prefix: string) {
  const user = await createTestUser(prefix);
  const laptop = await studentApi(user.idToken);
  const phone = await studentApi(user.idToken);
  return { uid: laptop.id, laptop: laptop.as, phone: phone.as };
}

async function create(as: As, body: object): Promise<Assignment> {
  const res = await as('POST', '/api/assignment', body);
  expect(res.status).toBe(201);
  return (res.body as { item: Assignment }).item;
}

async function read(as: As, id: string): Promise<Assignment> {
  return ((await as('GET', `/api/assignment/${id}`)).body as { item: Assignment }).item;
}

/**
 * Moves a running session's start back by `minutes`: the server counts with its own clock, so
 * a session that ran for a while is one that started earlier.
 */
async function ranFor(uid: string, sessionId: string, minutes: number) {
  const ref = admin().db.doc(`users/${uid}/focus_sessions/${sessionId}`);
  const since = (await ref.get()).get('running_since') as number;
  await ref.update({ running_since: since - minutes * 60_000 });
}

const event = (as: As, id: string, session_id: string, e: string) =>
  as('POST', `/api/assignment/${id}/focus-sessions`, { session_id, event: e });

describe('subtask estimates across two devices', () => {
  it('keeps both devices’ estimates and titles (field-path writes)', async () => {
    const { laptop, phone } = await twoDevices('estimates');
    const a = await create(laptop, {
      title: 'Lab report',
      subtasks: [
        { id: 'method', title: 'Method', estimate_minutes: 30 },
        { id: 'results', title: 'Results' },
      ],
    });
    expect(a.subtasks.map((s) => s.estimate_minutes)).toEqual([30, null]);

    const [fromLaptop, fromPhone, added] = await Promise.all([
      laptop('PATCH', `/api/assignment/${a.id}/subtasks/method`, { title: 'Write the method' }),
      phone('PATCH', `/api/assignment/${a.id}/subtasks/results`, { estimate_minutes: 45 }),
      phone('POST', `/api/assignment/${a.id}/subtasks`, {
        id: 'discussion',
        title: 'Discussion',
        estimate_minutes: 60,
      }),
    ]);
    expect([fromLaptop.status, fromPhone.status, added.status]).toEqual([200, 200, 201]);

    const after = await read(laptop, a.id);
    expect(after.subtasks.map((s) => [s.id, s.title, s.estimate_minutes])).toEqual([
      ['method', 'Write the method', 30],
      ['results', 'Results', 45],
      ['discussion', 'Discussion', 60],
    ]);
    // Clearing one estimate leaves the others.
    await phone('PATCH', `/api/assignment/${a.id}/subtasks/method`, { estimate_minutes: null });
    expect((await read(laptop, a.id)).subtasks.map((s) => s.estimate_minutes)).toEqual([
      null,
      45,
      60,
    ]);
  });
});

describe('POST /api/assignment/{id}/focus-sessions', () => {
  it('counts one device at a time: a start on the phone ends the laptop’s session, its minutes kept', async () => {
    const { uid, laptop, phone } = await twoDevices('focus-minutes');
    const a = await create(laptop, { title: 'Essay' });
    expect(a.focus_minutes).toBe(0);

    expect((await event(laptop, a.id, 'laptop-1', 'start')).status).toBe(200);
    await ranFor(uid, 'laptop-1', 10);
    // Focus Mode opened on the phone: the laptop's 10 minutes count, the phone's from now on.
    const moved = await event(phone, a.id, 'phone-1', 'start');
    expect(moved.body).toMatchObject({ counted_minutes: 0, item: { focus_minutes: 10 } });
    await ranFor(uid, 'phone-1', 7);

    const [paused, finished] = await Promise.all([
      event(laptop, a.id, 'laptop-1', 'pause'),
      event(phone, a.id, 'phone-1', 'finish'),
    ]);
    expect([paused.status, finished.status]).toEqual([200, 200]);
    expect(paused.body).toMatchObject({ counted_minutes: 10 });
    expect((await read(phone, a.id)).focus_minutes).toBe(17);

    // Paused time does not count: 4 minutes, a pause, then 5 more.
    expect((await event(laptop, a.id, 'laptop-2', 'start')).status).toBe(200);
    await ranFor(uid, 'laptop-2', 4);
    expect((await event(laptop, a.id, 'laptop-2', 'pause')).body).toMatchObject({
      counted_minutes: 4,
      item: { focus_minutes: 21 },
    });
    expect((await event(laptop, a.id, 'laptop-2', 'resume')).status).toBe(200);
    await ranFor(uid, 'laptop-2', 5);
    const last = await event(laptop, a.id, 'laptop-2', 'finish');
    expect(last.body).toMatchObject({ counted_minutes: 9, item: { focus_minutes: 26 } });

    // Retried events change nothing.
    await event(laptop, a.id, 'laptop-2', 'finish');
    await event(laptop, a.id, 'laptop-1', 'finish');
    await event(phone, a.id, 'phone-1', 'finish');
    const item = await read(laptop, a.id);
    expect(item.focus_minutes).toBe(26);
    expect(item.version).toBeGreaterThan(a.version);
  });

  it('caps a session at the timer’s 25 minutes, however long it stayed open', async () => {
    const { uid, laptop } = await twoDevices('focus-cap');
    const a = await create(laptop, { title: 'Reading' });
    await event(laptop, a.id, 'left-open', 'start');
    await ranFor(uid, 'left-open', 180);
    const res = await event(laptop, a.id, 'left-open', 'finish');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ counted_minutes: 25, item: { focus_minutes: 25 } });
  });

  it('is not writable as a field of the assignment', async () => {
    const { laptop } = await twoDevices('focus-readonly');
    const a = await create(laptop, { title: 'Poster' });
    const res = await laptop('PATCH', '/api/assignment', { id: a.id, focus_minutes: 500 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Unknown field: focus_minutes.' });
    expect((await read(laptop, a.id)).focus_minutes).toBe(0);
  });
});

describe('GET /api/what-now', () => {
  it('answers the shared pick with its first unticked subtask and reason, then 204', async () => {
    const { laptop } = await twoDevices('what-now');
    expect((await laptop('GET', '/api/what-now')).status).toBe(204);

    await create(laptop, {
      title: 'Old and done',
      due_date: `${day(-3)}T09:00:00`,
      status: 'done',
    });
    const undated = await create(laptop, { title: 'Someday' });
    const essay = await create(laptop, {
      title: 'Essay',
      due_date: `${day(1)}T09:00:00`,
      subtasks: [
        { id: 'outline', title: 'Outline', completed: true, estimate_minutes: 30 },
        { id: 'draft', title: 'Draft', estimate_minutes: 30 },
        { id: 'proofread', title: 'Proofread', estimate_minutes: 15 },
      ],
    });

    const first = await laptop('GET', '/api/what-now?tz=UTC');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      assignment_id: essay.id,
      subtask_id: 'draft',
      reason: 'Due tomorrow 9:00 AM · about 45 min of work left',
    });

    const other = await laptop('GET', `/api/what-now?tz=UTC&skip=${essay.id}`);
    expect(other.body).toEqual({
      assignment_id: undated.id,
      subtask_id: null,
      reason: 'No due date, next on your board',
    });
  });
  it('picks the work session planned for now first, and passes over it on "Something else"', async () => {
    const { laptop } = await twoDevices('what-now-plan');
    const soon = await create(laptop, { title: 'Lab report', due_date: `${day(1)}T09:00:00` });
    const later = await create(laptop, { title: 'Reading', due_date: `${day(5)}T09:00:00` });
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const session = { id: 'now', assignment_id: later.id, start: at(-10), end: at(35) };
    // Not under way: the pick is the usual one.
    const ahead = { ...session, start: at(60), end: at(105) };
    expect((await laptop('PUT', '/api/plan', { sessions: [ahead] })).status).toBe(200);
    expect((await laptop('GET', '/api/what-now?tz=UTC')).body).toMatchObject({
      assignment_id: soon.id,
    });

    const plan = (await laptop('GET', '/api/plan')).body as { version: number };
    const put = await laptop('PUT', '/api/plan', { sessions: [session], version: plan.version });
    expect(put.status).toBe(200);
    expect((await laptop('GET', '/api/what-now?tz=UTC')).body).toEqual({
      assignment_id: later.id,
      subtask_id: null,
      reason: expect.stringMatching(/^Planned for now · Due /),
    });
    expect((await laptop('GET', `/api/what-now?tz=UTC&skip=${later.id}`)).body).toMatchObject({
      assignment_id: soon.id,
    });
  });
});
