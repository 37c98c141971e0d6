import { followingDue, type Assignment } from '@brainboard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { friday } from '../support/dates.ts';
import { admin } from '../support/firestore.ts';

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

/** The request (`METHOD /path`) is refused: 400 with exactly `error`. */
async function expectRefused(request: string, body: unknown, error: string) {
  const [method = '', path = ''] = request.split(' ');
  const res = await as<{ error: string }>(method, path, body);
  expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error } });
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
    await expectRefused(
      `POST /api/assignment/${missed.id}/skip`,
      {},
      'Only an open repeating assignment can skip to its next date.',
    );
  });

  it('skips once from the date it names: two devices, or one sending again, move it one date (50 rounds)', async () => {
    for (let round = 0; round < 50; round++) {
      const card = await makeWeekly(`Skip race ${round}`, friday(-1));
      const body = { from: card.due_date };
      const answers = await Promise.all([
        as('POST', `/api/assignment/${card.id}/skip`, body),
        as('POST', `/api/assignment/${card.id}/skip`, body),
      ]);
      expect(answers.map((a) => [a.status, a.body.item.due_date])).toEqual([
        [200, friday(0)],
        [200, friday(0)],
      ]);
      const resent = await as('POST', `/api/assignment/${card.id}/skip`, body);
      expect(resent.body.item).toMatchObject({ due_date: friday(0), version: 2 });
    }
  });

  it('refuses a repeat without a due time or with a rule it cannot keep', async () => {
    await expectRefused(
      'POST /api/assignment',
      { title: 'No date', repeat: WEEKLY_FRI },
      'A repeating assignment needs a due date.',
    );
    const yearly = await as<{ error: string }>('POST', '/api/assignment', {
      title: 'Yearly',
      due_date: friday(0),
      repeat: { rrule: 'FREQ=YEARLY', until: null },
    });
    expect(yearly.status).toBe(400);
  });
});

/** A fresh student and a way to call the API as them. */
async function freshStudent(): Promise<{ uid: string; as: As }> {
  const user = await createTestUser('repeat');
  const { csrf_token } = await sessionOf(user);
  return {
    uid: user.uid,
    as: (method, path, body) =>
      call(method, path, {
        token: user.idToken,
        csrf: csrf_token,
        ...(body === undefined ? {} : { body }),
      }) as never,
  };
}

describe('a change of the repeat rule', () => {
  it('is refused for "only this one" and changes nothing; "this and the ones after" changes the series', async () => {
    const first = await makeWeekly('Seminar reading', friday(1));
    await expectRefused(
      'PATCH /api/assignment',
      {
        id: first.id,
        title: 'Seminar reading (short)',
        repeat: { rrule: 'FREQ=WEEKLY;BYDAY=MO', until: null },
        scope: 'this',
      },
      'A change to how this assignment repeats applies to it and the ones after it. Choose "This and the ones after" to save it.',
    );
    const unchanged = await as('GET', `/api/assignment/${first.id}`);
    expect(unchanged.body.item).toMatchObject({
      title: 'Seminar reading',
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
    });
    await as('PATCH', '/api/assignment', { id: first.id, status: 'done' });
    const [second] = (await seriesCards(first.series_id!)).filter((c) => c.status === 'new');
    // The series still repeats on Fridays.
    expect(second).toMatchObject({
      due_date: friday(2),
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR' },
    });

    // A new rule and Done in one save: the next card follows the new rule.
    const following = await as('PATCH', '/api/assignment', {
      id: second!.id,
      repeat: { rrule: 'FREQ=DAILY;INTERVAL=3', until: null },
      status: 'done',
      scope: 'following',
    });
    expect(following.status).toBe(200);
    expect(following.body.item.repeat).toEqual({ rrule: 'FREQ=DAILY;INTERVAL=3', until: null });
    const [third] = (await seriesCards(first.series_id!)).filter((c) => c.status === 'new');
    const plus3 = new Date(`${friday(2)}Z`);
    plus3.setUTCDate(plus3.getUTCDate() + 3);
    expect(third).toMatchObject({
      due_date: plus3.toISOString().slice(0, 19),
      repeat: { rrule: 'FREQ=DAILY;INTERVAL=3', until: null },
    });
  });
});

