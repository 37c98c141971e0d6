import { google } from 'googleapis';
import type { calendar_v3 } from 'googleapis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CALENDAR_SCOPE,
  calendarStandinEndpoints,
  standinRefreshToken,
  startCalendarStandin,
  type CalendarStandin,
} from './calendar-standin.ts';

let standin: CalendarStandin;

beforeAll(async () => {
  standin = await startCalendarStandin({ port: 0 });
});

afterAll(async () => {
  await standin.close();
});

beforeEach(() => {
  standin.reset();
});

function oauthClient() {
  return new google.auth.OAuth2({
    clientId: 'brainboard-test',
    clientSecret: 'secret',
    redirectUri: 'http://127.0.0.1:5173/oauth/callback',
    endpoints: calendarStandinEndpoints(standin.url),
  });
}

/** A calendar client signed in through the real OAuth code exchange. */
async function signedIn(code: string) {
  const auth = oauthClient();
  const { tokens } = await auth.getToken(code);
  auth.setCredentials(tokens);
  return { auth, tokens, calendar: google.calendar({ version: 'v3', auth, rootUrl: standin.url }) };
}

/** The HTTP status and Google error body of a rejected googleapis call. */
async function failure(promise: Promise<unknown>) {
  const err = (await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  )) as { status?: number; response?: { status: number; data: unknown } };
  return { status: err.response?.status, data: err.response?.data as Record<string, never> };
}

const TIMED_EVENT: calendar_v3.Schema$Event = {
  summary: 'Essay: first draft',
  description: 'Brainboard subtask',
  start: { dateTime: '2026-03-02T10:00:00', timeZone: 'Europe/Berlin' },
  end: { dateTime: '2026-03-02T11:30:00', timeZone: 'Europe/Berlin' },
  extendedProperties: { private: { brainboardSubtaskId: 'sub-1' } },
};

