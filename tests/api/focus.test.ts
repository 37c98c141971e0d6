import { describe, expect, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

/** The UTC calendar day `offset` days from now, 'YYYY-MM-DD'. */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Student {
  user: TestUser;
  csrf: string;
  complete(date: unknown): Promise<{ status: number; streak?: number; error?: string }>;
}

async function student(): Promise<Student> {
  const user = await createTestUser('focus');
  const { csrf_token } = await sessionOf(user);
  return {
    user,
    csrf: csrf_token,
    async complete(date) {
      const res = await call<{ streak?: number; error?: string }>('POST', '/api/focus/complete', {
        token: user.idToken,
        csrf: csrf_token,
        body: { date },
      });
      return { status: res.status, ...res.body };
    },
  };
}

/** The streak fields of the profile, as every device's session sees them. */
async function profileStreak(s: Student) {
  const user = await sessionOf(s.user);
  return { focus_streak: user.focus_streak, focus_last_date: user.focus_last_date };
}

describe('POST /api/focus/complete', () => {
  it('answers 401 without a signed-in user', async () => {
    const res = await call('POST', '/api/focus/complete', { body: { date: day(0) } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Please sign in to continue.' });
  });

  it('answers 403 without the CSRF token or with a wrong one', async () => {
    const s = await student();
    const missing = await call('POST', '/api/focus/complete', {
      token: s.user.idToken,
      body: { date: day(0) },
    });
    expect(missing.status).toBe(403);
    const wrong = await call('POST', '/api/focus/complete', {
      token: s.user.idToken,
      csrf: 'not-the-token',
      body: { date: day(0) },
    });
    expect(wrong.status).toBe(403);
    expect(await profileStreak(s)).toEqual({ focus_streak: undefined, focus_last_date: undefined });
  });

  it('answers 400 for a date that is missing, malformed, not real or not today', async () => {
    const s = await student();
    for (const date of [undefined, 20261121, 'today', '2026-11-21T08:00:00', '2026-02-30']) {
      const res = await s.complete(date);
      expect(res.status, String(date)).toBe(400);
      expect(res.error).toBe('Send the date of the focus session as YYYY-MM-DD.');
    }
    for (const date of [day(-3), day(2), '2001-01-01']) {
      const res = await s.complete(date);
      expect(res.status, date).toBe(400);
      expect(res.error).toMatch(/must be today's date/);
    }
    const raw = await call('POST', '/api/focus/complete', {
      token: s.user.idToken,
      csrf: s.csrf,
      rawBody: '"2026-11-21"',
    });
    expect(raw.status).toBe(400);
    expect(await profileStreak(s)).toEqual({ focus_streak: undefined, focus_last_date: undefined });
  });

  it('counts a day once: repeats on the same day keep the streak', async () => {
    const s = await student();
    expect(await s.complete(day(0))).toEqual({ status: 200, streak: 1 });
    expect(await s.complete(day(0))).toEqual({ status: 200, streak: 1 });
    expect(await profileStreak(s)).toEqual({ focus_streak: 1, focus_last_date: day(0) });
  });

  it('is safe under concurrent calls from several devices', async () => {
    const s = await student();
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.complete(day(0))));
    expect(answers.map((a) => a.streak)).toEqual(Array(8).fill(1));
    expect(await profileStreak(s)).toEqual({ focus_streak: 1, focus_last_date: day(0) });
  });

  it('grows by one on each following day', async () => {
    const s = await student();
    expect((await s.complete(day(-1))).streak).toBe(1);
    expect((await s.complete(day(0))).streak).toBe(2);
    expect((await s.complete(day(0))).streak).toBe(2);
    expect((await s.complete(day(1))).streak).toBe(3);
    expect(await profileStreak(s)).toEqual({ focus_streak: 3, focus_last_date: day(1) });
  });

  it('keeps the streak across a single day without a session (the weekly rest day)', async () => {
    const s = await student();
    expect((await s.complete(day(-1))).streak).toBe(1);
    expect((await s.complete(day(1))).streak).toBe(2);
    expect(await profileStreak(s)).toEqual({ focus_streak: 2, focus_last_date: day(1) });
  });

  it('a late call for an earlier day does not turn the profile back', async () => {
    const s = await student();
    await s.complete(day(0));
    await s.complete(day(1));
    expect((await s.complete(day(0))).streak).toBe(1);
    expect(await profileStreak(s)).toEqual({ focus_streak: 2, focus_last_date: day(1) });
  });

  it('keeps each student’s streak apart, and deleting the account deletes it', async () => {
    const [a, b] = await Promise.all([student(), student()]);
    await a.complete(day(-1));
    await a.complete(day(0));
    expect((await b.complete(day(0))).streak).toBe(1);
    expect((await profileStreak(a)).focus_streak).toBe(2);

    const { db } = admin();
    expect((await db.collection(`users/${a.user.uid}/focus_days`).get()).size).toBe(2);
    const del = await call('DELETE', `/api/user/${a.user.uid}`, {
      token: a.user.idToken,
      csrf: a.csrf,
    });
    expect(del.status, del.text).toBe(200);
    expect((await db.collection(`users/${a.user.uid}/focus_days`).get()).size).toBe(0);
    expect((await db.collection(`users/${b.user.uid}/focus_days`).get()).size).toBe(1);
  });
});

describe('GET /api/focus/next', () => {
  async function seed(s: Student, title: string, due_date: string, status = 'new') {
    const res = await call<{ item: { id: string } }>('POST', '/api/assignment', {
      token: s.user.idToken,
      csrf: s.csrf,
      body: { title, due_date, status },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.item.id;
  }

  const next = (s: Student, current: string, seen: string[] = []) =>
    call<{ id: string; title: string }>(
      'GET',
      `/api/focus/next?current=${encodeURIComponent(current)}&seen=${seen.join(',')}`,
      { token: s.user.idToken },
    );

  it('answers the next due pending task after the current one, skipping seen ones', async () => {
    const s = await student();
    const first = await seed(s, 'First', `${day(1)}T08:00:00`);
    const second = await seed(s, 'Second', `${day(2)}T08:00:00`);
    const third = await seed(s, 'Third', `${day(3)}T08:00:00`);
    await seed(s, 'Finished', `${day(0)}T08:00:00`, 'done');

    expect((await next(s, first)).body.title).toBe('Second');
    expect((await next(s, second, [first])).body.title).toBe('Third');
    // Every other task seen: start over, never the current one.
    expect((await next(s, third, [first, second])).body.title).toBe('First');
  });

  it('answers 204 when the current task is the only pending one', async () => {
    const s = await student();
    const only = await seed(s, 'Only', `${day(1)}T08:00:00`);
    const res = await next(s, only);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('needs a signed-in user and the current task', async () => {
    expect((await call('GET', '/api/focus/next?current=x')).status).toBe(401);
    const s = await student();
    const res = await call('GET', '/api/focus/next', { token: s.user.idToken });
    expect(res.status).toBe(400);
  });

  it("never answers another student's tasks", async () => {
    const [a, b] = await Promise.all([student(), student()]);
    await seed(a, 'Private', `${day(1)}T08:00:00`);
    const res = await next(b, 'anything');
    expect(res.status).toBe(204);
  });
});

describe('POST /api/assignment/:id/focus-sessions on one card', () => {
  /** The reported case: each session finished 32 s after the starts. */
  const RAN_MS = 32_000;

  /**
   * `rounds` times: `starts` sessions started at once on one card, then all finished at once
   * after RAN_MS. Answers what each round added beyond the time that passed.
   */
  async function startAndFinish(rounds: number, starts: number): Promise<string[]> {
    const s = await student();
    const created = await call<{ item: { id: string } }>('POST', '/api/assignment', {
      token: s.user.idToken,
      csrf: s.csrf,
      body: { title: 'Reading log' },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.item.id;
    const event = (session_id: string, event: string) =>
      call('POST', `/api/assignment/${id}/focus-sessions`, {
        token: s.user.idToken,
        csrf: s.csrf,
        body: { session_id, event },
      });
    const sessions = admin().db.collection(`users/${s.user.uid}/focus_sessions`);

    let total = 0;
    const problems: string[] = [];
    for (let round = 1; round <= rounds && problems.length === 0; round++) {
      const ids = Array.from({ length: starts }, (_, i) => `round-${round}-device-${i}`);
      const began = Date.now();
      const started = await Promise.all(ids.map((sid) => event(sid, 'start')));
      const refused = started.filter((r) => r.status !== 200);
      if (refused.length > 0) problems.push(`round ${round}: start answered ${refused[0]!.text}`);
      // The server counts with its own clock: a session that ran for 32 s is one that started
      // 32 s earlier, so every session still running is moved back by that much.
      const running = await sessions.where('state', '==', 'running').get();
      await Promise.all(
        running.docs.map((d) =>
          d.ref.update({ running_since: (d.get('running_since') as number) - RAN_MS }),
        ),
      );
      const finished = await Promise.all(ids.map((sid) => event(sid, 'finish')));
      const passed = Date.now() - began + RAN_MS;
      const failed = finished.filter((r) => r.status !== 200);
      if (failed.length > 0) problems.push(`round ${round}: finish answered ${failed[0]!.text}`);
      const read = await call<{ item: { focus_minutes: number } }>('GET', `/api/assignment/${id}`, {
        token: s.user.idToken,
      });
      const minutes = read.body.item.focus_minutes;
      if ((minutes - total) * 60_000 > passed) {
        problems.push(`round ${round}: ${minutes - total} minutes added in ${passed} ms`);
      }
      total = minutes;
    }
    return problems;
  }

  it('40 sessions started at once and finished 32 s later add at most the time that passed', async () => {
    expect(await startAndFinish(1, 40)).toEqual([]);
  });

  // Six at once: the Functions emulator runs at most six requests together (more wait in its
  // queue), so six is as parallel as the stack gets; fifty rounds keep the run under a minute.
  it('nothing inflates in 50 rounds of six sessions started and finished at once', async () => {
    expect(await startAndFinish(50, 6)).toEqual([]);
  });
});