describe('starting a repeat on a card and finishing it in one save', () => {
  it('creates the next card from the new rule', async () => {
    const plain = await as('POST', '/api/assignment', { title: 'Flashcards', due_date: friday(1) });
    const saved = await as('PATCH', '/api/assignment', {
      id: plain.body.item.id,
      repeat: WEEKLY_FRI,
      status: 'done',
    });
    expect(saved.status).toBe(200);
    const cards = await seriesCards(saved.body.item.series_id!);
    expect(cards.map((c) => [c.status, c.due_date])).toEqual([
      ['done', friday(1)],
      ['new', friday(2)],
    ]);
  });
});

describe('deleting the open card of a repeat', () => {
  it('"only this one" brings the next card; "this and the ones after" stops the repeat', async () => {
    const first = await makeWeekly('Vocabulary quiz', friday(1));
    await expectRefused(
      'DELETE /api/assignment',
      { id: first.id, scope: 'all' },
      'scope must be one of: this, following.',
    );
    const deleted = await as<{ ok: boolean; next: Assignment | null }>(
      'DELETE',
      '/api/assignment',
      { id: first.id, scope: 'this' },
    );
    expect(deleted.status).toBe(200);
    const cards = await seriesCards(first.series_id!);
    expect(cards.map((c) => [c.status, c.due_date])).toEqual([['new', friday(2)]]);
    expect(deleted.body).toEqual({ ok: true, next: cards[0] });

    // Without a scope, deleting the open card is "only this one" as well.
    const again = await as<{ ok: boolean; next: Assignment | null }>('DELETE', '/api/assignment', {
      id: cards[0]!.id,
    });
    expect(again.body.next).toMatchObject({ due_date: friday(3), status: 'new' });

    const stop = await as<{ ok: boolean; next: Assignment | null }>('DELETE', '/api/assignment', {
      id: again.body.next!.id,
      scope: 'following',
    });
    expect(stop.body).toEqual({ ok: true, next: null });
    expect(await seriesCards(first.series_id!)).toEqual([]);
  });

  it('deleting a finished card leaves the open one alone', async () => {
    const first = await makeWeekly('Worksheet', friday(1));
    await as('PATCH', '/api/assignment', { id: first.id, status: 'done' });
    const gone = await as<{ ok: boolean; next: Assignment | null }>('DELETE', '/api/assignment', {
      id: first.id,
    });
    expect(gone.body).toEqual({ ok: true, next: null });
    const cards = await seriesCards(first.series_id!);
    expect(cards.map((c) => [c.status, c.due_date])).toEqual([['new', friday(2)]]);
  });
});

describe('reopening a finished card of a repeat', () => {
  it('takes back the untouched next card, or leaves the repeat when the next one was worked on', async () => {
    const first = await makeWeekly('Essay draft', friday(1));
    await as('PATCH', '/api/assignment', { id: first.id, status: 'done' });
    expect(await seriesCards(first.series_id!)).toHaveLength(2);
    const reopened = await as('PATCH', '/api/assignment', { id: first.id, status: 'in progress' });
    expect(reopened.body.item).toMatchObject({ status: 'in progress', series_id: first.series_id });
    expect((await seriesCards(first.series_id!)).map((c) => c.id)).toEqual([first.id]);

    // Done again brings the next card back; this time the student works on it first.
    await as('PATCH', '/api/assignment', { id: first.id, status: 'done' });
    const [next] = (await seriesCards(first.series_id!)).filter((c) => c.status === 'new');
    await as('PATCH', '/api/assignment', { id: next!.id, title: 'Essay draft 2' });
    const back = await as('PATCH', '/api/assignment', { id: first.id, status: 'new' });
    expect(back.body.item).toMatchObject({ status: 'new', series_id: null, repeat: null });
    const open = (await seriesCards(first.series_id!)).filter((c) => c.status !== 'done');
    expect(open.map((c) => c.title)).toEqual(['Essay draft 2']);
  });

  it('keeps one open card when two devices reopen while a third edits the next card (50 rounds)', async () => {
    const first = await makeWeekly('Lab notebook', friday(1));
    const seriesId = first.series_id!;
    const problems: string[] = [];
    let open = first;
    for (let round = 1; round <= 50; round++) {
      const done = await as('PATCH', '/api/assignment', { id: open.id, status: 'done' });
      const next = (await seriesCards(seriesId)).find((c) => c.status === 'new');
      if (done.status !== 200 || !next) {
        problems.push(`round ${round}: done ${done.status}, next ${next?.id}`);
        break;
      }
      const [a, b, edit] = await Promise.all([
        as('PATCH', '/api/assignment', { id: open.id, status: 'new' }),
        as('PATCH', '/api/assignment', { id: open.id, status: 'in progress', rank: 3 }),
        as('PATCH', '/api/assignment', { id: next.id, description: `Round ${round}` }),
      ]);
      if (a.status !== 200 || b.status !== 200) {
        problems.push(`round ${round}: reopen ${a.status}/${b.status}`);
      }
      const cards = await seriesCards(seriesId);
      const pending = cards.filter((c) => c.status !== 'done');
      if (pending.length !== 1) {
        problems.push(`round ${round}: ${pending.length} open cards`);
        break;
      }
      const reopened = await as('GET', `/api/assignment/${open.id}`);
      if (edit.status === 200) {
        // The next card was worked on first: it stays, and the reopened card left the repeat.
        if (pending[0]!.id !== next.id || reopened.body.item.series_id !== null) {
          problems.push(`round ${round}: edit won but ${pending[0]!.id} is open`);
        }
      } else if (edit.status !== 404 || pending[0]!.id !== open.id) {
        problems.push(`round ${round}: edit ${edit.status}, open ${pending[0]!.id}`);
      }
      open = pending[0]!;
    }
    expect(problems).toEqual([]);
  });
});