describe('Calendar stand-in with the real googleapis client', () => {
  it('exchanges a code for predictable tokens', async () => {
    const { tokens } = await signedIn('student-a');
    expect(tokens.refresh_token).toBe(standinRefreshToken('student-a'));
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.scope).toBe(CALENDAR_SCOPE);
    expect(tokens.expiry_date).toBeGreaterThan(Date.now());
  });

  it('inserts a timed event and reads it back', async () => {
    const { calendar } = await signedIn('student-a');
    const { data: created } = await calendar.events.insert({
      calendarId: 'primary',
      requestBody: TIMED_EVENT,
    });
    expect(created.id).toMatch(/^[a-v0-9]{5,}$/);
    expect(created.etag).toBeTruthy();
    expect(created.htmlLink).toContain(standin.url);
    expect(created.status).toBe('confirmed');
    expect(created.created).toBeTruthy();
    // 10:00 in Berlin (UTC+1 in March before DST) is 09:00 UTC, the calendar's zone.
    expect(created.start).toEqual({ dateTime: '2026-03-02T09:00:00Z', timeZone: 'Europe/Berlin' });

    const { data: fetched } = await calendar.events.get({
      calendarId: 'primary',
      eventId: created.id!,
    });
    expect(fetched).toEqual(created);
    expect(Date.parse(fetched.end!.dateTime!)).toBe(Date.parse('2026-03-02T11:30:00+01:00'));
    expect(standin.events('primary')).toEqual([created]);
    expect(standin.events()).toHaveLength(1);

    const page = await fetch(created.htmlLink!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Essay: first draft');
  });

  it('moves an event with patch and replaces it with update', async () => {
    const { calendar } = await signedIn('student-a');
    const { data: created } = await calendar.events.insert({
      calendarId: 'primary',
      requestBody: TIMED_EVENT,
    });
    const { data: moved } = await calendar.events.patch({
      calendarId: 'primary',
      eventId: created.id!,
      requestBody: {
        start: { dateTime: '2026-03-03T14:00:00+01:00' },
        end: { dateTime: '2026-03-03T15:00:00+01:00' },
      },
    });
    expect(Date.parse(moved.start!.dateTime!)).toBe(Date.parse('2026-03-03T13:00:00Z'));
    expect(moved.start!.timeZone).toBe('Europe/Berlin'); // patch merges nested objects
    expect(moved.summary).toBe('Essay: first draft');
    expect(moved.sequence).toBe(1);
    expect(moved.etag).not.toBe(created.etag);
    expect(moved.created).toBe(created.created);

    const { data: replaced } = await calendar.events.update({
      calendarId: 'primary',
      eventId: created.id!,
      requestBody: {
        summary: 'Essay: final draft',
        start: { date: '2026-03-05' },
        end: { date: '2026-03-06' },
      },
    });
    expect(replaced.summary).toBe('Essay: final draft');
    expect(replaced.description).toBeUndefined();
    expect(replaced.start).toEqual({ date: '2026-03-05' });
    expect(standin.events('primary')[0]?.summary).toBe('Essay: final draft');
  });

  it('lists events by time range, order and private property, and hides deleted ones', async () => {
    const { calendar } = await signedIn('student-a');
    const insert = (summary: string, start: string, end: string, subtaskId: string) =>
      calendar.events.insert({
        calendarId: 'primary',
        requestBody: {
          summary,
          start: { dateTime: start },
          end: { dateTime: end },
          extendedProperties: { private: { brainboardSubtaskId: subtaskId } },
        },
      });
    await insert('Later', '2026-04-02T10:00:00Z', '2026-04-02T11:00:00Z', 'b');
    const { data: early } = await insert(
      'Early',
      '2026-04-01T10:00:00Z',
      '2026-04-01T11:00:00Z',
      'a',
    );
    await insert('Outside', '2026-05-01T10:00:00Z', '2026-05-01T11:00:00Z', 'c');

    const { data: list } = await calendar.events.list({
      calendarId: 'primary',
      timeMin: '2026-04-01T00:00:00Z',
      timeMax: '2026-04-30T00:00:00Z',
      singleEvents: true,
      orderBy: 'startTime',
    });
    expect(list.kind).toBe('calendar#events');
    expect(list.items?.map((e) => e.summary)).toEqual(['Early', 'Later']);

    const { data: byProperty } = await calendar.events.list({
      calendarId: 'primary',
      privateExtendedProperty: ['brainboardSubtaskId=c'],
    });
    expect(byProperty.items?.map((e) => e.summary)).toEqual(['Outside']);

    const { data: paged } = await calendar.events.list({ calendarId: 'primary', maxResults: 2 });
    expect(paged.items).toHaveLength(2);
    const { data: rest } = await calendar.events.list({
      calendarId: 'primary',
      maxResults: 2,
      pageToken: paged.nextPageToken!,
    });
    expect(rest.items).toHaveLength(1);
    expect(rest.nextPageToken).toBeUndefined();

    const deleted = await calendar.events.delete({ calendarId: 'primary', eventId: early.id! });
    expect(deleted.status).toBe(204);
    const { data: afterDelete } = await calendar.events.list({ calendarId: 'primary' });
    expect(afterDelete.items?.map((e) => e.summary).sort()).toEqual(['Later', 'Outside']);
    const { data: cancelled } = await calendar.events.get({
      calendarId: 'primary',
      eventId: early.id!,
    });
    expect(cancelled.status).toBe('cancelled');
    const again = await failure(
      calendar.events.delete({ calendarId: 'primary', eventId: early.id! }),
    );
    expect(again.status).toBe(410);

    const overHttp = await fetch(`${standin.url}__standin/events`);
    expect(((await overHttp.json()) as unknown[]).length).toBe(2);
  });

  it('rejects bad times with Google-style 400 errors', async () => {
    const { calendar } = await signedIn('student-a');
    const cases: [calendar_v3.Schema$Event, string][] = [
      [
        { summary: 'x', start: { timeZone: 'UTC' }, end: { date: '2026-01-02' } },
        'Missing start time.',
      ],
      [{ summary: 'x', start: { date: '2026-01-01' } }, 'Missing end time.'],
      [
        { start: { dateTime: '2026-01-01T10:00:00' }, end: { dateTime: '2026-01-01T11:00:00' } },
        'Missing time zone definition for start time.',
      ],
      [
        { start: { dateTime: '2026-01-01T11:00:00Z' }, end: { dateTime: '2026-01-01T10:00:00Z' } },
        'The specified time range is empty.',
      ],
      [
        { start: { date: '2026-01-01' }, end: { dateTime: '2026-01-02T10:00:00Z' } },
        'Start and end times must either both be date or both be dateTime.',
      ],
    ];
    for (const [requestBody, message] of cases) {
      const { status, data } = await failure(
        calendar.events.insert({ calendarId: 'primary', requestBody }),
      );
      expect(status).toBe(400);
      expect(data).toMatchObject({
        error: { code: 400, message, status: 'INVALID_ARGUMENT', errors: [{ message }] },
      });
    }
    const missing = await failure(calendar.events.get({ calendarId: 'primary', eventId: 'nope0' }));
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ error: { code: 404, errors: [{ reason: 'notFound' }] } });
    expect(standin.events()).toEqual([]);
  });

  it('fails a refresh with invalid_grant once the refresh token is revoked', async () => {
    const { tokens } = await signedIn('student-b');
    const auth = oauthClient();
    auth.setCredentials({ refresh_token: tokens.refresh_token! });
    const { token } = await auth.getAccessToken();
    expect(token).toMatch(/^ya29\./);

    standin.revoke(tokens.refresh_token!);
    const refresh = await failure(auth.refreshAccessToken());
    expect(refresh.status).toBe(400);
    expect(refresh.data).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });

    // Access tokens issued from a revoked grant stop working too.
    const accessOnly = oauthClient();
    accessOnly.setCredentials({ access_token: token! });
    const calendar = google.calendar({ version: 'v3', auth: accessOnly, rootUrl: standin.url });
    const call = await failure(calendar.events.list({ calendarId: 'primary' }));
    expect(call.status).toBe(401);
    expect(call.data).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });

    // An unknown refresh token fails the same way.
    const stranger = oauthClient();
    stranger.setCredentials({ refresh_token: '1//not-from-the-stand-in' });
    expect((await failure(stranger.getAccessToken())).data).toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('answers 403 insufficientPermissions for a token without the calendar scope', async () => {
    const { tokens, calendar } = await signedIn('noscope-student');
    expect(tokens.scope).not.toContain('calendar');
    const { status, data } = await failure(
      calendar.events.insert({ calendarId: 'primary', requestBody: TIMED_EVENT }),
    );
    expect(status).toBe(403);
    expect(data).toMatchObject({
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        status: 'PERMISSION_DENIED',
        errors: [{ reason: 'insufficientPermissions' }],
      },
    });
    expect(standin.events()).toEqual([]);
  });

  it('answers 401 for a missing or unknown access token', async () => {
    const res = await fetch(`${standin.url}calendar/v3/calendars/primary/events`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    const unknown = await fetch(`${standin.url}calendar/v3/calendars/primary/events`, {
      headers: { authorization: 'Bearer ya29.made-up' },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({
      error: { code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError' }] },
    });
  });

  it('runs the consent redirect from generateAuthUrl and revokes through revokeToken', async () => {
    const auth = oauthClient();
    const authUrl = auth.generateAuthUrl({
      access_type: 'offline',
      scope: [CALENDAR_SCOPE],
      state: 'xyz',
    });
    const res = await fetch(authUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const callback = new URL(res.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe('http://127.0.0.1:5173/oauth/callback');
    expect(callback.searchParams.get('state')).toBe('xyz');
    const code = callback.searchParams.get('code')!;

    const { tokens } = await auth.getToken(code);
    expect(tokens.refresh_token).toBe(standinRefreshToken(code));
    auth.setCredentials(tokens);
    await auth.revokeToken(tokens.access_token!);
    expect((await failure(auth.refreshAccessToken())).data).toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('fails the next call on request', async () => {
    const { calendar } = await signedIn('student-a');
    standin.failNext(503, 'The service is currently unavailable.');
    const { status, data } = await failure(
      calendar.events.insert({ calendarId: 'primary', requestBody: TIMED_EVENT }),
    );
    expect(status).toBe(503);
    expect(data).toMatchObject({
      error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' },
    });
    const { status: okStatus } = await calendar.events.insert({
      calendarId: 'primary',
      requestBody: TIMED_EVENT,
    });
    expect(okStatus).toBe(200);
    expect(standin.events()).toHaveLength(1);
  });
});

describe('freebusy.query', () => {
  it('answers the busy times of stored timed events, merged and clipped, without transparent or deleted ones', async () => {
    const { calendar } = await signedIn('freebusy');
    const event = (start: string, end: string, extra: calendar_v3.Schema$Event = {}) =>
      calendar.events.insert({
        calendarId: 'primary',
        requestBody: {
          summary: 'Busy',
          start: { dateTime: start },
          end: { dateTime: end },
          ...extra,
        },
      });
    await event('2026-03-02T15:00:00Z', '2026-03-02T16:00:00Z');
    await event('2026-03-02T15:30:00Z', '2026-03-02T17:00:00Z');
    await event('2026-03-02T18:00:00Z', '2026-03-02T19:00:00Z', { transparency: 'transparent' });
    const gone = await event('2026-03-02T20:00:00Z', '2026-03-02T21:00:00Z');
    await calendar.events.delete({ calendarId: 'primary', eventId: gone.data.id! });
    await event('2026-03-03T08:00:00Z', '2026-03-03T23:00:00Z');
    await calendar.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Holiday',
        start: { date: '2026-03-02' },
        end: { date: '2026-03-03' },
      },
    });
    const answer = await calendar.freebusy.query({
      requestBody: {
        timeMin: '2026-03-02T00:00:00Z',
        timeMax: '2026-03-03T12:00:00Z',
        items: [{ id: 'primary' }],
      },
    });
    expect(answer.data.calendars?.primary?.busy).toEqual([
      { start: '2026-03-02T15:00:00Z', end: '2026-03-02T17:00:00Z' },
      { start: '2026-03-03T08:00:00Z', end: '2026-03-03T12:00:00Z' },
    ]);
  });

  it('refuses a call without a token, as Google does', async () => {
    const calendar = google.calendar({ version: 'v3', rootUrl: standin.url });
    const { status } = await failure(
      calendar.freebusy.query({
        requestBody: {
          timeMin: '2026-03-02T00:00:00Z',
          timeMax: '2026-03-03T00:00:00Z',
          items: [{ id: 'primary' }],
        },
      }),
    );
    expect(status).toBe(401);
  });
});
