import { followingDue, nextOccurrence, wallClockIn, type Assignment } from '@brainboard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';

const WEEKLY_FRI = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null, zone: 'UTC' };

type As = <T = { item: Assignment }>(
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

let as: As;

beforeAll(async () => {
  const user = await createTestUser();
  const { csrf_token } = await sessionOf(user);
  as = (method, path, body) =>
    call(method, path, {
      token: user.idToken,
      csrf: csrf_token,
      ...(body === undefined ? {} : { body }),
    }) as never;
});

/** The first Friday at 17:00 after today (UTC wall clock), shifted by `weeks`. */
function friday(weeks: number): string {
  const today = wallClockIn(new Date(), 'UTC');
  const next = nextOccurrence(
    { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
    '2020-01-03T17:00:00',
    today,
  );
  const d = new Date(`${next}Z`);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  return d.toISOString().slice(0, 19);
}

async function seriesCards(seriesId: string): Promise<Assignment[]> {
  const list = await as<Assignment[]>('GET', '/api/assignments');
  expect(list.status).toBe(200);
  return list.body.filter((a) => a.series_id === seriesId);
}

async function makeWeekly(title: string, due: string, extra: Record<string, unknown> = {}) {
  const created = await as('POST', '/api/assignment', {
    title,
    due_date: due,
    repeat: WEEKLY_FRI,
    ...extra,
  });
  expect(created.status).toBe(201);
  expect(created.body.item.series_id).toMatch(/^series-/);
  expect(created.body.item.repeat).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null });
  return created.body.item;
}

describe('assignments that repeat', () => {
  it('creates the next instance exactly once when two devices mark it Done at once (50 rounds)', async () => {
    const first = await makeWeekly('Problem set', friday(0), {
      subtasks: [{ title: 'Read' }, { title: 'Solve' }],
    });
    const seriesId = first.series_id!;
    let open = first;
    const problems: string[] = [];
    for (let round = 1; round <= 50; round++) {
      const [a, b] = await Promise.all([
        as('PATCH', '/api/assignment', { id: open.id, status: 'done' }),
        as('PATCH', '/api/assignment', { id: open.id, status: 'done', rank: 5 }),
      ]);
      if (a.status !== 200 || b.status !== 200)
        problems.push(`round ${round}: ${a.status}/${b.status}`);
      const cards = await seriesCards(seriesId);
      const pending = cards.filter((c) => c.status !== 'done');
      if (cards.length !== round + 1 || pending.length !== 1) {
        problems.push(`round ${round}: ${cards.length} cards, ${pending.length} open`);
      }
      const next = pending[0];
      if (!next) break;
      if (next.due_date !== friday(round)) problems.push(`round ${round}: due ${next.due_date}`);
      open = next;
    }
    expect(problems).toEqual([]);
    expect(open.status).toBe('new');
    expect(open.subtasks.map((s) => [s.title, s.completed])).toEqual([
      ['Read', false],
      ['Solve', false],
    ]);
  });

  it('"only this one" changes one card; "this and the ones after" changes the next ones too', async () => {
    const first = await makeWeekly('Lab report', friday(1), {
      subtasks: [{ title: 'Measure' }],
      notes: ['Bring goggles'],
    });
    const only = await as('PATCH', '/api/assignment', {
      id: first.id,
      title: 'Lab report (make-up)',
      scope: 'this',
    });
    expect(only.status).toBe(200);
    expect(only.body.item.title).toBe('Lab report (make-up)');
    const sid = first.subtasks[0]!.id;
    expect(
      (await as('PATCH', `/api/assignment/${first.id}/subtasks/${sid}`, { completed: true }))
        .status,
    ).toBe(200);
    await as('PATCH', '/api/assignment', { id: first.id, status: 'done' });

    const [second] = (await seriesCards(first.series_id!)).filter((c) => c.status === 'new');
    expect(second).toMatchObject({ title: 'Lab report', due_date: friday(2), notes: [] });
    expect(second!.subtasks.map((s) => [s.title, s.completed])).toEqual([['Measure', false]]);

    const following = await as('PATCH', '/api/assignment', {
      id: second!.id,
      title: 'Lab report v2',
      description: 'Two pages.',
      scope: 'following',
    });
    expect(following.status).toBe(200);
    await as('PATCH', '/api/assignment', { id: second!.id, status: 'done' });
    const [third] = (await seriesCards(first.series_id!)).filter((c) => c.status === 'new');
    expect(third).toMatchObject({
      title: 'Lab report v2',
      description: 'Two pages.',
      due_date: friday(3),
    });
    // The finished card keeps its own note.
    const done = await as('GET', `/api/assignment/${first.id}`);
    expect(done.body.item.notes.map((n) => n.text)).toEqual(['Bring goggles']);
  });

  it('never piles up: three missed weeks leave one card, and Done brings the next future date', async () => {
    const missed = await makeWeekly('Weekly reading', friday(-3));
    const cards = await seriesCards(missed.series_id!);
    expect(cards.map((c) => c.id)).toEqual([missed.id]);
    await as('PATCH', '/api/assignment', { id: missed.id, status: 'done' });
    const after = await seriesCards(missed.series_id!);
    expect(after).toHaveLength(2);
    const open = after.filter((c) => c.status === 'new');
    expect(open.map((c) => c.due_date)).toEqual([
      followingDue(WEEKLY_FRI, missed.due_date, missed.due_date, new Date(), 'UTC'),
    ]);
    expect(open[0]!.due_date).toBe(friday(0));
  });

  it('skips an open card to the next date, and stopping the repeat keeps the cards', async () => {
    const missed = await makeWeekly('Quiz prep', friday(-2));
    const skipped = await as('POST', `/api/assignment/${missed.id}/skip`, {});
    expect(skipped.status).toBe(200);
    expect(skipped.body.item).toMatchObject({ id: missed.id, due_date: friday(0), status: 'new' });
    const again = await as('POST', `/api/assignment/${missed.id}/skip`, {});
    expect(again.body.item.due_date).toBe(friday(1));
    expect(await seriesCards(missed.series_id!)).toHaveLength(1);

    const stopped = await as('PATCH', '/api/assignment', { id: missed.id, repeat: null });
    expect(stopped.status).toBe(200);
    expect(stopped.body.item).toMatchObject({ series_id: null, repeat: null, title: 'Quiz prep' });
    await as('PATCH', '/api/assignment', { id: missed.id, status: 'done' });
    expect(await seriesCards(missed.series_id!)).toHaveLength(0);
    const notRepeating = await as<{ error: string }>(
      'POST',
      `/api/assignment/${missed.id}/skip`,
      {},
    );
    expect({ status: notRepeating.status, body: notRepeating.body }).toEqual({
      status: 400,
      body: { error: 'Only an open repeating assignment can skip to its next date.' },
    });
  });

  it('refuses a repeat without a due time or with a rule it cannot keep', async () => {
    const noDue = await as<{ error: string }>('POST', '/api/assignment', {
      title: 'No date',
      repeat: WEEKLY_FRI,
    });
    expect({ status: noDue.status, body: noDue.body }).toEqual({
      status: 400,
      body: { error: 'A repeating assignment needs a due date.' },
    });
    const yearly = await as<{ error: string }>('POST', '/api/assignment', {
      title: 'Yearly',
      due_date: friday(0),
      repeat: { rrule: 'FREQ=YEARLY', until: null },
    });
    expect(yearly.status).toBe(400);
  });
});
