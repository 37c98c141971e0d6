import {
  PLAN_MAX_SESSIONS,
  wallClockIn,
  type PlanSessionAnswer,
  type ReminderMessage,
} from '@brainboard/domain';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readGoogleConfig } from '../../functions/src/auth/config.ts';
import { storeGoogleGrant } from '../../functions/src/auth/grant.ts';
import { LOCAL_TOKEN_ENCRYPTION_KEY } from '../../scripts/stack/config.ts';
import { call, studentApi, type As } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { decryptPush, pushesFor, testDevice, type StoredPush } from '../support/push.ts';

const ZONE = 'America/New_York';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Study hours all day, every day, so the test plans the same at any time of day. */
const ALL_DAY = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]]),
);

interface Plan {
  sessions: PlanSessionAnswer[];
  version: number;
  unplanned?: { assignment_id: string; minutes_short: number }[];
  calendar?: string;
  moved?: number;
  previous?: PlanSessionAnswer[];
  error?: string;
}

interface Student {
  user: TestUser;
  as: As;
  csrf: string;
}

const localConfig = () => readGoogleConfig({ TOKEN_ENCRYPTION_KEY: LOCAL_TOKEN_ENCRYPTION_KEY });

async function student(): Promise<Student> {
  const user = await createTestUser('plan');
  const { id, as } = await studentApi(user.idToken);
  const session = await call<{ user: { csrf_token: string } }>('GET', '/api/session', {
    token: user.idToken,
  });
  const csrf = session.body.user.csrf_token;
  const res = await as('PATCH', `/api/user/${id}`, { time_zone: ZONE, study_hours: ALL_DAY });
  expect(res.status, res.text).toBe(200);
  return { user, as, csrf };
}

/** A due date `ms` from now on the student's wall clock ('YYYY-MM-DDTHH:MM:00'). */
const dueIn = (ms: number) => wallClockIn(Date.now() + ms, ZONE);
const today = () => wallClockIn(Date.now(), ZONE).slice(0, 10);

async function assignment(s: Student, id: string, due: string, estimate = 90): Promise<string> {
  const res = await s.as('POST', '/api/assignment', {
    id,
    title: `Physics worksheet ${id}`,
    due_date: due,
    subtasks: [{ id: `${id}-step`, title: 'Do it', completed: false, estimate_minutes: estimate }],
  });
  expect(res.status, res.text).toBe(201);
  return id;
}

const preview = async (s: Student, body: unknown = { from: today(), days: 14 }) =>
  (await s.as('POST', '/api/plan/preview', body)) as unknown as {
    status: number;
    body: Plan;
    text: string;
  };
const getPlan = async (s: Student) =>
  (await s.as('GET', '/api/plan')) as unknown as { status: number; body: Plan; text: string };
const putPlan = async (s: Student, body: unknown) =>
  (await s.as('PUT', '/api/plan', body)) as unknown as { status: number; body: Plan; text: string };

const minutes = (x: { start: string; end: string }) =>
  (Date.parse(x.end) - Date.parse(x.start)) / 60_000;
const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

