import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readGoogleConfig } from '../../functions/src/auth/config.ts';
import { loadGoogleGrant, storeGoogleGrant } from '../../functions/src/auth/grant.ts';
import { LOCAL_TOKEN_ENCRYPTION_KEY } from '../../scripts/stack/config.ts';
import type { CalendarEvent } from '../../scripts/standins/calendar-standin.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { grantCalendarAccess } from '../support/signin.ts';

const ACCESS = 'Calendar access not granted';

interface Student {
  user: TestUser;
  csrf: string;
}

async function student(opts: { grant: boolean }): Promise<Student> {
  const user = await createTestUser('calendar');
  const { csrf_token } = await sessionOf(user);
  if (opts.grant) await grantCalendarAccess(user, csrf_token);
  return { user, csrf: csrf_token };
}

async function createAssignment(s: Student, body: Record<string, unknown>): Promise<string> {
  const res = await call<{ item: { id: string } }>('POST', '/api/assignment', {
    token: s.user.idToken,
    csrf: s.csrf,
    body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.item.id;
}

const save = (s: Student, id: string, body: unknown = { time_zone: 'America/New_York' }) =>
  call<{ message: string; event_id: string; created: boolean; error?: string }>(
    'POST',
    `/api/assignment/${id}/save-to-calendar`,
    { token: s.user.idToken, csrf: s.csrf, body },
  );

/** Saving `id` to the calendar is refused for want of calendar access (403). */
async function expectNoAccess(s: Student, id: string): Promise<void> {
  const res = await save(s, id);
  expect(res.status).toBe(403);
  expect(res.body.error).toContain(ACCESS);
}

const standin = (path: string, body?: unknown) =>
  fetch(`${inject('stack').calendar}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const localConfig = () => readGoogleConfig({ TOKEN_ENCRYPTION_KEY: LOCAL_TOKEN_ENCRYPTION_KEY });

/** An access token from the student's stored grant, as the server would get one. */
async function accessTokenOf(s: Student): Promise<string> {
  const grant = await loadGoogleGrant(admin().db, localConfig(), s.user.uid);
  const res = await fetch(`${inject('stack').calendar}token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: grant?.refreshToken ?? '',
      client_id: 'brainboard-local-client',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The stand-in's live events made for one assignment. */
async function eventsOf(assignmentId: string): Promise<CalendarEvent[]> {
  const all = (await (await standin('__standin/events')).json()) as CalendarEvent[];
  return all.filter((e) => e.extendedProperties?.private?.brainboardAssignmentId === assignmentId);
}

describe('POST /api/assignment/{id}/save-to-calendar', () => {
  let alice: Student;
  beforeAll(async () => {
    alice = await student({ grant: true });
  });

  it('creates a timed event at the due time in the given zone, with a link back', async () => {
    const id = await createAssignment(alice, {
      title: 'Biology essay',
      description: 'Cells and membranes.',
      due_date: '2031-03-14T09:30:00',
    });
    const res = await save(alice, id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.created).toBe(true);
    expect(res.body.message).toBeTruthy();

    const [event, ...more] = await eventsOf(id);
    expect(more).toEqual([]);
    expect(event?.id).toBe(res.body.event_id);
    expect(event?.summary).toBe('Biology essay');
    expect(event?.description).toContain('Cells and membranes.');
    expect(event?.description).toContain(`/dashboard?assignment=${id}`);
    // Timed, never all-day, in the student's zone: 09:30 in New York is 13:30 UTC (EDT).
    expect(event?.start.date).toBeUndefined();
    expect(event?.end.date).toBeUndefined();
    expect(event?.start.timeZone).toBe('America/New_York');
    expect(Date.parse(event?.start.dateTime ?? '')).toBe(Date.parse('2031-03-14T13:30:00Z'));
    expect(Date.parse(event?.end.dateTime ?? '')).toBe(Date.parse('2031-03-14T14:30:00Z'));
  });

  it('updates the same event on a second save and moves it when the due date changes', async () => {
    const id = await createAssignment(alice, { title: 'Poem', due_date: '2031-06-01T08:00:00' });
    const first = await save(alice, id);
    expect(first.status).toBe(200);

    const patched = await call('PATCH', '/api/assignment', {
      token: alice.user.idToken,
      csrf: alice.csrf,
      body: { id, title: 'Poem, final draft', due_date: '2031-06-03T17:15:00' },
    });
    expect(patched.status, patched.text).toBe(200);
    const second = await save(alice, id, { time_zone: 'Europe/Berlin' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.created).toBe(false);
    expect(second.body.event_id).toBe(first.body.event_id);

    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toBe('Poem, final draft');
    // 17:15 in Berlin in June (CEST, UTC+2) is 15:15 UTC.
    expect(Date.parse(events[0]?.start.dateTime ?? '')).toBe(Date.parse('2031-06-03T15:15:00Z'));
    expect(events[0]?.start.timeZone).toBe('Europe/Berlin');
  });

  it('keeps the event id on the assignment, not in the API shape', async () => {
    const id = await createAssignment(alice, { title: 'Quiz', due_date: '2031-01-10' });
    const res = await save(alice, id, {});
    expect(res.status).toBe(200);
    const doc = await admin().db.doc(`users/${alice.user.uid}/assignments/${id}`).get();
    expect(doc.get('calendar_event_id')).toBe(res.body.event_id);
    const item = await call<{ item: Record<string, unknown> }>('GET', `/api/assignment/${id}`, {
      token: alice.user.idToken,
    });
    expect(item.body.item).not.toHaveProperty('calendar_event_id');
    // A legacy date-only due date gets the default time 08:00 (no zone sent: UTC).
    const [event] = await eventsOf(id);
    expect(Date.parse(event?.start.dateTime ?? '')).toBe(Date.parse('2031-01-10T08:00:00Z'));
  });

  it('creates the event again when it was deleted in the calendar', async () => {
    const id = await createAssignment(alice, { title: 'Lab', due_date: '2031-02-02T10:00:00' });
    const first = await save(alice, id);
    // The student deletes the event in Google Calendar.
    const del = await fetch(
      `${inject('stack').calendar}calendar/v3/calendars/primary/events/${first.body.event_id}`,
      { method: 'DELETE', headers: { authorization: `Bearer ${await accessTokenOf(alice)}` } },
    );
    expect(del.status).toBe(204);
    expect(await eventsOf(id)).toEqual([]);
    const second = await save(alice, id);
    expect(second.status, second.text).toBe(200);
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]?.status).toBe('confirmed');
  });

  it('refuses without a due date, with a bad zone, and for ids that are not yours', async () => {
    const noDue = await createAssignment(alice, { title: 'Someday' });
    const a = await save(alice, noDue);
    expect(a.status).toBe(400);
    expect(a.body.error).toMatch(/no due date/);

    const id = await createAssignment(alice, { title: 'Mine', due_date: '2031-05-05T05:05:00' });
    expect((await save(alice, id, { time_zone: 'Mars/Olympus' })).status).toBe(400);

    const bob = await student({ grant: true });
    const stolen = await save(bob, id);
    expect(stolen.status).toBe(404);
    expect((await save(bob, 'does-not-exist')).status).toBe(404);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('needs a signed-in caller and the CSRF token', async () => {
    const id = await createAssignment(alice, { title: 'Auth', due_date: '2031-05-05T05:05:00' });
    const path = `/api/assignment/${id}/save-to-calendar`;
    expect((await call('POST', path, { body: {} })).status).toBe(401);
    expect((await call('POST', path, { token: alice.user.idToken, body: {} })).status).toBe(403);
  });
});

describe('calendar access problems', () => {
  it('without a grant: "Calendar access not granted", and the assignment is untouched', async () => {
    const s = await student({ grant: false });
    const id = await createAssignment(s, { title: 'No grant', due_date: '2031-05-05T05:05:00' });
    await expectNoAccess(s, id);
    const item = await call<{ item: { title: string } }>('GET', `/api/assignment/${id}`, {
      token: s.user.idToken,
    });
    expect(item.body.item.title).toBe('No grant');
  });

  it('with a grant revoked at Google: "Calendar access not granted"', async () => {
    const s = await student({ grant: true });
    const id = await createAssignment(s, { title: 'Revoked', due_date: '2031-05-05T05:05:00' });
    // The student removes Brainboard's access in their Google account.
    const grant = await loadGoogleGrant(admin().db, localConfig(), s.user.uid);
    expect(grant).not.toBeNull();
    await standin('__standin/revoke', { token: grant?.refreshToken });
    await expectNoAccess(s, id);
  });

  it('with a grant that lacks the calendar scope at Google: "Calendar access not granted"', async () => {
    const s = await student({ grant: false });
    const id = await createAssignment(s, { title: 'No scope', due_date: '2031-05-05T05:05:00' });
    const config = localConfig();
    // The stand-in gives such a token only the email scope, whatever we believe.
    await storeGoogleGrant(admin().db, config, s.user.uid, {
      refreshToken: 'standin-refresh-standin-code-noscope-test',
      scope: 'https://www.googleapis.com/auth/calendar.events',
    });
    await expectNoAccess(s, id);
  });

  it("any other Google failure: a 503 with Google's reason, not the access message", async () => {
    const s = await student({ grant: true });
    const id = await createAssignment(s, { title: 'Outage', due_date: '2031-05-05T05:05:00' });
    await standin('__standin/fail-next', { status: 500, message: 'Backend Error' });
    const res = await save(s, id);
    expect(res.status).toBe(503);
    expect(res.body.error).toContain('Backend Error');
    expect(res.body.error).not.toContain(ACCESS);
    expect(await eventsOf(id)).toEqual([]);
  });
});
