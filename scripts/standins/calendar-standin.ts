// Local stand-in for the Google Calendar v3 API and Google's OAuth 2.0 endpoints, so the
// calendar works without Google. The real `googleapis` client talks to it unchanged. The parts
// live in ./calendar/: auth.ts (OAuth), store.ts (events), routes.ts (HTTP), errors.ts, time.ts.
//
// Pointing googleapis at it (`standin.url` ends with '/'; googleapis' own google-auth-library
// takes an `endpoints` override for every OAuth URL):
//
//   import { google } from 'googleapis';
//   const rootUrl = standin.url; // e.g. 'http://127.0.0.1:8090/'
//   const oauth2Client = new google.auth.OAuth2({
//     clientId: 'any-client-id',
//     clientSecret: 'any-secret',
//     redirectUri: 'http://127.0.0.1:5173/oauth/callback',
//     endpoints: {
//       oauth2TokenUrl: `${rootUrl}token`, // getToken(), refreshAccessToken()
//       oauth2AuthBaseUrl: `${rootUrl}o/oauth2/v2/auth`, // generateAuthUrl(): redirects straight back
//       oauth2RevokeUrl: `${rootUrl}revoke`, // revokeToken()
//     },
//   });
//   oauth2Client.setCredentials({ refresh_token }); // or: (await oauth2Client.getToken(code)).tokens
//   const calendar = google.calendar({ version: 'v3', auth: oauth2Client, rootUrl });
//   await calendar.events.insert({ calendarId: 'primary', requestBody: { ... } });
//
// (`calendarStandinEndpoints(rootUrl)` returns that `endpoints` object.)
//
// OAuth model — stateless, so tokens stored elsewhere survive a stand-in restart:
//   - POST /token grant_type=authorization_code, any `code` → refresh token
//     `standin-refresh-<code>` (see standinRefreshToken) + an access token. Scope is
//     CALENDAR_SCOPE unless the code contains 'noscope'.
//   - POST /token grant_type=refresh_token: any token starting with 'standin-refresh-' that was
//     not revoked → a new access token; anything else → 400 invalid_grant.
//   - Access tokens are 'ya29.standin-<id>.<base64url(refresh token)>'. Calendar calls with a
//     missing, unknown or revoked one → 401 UNAUTHENTICATED; without the calendar scope → 403
//     insufficientPermissions ("Request had insufficient authentication scopes.").
//   - GET /o/oauth2/v2/auth redirects at once to redirect_uri?code=…&scope=…&state=… (no consent
//     page); the code contains 'noscope' when the requested scopes lack calendar access.
//   - POST /revoke?token=… (or revoke(token)): revoking an access token also revokes its refresh
//     token, as Google does.
//
// Calendar: events live in memory per calendarId ('primary' is its own calendar). Date-times
// come back in the calendar's time zone (option timeZone, default UTC), as Google returns them.
// Deleted events are kept with status 'cancelled' (GET still returns them; list hides them
// unless showDeleted=true; a second DELETE → 410).
//
// Test hooks: events(), revoke(), failNext() on the returned object, and over HTTP for other
// processes: GET /__standin/events, POST /__standin/reset, POST /__standin/fail-next
// {status, message, reason?}, POST /__standin/revoke {token}. failNext fails the next Calendar
// API call (not /token); note googleapis retries GET/PUT/DELETE on 5xx and 429, and OAuth2Client
// refreshes and retries once on 401/403.
import { isTimeZone } from '@brainboard/domain';
import { answeringErrors, listen } from './http-util.ts';
import { createOAuth } from './calendar/auth.ts';
import { GoogleError, sendGoogleError } from './calendar/errors.ts';
import { createRoutes } from './calendar/routes.ts';
import { createEventStore, type CalendarEvent } from './calendar/store.ts';

export { CALENDAR_SCOPE, calendarStandinEndpoints, standinRefreshToken } from './calendar/auth.ts';
export type { CalendarEvent } from './calendar/store.ts';

export interface CalendarStandinOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Time zone of every calendar, used for returned date-times and all-day events. Default UTC. */
  timeZone?: string;
  /** Email of the signed-in user (creator/organizer). Default student@example.com. */
  userEmail?: string;
}

export interface CalendarStandin {
  /** rootUrl for googleapis, ending with '/'. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Events of one calendar, or of all calendars; cancelled (deleted) ones only if asked. */
  events(calendarId?: string, opts?: { includeDeleted?: boolean }): CalendarEvent[];
  /** Revokes a refresh or access token. */
  revoke(token: string): void;
  /** The next Calendar API call fails with this status and a Google-style error. */
  failNext(status: number, message: string, reason?: string): void;
  /** Clears events, revocations and pending failures. */
  reset(): void;
}

export async function startCalendarStandin(
  opts: CalendarStandinOptions = {},
): Promise<CalendarStandin> {
  const calendarTimeZone = opts.timeZone ?? 'UTC';
  if (!isTimeZone(calendarTimeZone)) throw new Error(`Unknown time zone ${calendarTimeZone}`);
  let baseUrl = '';
  const store = createEventStore({
    timeZone: calendarTimeZone,
    userEmail: opts.userEmail ?? 'student@example.com',
    baseUrl: () => baseUrl,
  });
  const oauth = createOAuth();
  const { handle, failNext, reset } = createRoutes(store, oauth);

  const listening = await listen(
    answeringErrors(handle, (res, err) =>
      sendGoogleError(res, new GoogleError(500, `Stand-in error: ${String(err)}`, 'backendError')),
    ),
    opts.port ?? 0,
    opts.host ?? '127.0.0.1',
  );
  baseUrl = `http://${listening.urlHost}:${listening.port}/`;

  return {
    url: baseUrl,
    port: listening.port,
    close: () => listening.close(),
    events: (calendarId, eventOpts) =>
      store.allEvents(calendarId, eventOpts?.includeDeleted === true),
    revoke: (token) => {
      oauth.revoke(token);
    },
    failNext,
    reset,
  };
}