describe("the rule's time zone", () => {
  /** A daily card due yesterday at an hour 6 to 7 hours from now (UTC wall clock). */
  function dailyMissed(now: Date) {
    const later = new Date(now.getTime() + 7 * 3600_000);
    const hour = String(later.getUTCHours()).padStart(2, '0');
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    return { due: `${yesterday}T${hour}:00:00`, repeat: { rrule: 'FREQ=DAILY', until: null } };
  }

  it("reads now in the profile's time_zone, also after the profile's zone changed", async () => {
    const student = await freshStudent();
    const { due, repeat } = dailyMissed(new Date());
    const created = await student.as('POST', '/api/assignment', {
      title: 'Daily practice',
      due_date: due,
      repeat: { ...repeat, zone: 'UTC' },
    });
    expect(created.status).toBe(201);
    // 14 hours ahead of UTC: the next 'hour' after now there is a day later than in UTC.
    const zone = 'Pacific/Kiritimati';
    expect(
      (await student.as('PATCH', `/api/user/${student.uid}`, { time_zone: zone })).status,
    ).toBe(200);
    const now = new Date();
    await student.as('PATCH', '/api/assignment', { id: created.body.item.id, status: 'done' });
    const list = (await student.as<Assignment[]>('GET', '/api/assignments')).body;
    const next = list.find((c) => c.status === 'new');
    const inZone = followingDue(repeat, due, due, now, zone);
    expect(inZone).not.toBe(followingDue(repeat, due, due, now, 'UTC'));
    expect(next?.due_date).toBe(inZone);
    const { db } = admin();
    const series = await db.doc(`users/${student.uid}/series/${created.body.item.series_id}`).get();
    expect(series.get('zone')).toBe(zone);
  });

  it('keeps the wall-clock time across a daylight-saving change in that zone', async () => {
    const student = await freshStudent();
    const zone = 'America/New_York';
    await student.as('PATCH', `/api/user/${student.uid}`, { time_zone: zone });
    // New York starts summer time on Sunday 9 March 2031.
    const created = await student.as('POST', '/api/assignment', {
      title: 'Sunday review',
      due_date: '2031-03-02T17:00:00',
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=SU', until: null },
    });
    expect(created.status).toBe(201);
    const { db } = admin();
    const series = await db.doc(`users/${student.uid}/series/${created.body.item.series_id}`).get();
    expect(series.get('zone')).toBe(zone);
    await student.as('PATCH', '/api/assignment', { id: created.body.item.id, status: 'done' });
    const list = (await student.as<Assignment[]>('GET', '/api/assignments')).body;
    expect(list.find((c) => c.status === 'new')?.due_date).toBe('2031-03-09T17:00:00');
  });
});