describe('the plan API', () => {
  let alice: Student;
  let bob: Student;
  let soon: string;
  let later: string;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([student(), student()]);
    soon = await assignment(alice, uniq('soon'), dueIn(3 * DAY), 120);
    later = await assignment(alice, uniq('later'), dueIn(6 * DAY), 60);
  });

  it('previews sessions before each due time less the buffer, in the zone, writing nothing', async () => {
    const res = await preview(alice);
    expect(res.status, res.text).toBe(200);
    expect(res.body.calendar).toBe('study_hours_only');
    expect(res.body.unplanned).toEqual([]);
    const due = { [soon]: Date.now() + 3 * DAY, [later]: Date.now() + 6 * DAY };
    for (const s of res.body.sessions) {
      expect(s.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[45]:00$/);
      expect(Date.parse(s.start)).toBeGreaterThanOrEqual(Date.now() - 60_000);
      expect(Date.parse(s.end)).toBeLessThanOrEqual(due[s.assignment_id]! - 12 * HOUR + 60_000);
      expect(minutes(s)).toBeGreaterThanOrEqual(25);
      expect(minutes(s)).toBeLessThanOrEqual(90);
    }
    const total = (id: string) =>
      res.body.sessions.filter((s) => s.assignment_id === id).reduce((n, s) => n + minutes(s), 0);
    expect(total(soon)).toBe(120);
    expect(total(later)).toBe(60);
    // The most urgent work comes first.
    expect(res.body.sessions[0]!.assignment_id).toBe(soon);
    expect((await getPlan(alice)).body).toEqual({ sessions: [], version: 0 });
  });

  it('refuses a bad preview with a sentence', async () => {
    for (const [body, error] of [
      [{ from: today(), days: 15 }, 'days must be a whole number from 1 to 14.'],
      [{ from: 'tomorrow', days: 7 }, 'from must be a date such as 2026-03-02.'],
      [{ days: 7 }, 'from must be a date such as 2026-03-02.'],
    ] as const) {
      const res = await preview(alice, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
  });

  it('accepts, reads back, moves and deletes sessions, with versions', async () => {
    const proposed = (await preview(alice)).body.sessions;
    const saved = await putPlan(alice, { sessions: proposed });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.version).toBe(1);
    const read = await getPlan(alice);
    expect(read.body).toEqual({ sessions: proposed, version: 1 });

    // A stale version is refused.
    const stale = await putPlan(alice, { sessions: proposed, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed on another device/);

    // Move the first session to two days later, same length: placed by hand.
    const first = proposed[0]!;
    const start = new Date(Date.parse(first.start) + 2 * DAY + 7 * HOUR).toISOString();
    const end = new Date(Date.parse(start) + minutes(first) * 60_000).toISOString();
    const moved = await alice.as('PATCH', `/api/plan/sessions/${first.id}`, { start, end });
    expect(moved.status, moved.text).toBe(200);
    const after = (await getPlan(alice)).body;
    expect(after.version).toBe(2);
    const now = after.sessions.find((s) => s.id === first.id)!;
    expect(now.by_hand).toBe(true);
    expect(Date.parse(now.start)).toBe(Date.parse(start));

    const deleted = await alice.as('DELETE', `/api/plan/sessions/${proposed[1]!.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    const final = (await getPlan(alice)).body;
    expect(final.version).toBe(3);
    expect(final.sessions.map((s) => s.id)).not.toContain(proposed[1]!.id);
    const again = await alice.as('DELETE', `/api/plan/sessions/${proposed[1]!.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('That session does not exist.');
  });

  it("answers 404 for another student's session or assignment", async () => {
    const { sessions } = (await getPlan(alice)).body;
    const id = sessions[0]!.id;
    const patch = await bob.as('PATCH', `/api/plan/sessions/${id}`, {
      start: sessions[0]!.start,
      end: sessions[0]!.end,
    });
    expect(patch.status).toBe(404);
    expect(patch.body.error).toBe('That session does not exist.');
    expect((await bob.as('DELETE', `/api/plan/sessions/${id}`)).status).toBe(404);
    const put = await putPlan(bob, { sessions: [sessions[0]] });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('That assignment does not exist.');
    expect((await getPlan(alice)).body.sessions.map((s) => s.id)).toContain(id);
  });

  it('keeps the limits: overlaps, ends before starts, 14 days ahead, 200 sessions, sign-in and CSRF', async () => {
    const at = (h: number, len = 45) => ({
      start: new Date(Date.now() + h * HOUR).toISOString(),
      end: new Date(Date.now() + h * HOUR + len * 60_000).toISOString(),
    });
    const session = (id: string, h: number, len?: number) => ({
      id,
      assignment_id: soon,
      ...at(h, len),
    });
    const cases: [unknown, number, string | RegExp][] = [
      [
        { sessions: [session('a', 5), session('b', 5.5)] },
        400,
        'Two sessions overlap. Move one so they do not.',
      ],
      [{ sessions: [{ ...session('a', 5), end: at(4).start }] }, 400, /ends after it starts/],
      [{ sessions: [session('a', 5, 120)] }, 400, /from 25 to 90 minutes/],
      [
        { sessions: [session('a', 15 * 24)] },
        400,
        'Sessions can be planned at most 14 days ahead.',
      ],
      [{ sessions: [session('a', 5), session('a', 7)] }, 400, 'Each session needs its own id.'],
      [
        { sessions: [{ ...session('a', 5), start: 'Tuesday' }] },
        400,
        /start must be a date and time/,
      ],
      [
        { sessions: Array.from({ length: PLAN_MAX_SESSIONS + 1 }, (_, i) => session(`s${i}`, i)) },
        400,
        'A plan holds at most 200 sessions.',
      ],
      [{ sessions: [], extra: 1 }, 400, 'Unknown field: extra.'],
    ];
    for (const [body, status, error] of cases) {
      const res = await putPlan(alice, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    const unsigned = await call('GET', '/api/plan');
    expect(unsigned.status).toBe(401);
    const noCsrf = await call('PUT', '/api/plan', {
      token: alice.user.idToken,
      body: { sessions: [] },
    });
    expect(noCsrf.status).toBe(403);
  });

  it('a due date changed on another device moves the open sessions', async () => {
    const carol = await student();
    const id = await assignment(carol, uniq('essay'), dueIn(6 * DAY), 90);
    const proposed = (await preview(carol)).body.sessions;
    expect((await putPlan(carol, { sessions: proposed })).status).toBe(200);
    // The student puts the first session four days ahead, by hand.
    const first = proposed[0]!;
    const start = new Date(Date.parse(first.start) + 4 * DAY).toISOString();
    const end = new Date(Date.parse(start) + minutes(first) * 60_000).toISOString();
    expect((await carol.as('PATCH', `/api/plan/sessions/${first.id}`, { start, end })).status).toBe(
      200,
    );
    const before = (await getPlan(carol)).body;
    expect(before.version).toBe(2);
    // Another device moves the due date to tomorrow evening: that session no longer fits.
    const newDue = dueIn(DAY + 10 * HOUR);
    const edit = await carol.as('PATCH', '/api/assignment', { id, due_date: newDue });
    expect(edit.status, edit.text).toBe(200);
    const read = await getPlan(carol);
    expect(read.status, read.text).toBe(200);
    expect(read.body.version).toBe(3);
    const deadline = Date.now() + DAY + 10 * HOUR - 12 * HOUR + 60_000;
    for (const s of read.body.sessions) expect(Date.parse(s.end)).toBeLessThanOrEqual(deadline);
    expect(read.body.sessions.reduce((n, s) => n + minutes(s), 0)).toBe(90);
    expect(read.body).toMatchObject({ released: 1, previous: before.sessions });
    expect(read.body.moved).toBeGreaterThan(0);
    // Read again: nothing changed, nothing moves.
    const again = (await getPlan(carol)).body;
    expect(again).toEqual({ sessions: read.body.sessions, version: 3 });
  });

  it('a session started in Focus Mode counts as done once its time has passed, not moved', async () => {
    const dora = await student();
    const id = await assignment(dora, uniq('lab'), dueIn(5 * DAY), 90);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const under = {
      id: 'under-way',
      assignment_id: id,
      start: at(-10 * 60_000),
      end: at(35 * 60_000),
    };
    const unstarted = {
      id: 'unstarted',
      assignment_id: id,
      start: at(HOUR),
      end: at(HOUR + 45 * 60_000),
    };
    expect((await putPlan(dora, { sessions: [under, unstarted] })).status).toBe(200);
    const start = await dora.as('POST', `/api/assignment/${id}/focus-sessions`, {
      session_id: uniq('focus'),
      event: 'start',
    });
    expect(start.status, start.text).toBe(200);
    const doc = admin().db.doc(`users/${dora.user.uid}/plan/current`);
    const stored = (await doc.get()).data() as {
      sessions: Record<string, { started?: boolean; start: string; end: string }>;
    };
    expect(stored.sessions['under-way']?.started).toBe(true);
    expect(stored.sessions.unstarted?.started).toBeUndefined();

    // Both sessions' times pass (made so in the database): the started one is done and stays;
    // the other, never started, is replanned.
    await doc.update({
      'sessions.under-way.start': at(-3 * HOUR),
      'sessions.under-way.end': at(-3 * HOUR + 45 * 60_000),
      'sessions.unstarted.start': at(-2 * HOUR),
      'sessions.unstarted.end': at(-2 * HOUR + 45 * 60_000),
    });
    const read = await getPlan(dora);
    expect(read.status, read.text).toBe(200);
    expect(read.body.moved).toBe(1);
    const ids = read.body.sessions.map((x) => x.id);
    expect(ids).not.toContain('unstarted');
    // Accepting the plan again keeps the mark on the session that did not move.
    const again = await putPlan(dora, {
      sessions: read.body.sessions.map(({ started: _, ...rest }) => rest),
      version: read.body.version,
    });
    expect(again.status, again.text).toBe(200);
  });

  it('a replan while a started session is under way keeps it and its mark', async () => {
    const eve = await student();
    const id = await assignment(eve, uniq('poem'), dueIn(4 * DAY), 120);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const under = { id: 'now', assignment_id: id, start: at(-5 * 60_000), end: at(40 * 60_000) };
    expect((await putPlan(eve, { sessions: [under] })).status).toBe(200);
    const start = await eve.as('POST', `/api/assignment/${id}/focus-sessions`, {
      session_id: uniq('focus'),
      event: 'start',
    });
    expect(start.status, start.text).toBe(200);
    // Another device moves the due date: the next read replans.
    const moved = await eve.as('PATCH', '/api/assignment', { id, due_date: dueIn(6 * DAY) });
    expect(moved.status, moved.text).toBe(200);
    const read = await getPlan(eve);
    expect(read.status, read.text).toBe(200);
    expect(read.body.sessions.find((x) => x.id === 'now')).toMatchObject({ started: true });
  });

  it('study hours and planning settings are validated and carried by the session', async () => {
    const { id, as } = await studentApi(alice.user.idToken);
    const bad = await as('PATCH', `/api/user/${id}`, {
      study_hours: { mon: [['21:00', '16:00']] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/study_hours/);
    const ok = await as('PATCH', `/api/user/${id}`, {
      daily_limit_minutes: 240,
      session_minutes: 30,
      buffer_hours: 6,
    });
    expect(ok.status, ok.text).toBe(200);
    const session = await call<{ user: Record<string, unknown> }>('GET', '/api/session', {
      token: alice.user.idToken,
    });
    expect(session.body.user).toMatchObject({
      daily_limit_minutes: 240,
      session_minutes: 30,
      buffer_hours: 6,
      study_hours: ALL_DAY,
    });
  });
});

describe('busy times from Google Calendar', () => {
  it('plans around the busy times freebusy answers from the calendar', async () => {
    const dave = await student();
    await assignment(dave, uniq('lab'), dueIn(3 * DAY), 180);
    const refreshToken = `standin-refresh-plan-${dave.user.uid}`;
    await storeGoogleGrant(admin().db, localConfig(), dave.user.uid, {
      refreshToken,
      scope: 'https://www.googleapis.com/auth/calendar.events',
    });
    // An event that fills the next 20 hours of the student's calendar.
    const calendar = inject('stack').calendar;
    const token = (await (
      await fetch(`${calendar}token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'brainboard-local-client',
        }),
      })
    ).json()) as { access_token: string };
    const busyEnd = Date.now() + 20 * HOUR;
    const inserted = await fetch(`${calendar}calendar/v3/calendars/primary/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token.access_token}`,
      },
      body: JSON.stringify({
        summary: 'Swim practice',
        start: { dateTime: new Date(Date.now() - HOUR).toISOString() },
        end: { dateTime: new Date(busyEnd).toISOString() },
      }),
    });
    expect(inserted.status).toBe(200);
    const res = await preview(dave);
    expect(res.status, res.text).toBe(200);
    expect(res.body.calendar).toBe('google');
    expect(res.body.sessions.length).toBeGreaterThan(0);
    for (const s of res.body.sessions) expect(Date.parse(s.start)).toBeGreaterThanOrEqual(busyEnd);
  });
});

describe('"Add to Google Calendar"', () => {
  interface StandinEvent {
    summary?: string;
    status: string;
    transparency?: string;
    start: { dateTime?: string };
    extendedProperties?: { private?: Record<string, string> };
  }
  /** The stand-in's live events of these sessions, by session id. */
  async function eventsOf(ids: string[]): Promise<Map<string, StandinEvent>> {
    const res = await fetch(`${inject('stack').calendar}__standin/events`);
    const all = (await res.json()) as StandinEvent[];
    return new Map(
      all
        .filter((e) => ids.includes(e.extendedProperties?.private?.brainboardSessionId ?? ''))
        .map((e) => [e.extendedProperties!.private!.brainboardSessionId!, e]),
    );
  }

  it('creates one event per session, follows moves and removals, and removes them when cleared', async () => {
    const erin = await student();
    const none = await erin.as('POST', '/api/plan/calendar', {});
    expect(none.status).toBe(403);
    expect(none.body.error).toMatch(/Calendar access not granted/);

    await storeGoogleGrant(admin().db, localConfig(), erin.user.uid, {
      refreshToken: `standin-refresh-plan-${erin.user.uid}`,
      scope: 'https://www.googleapis.com/auth/calendar.events',
    });
    await assignment(erin, uniq('physics'), dueIn(4 * DAY), 90);
    const proposed = (await preview(erin)).body.sessions;
    expect((await putPlan(erin, { sessions: proposed })).status).toBe(200);
    const ids = proposed.map((s) => s.id);

    const on = await erin.as('POST', '/api/plan/calendar', {});
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ ok: true, events: proposed.length });
    let events = await eventsOf(ids);
    expect(events.size).toBe(proposed.length);
    const first = proposed[0]!;
    expect(events.get(first.id)).toMatchObject({
      summary: `Time for Physics worksheet ${first.assignment_id} · ${minutes(first)} min`,
      transparency: 'transparent',
    });

    // A move updates its event.
    const start = new Date(Date.parse(first.start) + DAY).toISOString();
    const end = new Date(Date.parse(start) + minutes(first) * 60_000).toISOString();
    expect((await erin.as('PATCH', `/api/plan/sessions/${first.id}`, { start, end })).status).toBe(
      200,
    );
    events = await eventsOf(ids);
    expect(Date.parse(events.get(first.id)!.start.dateTime!)).toBe(Date.parse(start));

    // A removal removes its event; clearing the plan removes the rest.
    expect((await erin.as('DELETE', `/api/plan/sessions/${first.id}`)).status).toBe(200);
    events = await eventsOf(ids);
    expect(events.has(first.id)).toBe(false);
    expect(events.size).toBe(proposed.length - 1);
    const version = (await getPlan(erin)).body.version;
    expect((await putPlan(erin, { sessions: [], version })).status).toBe(200);
    expect((await eventsOf(ids)).size).toBe(0);
  });
});

describe('session reminders', () => {
  it("deleting an assignment removes its sessions' reminders in the same write", async () => {
    const gus = await student();
    const id = await assignment(gus, uniq('gone'), dueIn(4 * DAY), 45);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const session = {
      id: uniq('s'),
      assignment_id: id,
      start: at(DAY),
      end: at(DAY + 45 * 60_000),
    };
    expect((await putPlan(gus, { sessions: [session] })).status).toBe(200);
    const entry = admin().db.doc(`users/${gus.user.uid}/reminder_schedule/session-${session.id}`);
    expect((await entry.get()).exists).toBe(true);
    expect((await gus.as('DELETE', '/api/assignment', { id })).status).toBe(200);
    expect((await entry.get()).exists).toBe(false);
    // The plan drops the session when it is next read.
    expect((await getPlan(gus)).body.sessions).toEqual([]);
  });

  it('a session reminds at its start through the push service, and leads to Focus Mode', async () => {
    const fay = await student();
    const device = testDevice();
    const sub = await fay.as('POST', '/api/push/subscriptions', {
      subscription: { endpoint: device.endpoint, keys: device.keys },
      device_name: 'Test phone',
    });
    expect(sub.status, sub.text).toBe(201);
    const id = await assignment(fay, uniq('physics'), dueIn(3 * DAY), 45);
    // A session that starts at the beginning of the next minute but one.
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 2 * 60_000;
    const session = {
      id: uniq('session'),
      assignment_id: id,
      start: new Date(start).toISOString(),
      end: new Date(start + 45 * 60_000).toISOString(),
    };
    const other = {
      ...session,
      id: uniq('removed'),
      start: new Date(start + DAY).toISOString(),
      end: new Date(start + DAY + 45 * 60_000).toISOString(),
    };
    expect((await putPlan(fay, { sessions: [session, other] })).status).toBe(200);
    const schedule = admin().db.collection(`users/${fay.user.uid}/reminder_schedule`);
    expect((await schedule.doc(`session-${other.id}`).get()).exists).toBe(true);
    // Removing a session removes its reminder in the same write.
    expect((await fay.as('DELETE', `/api/plan/sessions/${other.id}`)).status).toBe(200);
    expect((await schedule.doc(`session-${other.id}`).get()).exists).toBe(false);

    let received: StoredPush | undefined;
    await expect
      .poll(
        async () => {
          [received] = await pushesFor(device.endpoint);
          return received !== undefined;
        },
        { timeout: 150_000, interval: 1000 },
      )
      .toBe(true);
    expect(Date.parse(received!.received_at)).toBeGreaterThanOrEqual(start);
    const payload = decryptPush(device, received!) as ReminderMessage;
    expect(payload.title).toBe(`Time for Physics worksheet ${id} · 45 min`);
    expect(payload.url).toBe(`/dashboard?focus=${id}`);
  }, 200_000);
});
