// Local stand-in for the Google Calendar v3 API and Google's OAuth 2.0 endpoints
// (DESIGN.md §4, "Calendar without Google"). The real `googleapis` client talks to it unchanged.
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
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, isRecord, listen, readBody, sendJson } from './http-util.ts';
import { formatInZone, isValidTimeZone, parseDate, parseDateTime } from './time-zone.ts';

export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const FULL_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
const NO_CALENDAR_SCOPE = 'openid https://www.googleapis.com/auth/userinfo.email';
const REFRESH_PREFIX = 'standin-refresh-';
const ACCESS_TOKEN = /^ya29\.standin-([0-9a-z]+)\.([A-Za-z0-9_-]+)$/;

/** The refresh token the stand-in issues for an authorization code. */
export function standinRefreshToken(code: string): string {
  return `${REFRESH_PREFIX}${code}`;
}

/** The `endpoints` option for OAuth2Client that points it at a calendar stand-in. */
export function calendarStandinEndpoints(rootUrl: string) {
  const base = rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`;
  return {
    oauth2TokenUrl: `${base}token`,
    oauth2AuthBaseUrl: `${base}o/oauth2/v2/auth`,
    oauth2RevokeUrl: `${base}revoke`,
  };
}

interface CalendarEventDateTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

export interface CalendarEvent {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: string;
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  start: CalendarEventDateTime;
  end: CalendarEventDateTime;
  iCalUID: string;
  sequence: number;
  creator: { email: string; self?: boolean };
  organizer: { email: string; self?: boolean };
  reminders?: unknown;
  extendedProperties?: {
    private?: Record<string, string>;
    shared?: Record<string, string>;
  };
  [field: string]: unknown;
}

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

class GoogleError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  410: 'NOT_FOUND',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const DEFAULT_REASONS: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  410: 'deleted',
  412: 'conditionNotMet',
  429: 'rateLimitExceeded',
  500: 'backendError',
  503: 'backendError',
};

function sendGoogleError(res: ServerResponse, err: GoogleError): void {
  const { errorMessage, headers, ...rest } = err.extra as {
    errorMessage?: string;
    headers?: Record<string, string>;
  };
  sendJson(
    res,
    err.code,
    {
      error: {
        code: err.code,
        message: err.message,
        errors: [
          { message: errorMessage ?? err.message, domain: 'global', reason: err.reason, ...rest },
        ],
        status: STATUS_NAMES[err.code] ?? (err.code >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
      },
    },
    headers,
  );
}

const badRequest = (message: string, reason = 'invalid') => new GoogleError(400, message, reason);
const notFound = () => new GoogleError(404, 'Not Found', 'notFound');

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const fromB64url = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

/** Event ids as Google makes them: base32hex (0-9, a-v). */
function newEventId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  return Array.from(randomBytes(26), (byte) => alphabet[byte & 31]).join('');
}

const READ_ONLY_FIELDS = [
  'kind',
  'etag',
  'id',
  'htmlLink',
  'created',
  'updated',
  'creator',
  'organizer',
  'iCalUID',
];

function withoutReadOnly(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const field of READ_ONLY_FIELDS) delete out[field];
  return out;
}

/** Patch semantics: objects merge, arrays and scalars replace, null clears. */
function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isRecord(value) && isRecord(out[key])) {
      out[key] = mergePatch(out[key] as Record<string, unknown>, value);
    } else out[key] = value;
  }
  return out;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startCalendarStandin(
  opts: CalendarStandinOptions = {},
): Promise<CalendarStandin> {
  const calendarTimeZone = opts.timeZone ?? 'UTC';
  if (!isValidTimeZone(calendarTimeZone)) throw new Error(`Unknown time zone ${calendarTimeZone}`);
  const userEmail = opts.userEmail ?? 'student@example.com';
  const calendars = new Map<string, Map<string, CalendarEvent>>();
  const revoked = new Set<string>();
  const issuedAccess = new Map<string, string>(); // access token → refresh token
  const failures: GoogleError[] = [];
  let tokenCounter = 0;
  let etagCounter = 0;
  let baseUrl = '';

  // ---- OAuth ---------------------------------------------------------------------------

  function scopeOfRefresh(refreshToken: string): string {
    return refreshToken.includes('noscope') ? NO_CALENDAR_SCOPE : CALENDAR_SCOPE;
  }

  function refreshIsValid(refreshToken: string): boolean {
    return refreshToken.startsWith(REFRESH_PREFIX) && !revoked.has(refreshToken);
  }

  function issueAccessToken(refreshToken: string): string {
    tokenCounter++;
    const token = `ya29.standin-${Date.now().toString(36)}x${tokenCounter}.${b64url(refreshToken)}`;
    issuedAccess.set(token, refreshToken);
    return token;
  }

  /** The refresh token behind a valid access token, or undefined. */
  function refreshOfAccess(accessToken: string): string | undefined {
    if (revoked.has(accessToken)) return undefined;
    const m = ACCESS_TOKEN.exec(accessToken);
    const refreshToken = issuedAccess.get(accessToken) ?? (m?.[2] ? fromB64url(m[2]) : undefined);
    return refreshToken && refreshIsValid(refreshToken) ? refreshToken : undefined;
  }

  function revoke(token: string): boolean {
    const fromAccess = refreshOfAccess(token);
    const known = fromAccess !== undefined || refreshIsValid(token);
    revoked.add(token);
    const refreshToken = fromAccess ?? token;
    revoked.add(refreshToken);
    for (const [access, refresh] of issuedAccess) if (refresh === refreshToken) revoked.add(access);
    return known;
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const type = req.headers['content-type'] ?? '';
    let params: URLSearchParams;
    if (type.includes('application/json')) {
      const json: unknown = raw ? JSON.parse(raw) : {};
      params = new URLSearchParams(
        isRecord(json)
          ? Object.entries(json).map(([k, v]): [string, string] => [k, String(v)])
          : [],
      );
    } else {
      params = new URLSearchParams(raw);
    }
    const oauthError = (status: number, error: string, description: string) =>
      sendJson(res, status, { error, error_description: description });

    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    const clientId =
      params.get('client_id') ??
      (basic?.[1] ? Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] : undefined);
    if (!clientId) {
      return oauthError(400, 'invalid_request', 'Could not determine client ID from request.');
    }

    const grantType = params.get('grant_type');
    if (grantType === 'refresh_token') {
      const refreshToken = params.get('refresh_token');
      if (!refreshToken) {
        return oauthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
      }
      if (!refreshIsValid(refreshToken)) {
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      return sendJson(res, 200, {
        access_token: issueAccessToken(refreshToken),
        expires_in: 3600,
        scope: scopeOfRefresh(refreshToken),
        token_type: 'Bearer',
      });
    }
    if (grantType === 'authorization_code') {
      const code = params.get('code');
      if (!code) return oauthError(400, 'invalid_request', 'Missing required parameter: code');
      const refreshToken = standinRefreshToken(code);
      revoked.delete(refreshToken); // a fresh consent issues a working refresh token again
      return sendJson(res, 200, {
        access_token: issueAccessToken(refreshToken),
        expires_in: 3600,
        refresh_token: refreshToken,
        scope: scopeOfRefresh(refreshToken),
        token_type: 'Bearer',
      });
    }
    return oauthError(
      400,
      'unsupported_grant_type',
      `Invalid grant_type: ${grantType ?? ''}`.trim(),
    );
  }

  function authEndpoint(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    let target: URL;
    try {
      target = new URL(redirectUri);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('scheme');
    } catch {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<h1>Error 400: invalid_request</h1><p>Missing or invalid redirect_uri.</p>');
      return;
    }
    const requested = (url.searchParams.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    const hasCalendar = requested.some((s) => s === CALENDAR_SCOPE || s === FULL_CALENDAR_SCOPE);
    const code = `standin-code-${hasCalendar ? '' : 'noscope-'}${randomUUID().slice(0, 8)}`;
    target.searchParams.set('code', code);
    target.searchParams.set('scope', scopeOfRefresh(standinRefreshToken(code)));
    const state = url.searchParams.get('state');
    if (state !== null) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString(), 'content-type': 'text/html; charset=utf-8' });
    res.end(`<a href="${escapeHtml(target.toString())}">Continue</a>`);
  }

  async function revokeEndpoint(url: URL, req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const token = url.searchParams.get('token') ?? new URLSearchParams(raw).get('token');
    if (!token || !revoke(token)) {
      return sendJson(res, 400, {
        error: 'invalid_token',
        error_description: 'Token expired or revoked',
      });
    }
    return sendJson(res, 200, {});
  }

  function authorize(req: IncomingMessage): void {
    const auth = req.headers.authorization;
    const wwwAuth = (error?: string) => ({
      'www-authenticate': `Bearer realm="https://accounts.google.com/"${error ? `, error="${error}"` : ''}`,
    });
    const bearer = /^Bearer\s+(\S+)$/i.exec(auth ?? '')?.[1];
    if (!bearer) {
      throw new GoogleError(
        401,
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'required',
        {
          errorMessage: 'Login Required.',
          location: 'Authorization',
          locationType: 'header',
          headers: wwwAuth(),
        },
      );
    }
    const refreshToken = refreshOfAccess(bearer);
    if (!refreshToken) {
      throw new GoogleError(
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'authError',
        {
          errorMessage: 'Invalid Credentials',
          location: 'Authorization',
          locationType: 'header',
          headers: wwwAuth('invalid_token'),
        },
      );
    }
    const scopes = scopeOfRefresh(refreshToken).split(' ');
    if (!scopes.includes(CALENDAR_SCOPE) && !scopes.includes(FULL_CALENDAR_SCOPE)) {
      throw new GoogleError(
        403,
        'Request had insufficient authentication scopes.',
        'insufficientPermissions',
        { errorMessage: 'Insufficient Permission', headers: wwwAuth('insufficient_scope') },
      );
    }
  }

  // ---- Events --------------------------------------------------------------------------

  function calendar(calendarId: string): Map<string, CalendarEvent> {
    let events = calendars.get(calendarId);
    if (!events) {
      events = new Map();
      calendars.set(calendarId, events);
    }
    return events;
  }

  const nowIso = () => new Date().toISOString();
  const newEtag = () => `"${Date.now()}${String(++etagCounter).padStart(4, '0')}"`;

  /** Validates and normalizes start/end in place; returns their instants. */
  function checkTimes(event: Record<string, unknown>): { start: number; end: number } {
    const read = (which: 'start' | 'end') => {
      const value = event[which];
      const missing = badRequest(`Missing ${which} time.`, 'required');
      if (!isRecord(value)) throw missing;
      const { date, dateTime, timeZone } = value;
      if (timeZone !== undefined && (typeof timeZone !== 'string' || !isValidTimeZone(timeZone))) {
        throw badRequest(`Invalid time zone definition for ${which} time.`);
      }
      if (typeof dateTime === 'string' && dateTime !== '') {
        const parsed = parseDateTime(dateTime, timeZone as string | undefined);
        if (!parsed.ok) {
          throw badRequest(
            parsed.reason === 'no-zone'
              ? `Missing time zone definition for ${which} time.`
              : `Invalid ${which} time.`,
          );
        }
        const normalized: CalendarEventDateTime = {
          dateTime: formatInZone(parsed.ms, calendarTimeZone),
        };
        if (typeof timeZone === 'string') normalized.timeZone = timeZone;
        event[which] = normalized;
        return { ms: parsed.ms, allDay: false };
      }
      if (typeof date === 'string' && date !== '') {
        const parsed = parseDate(date, calendarTimeZone);
        if (!parsed.ok) throw badRequest(`Invalid ${which} time.`);
        event[which] = typeof timeZone === 'string' ? { date, timeZone } : { date };
        return { ms: parsed.ms, allDay: true };
      }
      throw missing;
    };
    const start = read('start');
    const end = read('end');
    if (start.allDay !== end.allDay) {
      throw badRequest('Start and end times must either both be date or both be dateTime.');
    }
    if (end.ms < start.ms || (start.allDay && end.ms === start.ms)) {
      throw badRequest('The specified time range is empty.', 'timeRangeEmpty');
    }
    return { start: start.ms, end: end.ms };
  }

  /** Instants of a stored (already normalized) event. */
  function rangeOf(event: CalendarEvent): { start: number; end: number } {
    const at = (t: CalendarEventDateTime) => {
      const parsed = t.dateTime
        ? parseDateTime(t.dateTime)
        : parseDate(t.date ?? '', calendarTimeZone);
      return parsed.ok ? parsed.ms : 0;
    };
    return { start: at(event.start), end: at(event.end) };
  }

  function htmlLinkFor(calendarId: string, id: string): string {
    return `${baseUrl}calendar/event?eid=${b64url(`${id} ${calendarId}`)}`;
  }

  function presentEvent(event: CalendarEvent, timeZone = calendarTimeZone): CalendarEvent {
    const copy = structuredClone(event);
    if (timeZone !== calendarTimeZone) {
      for (const which of ['start', 'end'] as const) {
        const dateTime = copy[which].dateTime;
        const parsed = dateTime ? parseDateTime(dateTime) : undefined;
        if (parsed?.ok) copy[which].dateTime = formatInZone(parsed.ms, timeZone);
      }
    }
    return copy;
  }

  function insertEvent(calendarId: string, body: Record<string, unknown>): CalendarEvent {
    const events = calendar(calendarId);
    let id: string;
    if (body.id !== undefined) {
      if (typeof body.id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(body.id)) {
        throw badRequest('Invalid resource id value.');
      }
      if (events.has(body.id)) {
        throw new GoogleError(409, 'The requested identifier already exists.', 'duplicate');
      }
      id = body.id;
    } else {
      do id = newEventId();
      while (events.has(id));
    }
    const iCalUID = typeof body.iCalUID === 'string' ? body.iCalUID : `${id}@google.com`;
    const fields = withoutReadOnly(body);
    checkTimes(fields);
    const now = nowIso();
    const event = {
      kind: 'calendar#event',
      etag: newEtag(),
      id,
      status: 'confirmed',
      htmlLink: htmlLinkFor(calendarId, id),
      created: now,
      updated: now,
      creator: { email: userEmail, self: true },
      organizer: { email: calendarId === 'primary' ? userEmail : calendarId, self: true },
      iCalUID,
      sequence: 0,
      reminders: { useDefault: true },
      eventType: 'default',
      ...fields,
    } as unknown as CalendarEvent;
    events.set(id, event);
    return event;
  }

  function replaceEvent(
    existing: CalendarEvent,
    fields: Record<string, unknown>,
    calendarId: string,
  ): CalendarEvent {
    const before = rangeOf(existing);
    const after = checkTimes(fields);
    const timesChanged = before.start !== after.start || before.end !== after.end;
    const keep: Record<string, unknown> = {};
    for (const field of READ_ONLY_FIELDS) keep[field] = existing[field];
    const event = {
      status: 'confirmed',
      ...fields,
      ...keep,
      etag: newEtag(),
      updated: nowIso(),
      sequence: Math.max(
        existing.sequence + (timesChanged ? 1 : 0),
        typeof fields.sequence === 'number' ? fields.sequence : 0,
      ),
    } as CalendarEvent;
    calendar(calendarId).set(existing.id, event);
    return event;
  }

  function listEvents(calendarId: string, query: URLSearchParams) {
    const instant = (name: string) => {
      const text = query.get(name);
      if (text === null) return undefined;
      const parsed = parseDateTime(text);
      if (!parsed.ok) throw badRequest('Bad Request', 'badRequest');
      return parsed.ms;
    };
    const timeMin = instant('timeMin');
    const timeMax = instant('timeMax');
    const updatedMin = instant('updatedMin');
    const responseZone = query.get('timeZone') ?? calendarTimeZone;
    if (!isValidTimeZone(responseZone)) throw badRequest('Invalid time zone definition.');
    const orderBy = query.get('orderBy');
    const singleEvents = query.get('singleEvents') === 'true';
    if (orderBy === 'startTime' && !singleEvents) {
      throw badRequest(
        'The requested ordering is not available for the particular query.',
        'badRequest',
      );
    }
    if (orderBy !== null && orderBy !== 'startTime' && orderBy !== 'updated') {
      throw badRequest(`Invalid value for: ${orderBy} is not a valid value`);
    }
    const maxResultsText = query.get('maxResults');
    const maxResults = maxResultsText === null ? 250 : Number(maxResultsText);
    if (!Number.isInteger(maxResults) || maxResults < 1) {
      throw badRequest(
        `Invalid value '${maxResultsText}'. Values must be within the range: [1, 2500]`,
      );
    }
    const showDeleted = query.get('showDeleted') === 'true';
    const q = query.get('q')?.toLowerCase();
    const iCalUID = query.get('iCalUID');
    const propertyFilters = (name: string, bag: 'private' | 'shared') =>
      query.getAll(name).map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 1) throw badRequest(`Invalid ${name} value.`);
        return { bag, key: pair.slice(0, eq), value: pair.slice(eq + 1) };
      });
    const filters = [
      ...propertyFilters('privateExtendedProperty', 'private'),
      ...propertyFilters('sharedExtendedProperty', 'shared'),
    ];

    let items = [...calendar(calendarId).values()].filter((event) => {
      if (event.status === 'cancelled' && !showDeleted) return false;
      const range = rangeOf(event);
      if (timeMin !== undefined && range.end <= timeMin) return false;
      if (timeMax !== undefined && range.start >= timeMax) return false;
      if (updatedMin !== undefined && Date.parse(event.updated) < updatedMin) return false;
      if (iCalUID !== null && event.iCalUID !== iCalUID) return false;
      if (q) {
        const text = [event.summary, event.description, event.location]
          .filter((s) => typeof s === 'string')
          .join(' ')
          .toLowerCase();
        if (!q.split(/\s+/).every((word) => text.includes(word))) return false;
      }
      return filters.every((f) => event.extendedProperties?.[f.bag]?.[f.key] === f.value);
    });
    if (orderBy === 'startTime') items.sort((a, b) => rangeOf(a).start - rangeOf(b).start);
    if (orderBy === 'updated') items.sort((a, b) => a.updated.localeCompare(b.updated));

    const pageToken = query.get('pageToken');
    const offset = pageToken ? Number(fromB64url(pageToken).replace(/^offset:/, '')) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw badRequest('Invalid page token value.');
    const pageSize = Math.min(maxResults, 2500);
    const page = items.slice(offset, offset + pageSize);
    const more = offset + pageSize < items.length;
    items = page;
    const updated = items.reduce((latest, e) => (e.updated > latest ? e.updated : latest), '');
    return {
      kind: 'calendar#events',
      etag: newEtag(),
      summary: calendarId === 'primary' ? userEmail : calendarId,
      description: '',
      updated: updated || nowIso(),
      timeZone: responseZone,
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      ...(more ? { nextPageToken: b64url(`offset:${offset + pageSize}`) } : {}),
      items: items.map((e) => presentEvent(e, responseZone)),
    };
  }

  async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    let raw: string;
    try {
      raw = await readBody(req);
    } catch (err) {
      if (err instanceof BodyTooLargeError)
        throw new GoogleError(413, 'Request too large', 'uploadTooLarge');
      throw err;
    }
    let body: unknown;
    try {
      body = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      throw badRequest('Parse Error', 'parseError');
    }
    if (!isRecord(body)) throw badRequest('Parse Error', 'parseError');
    return body;
  }

  async function calendarApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    segments: string[],
  ): Promise<void> {
    const failure = failures.shift();
    if (failure) throw failure;
    authorize(req);
    const method = req.method ?? 'GET';
    // segments after 'calendars': [calendarId] or [calendarId, 'events', eventId?]
    const calendarId = decodeURIComponent(segments[0] ?? '');
    if (!calendarId) throw notFound();
    if (segments.length === 1 && method === 'GET') {
      return sendJson(res, 200, {
        kind: 'calendar#calendar',
        etag: newEtag(),
        id: calendarId === 'primary' ? userEmail : calendarId,
        summary: calendarId === 'primary' ? userEmail : calendarId,
        timeZone: calendarTimeZone,
        conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
      });
    }
    if (segments[1] !== 'events' || segments.length > 3) throw notFound();
    const eventId = segments[2] === undefined ? undefined : decodeURIComponent(segments[2]);
    const responseZone = url.searchParams.get('timeZone') ?? calendarTimeZone;

    if (eventId === undefined) {
      if (method === 'POST') {
        const event = insertEvent(calendarId, await readJsonBody(req));
        return sendJson(res, 200, presentEvent(event));
      }
      if (method === 'GET') return sendJson(res, 200, listEvents(calendarId, url.searchParams));
      throw notFound();
    }

    const existing = calendar(calendarId).get(eventId);
    switch (method) {
      case 'GET': {
        if (!existing) throw notFound();
        const zone = isValidTimeZone(responseZone) ? responseZone : calendarTimeZone;
        return sendJson(res, 200, presentEvent(existing, zone));
      }
      case 'PATCH': {
        if (!existing) throw notFound();
        const patch = withoutReadOnly(await readJsonBody(req));
        const merged = mergePatch(existing, patch);
        return sendJson(res, 200, presentEvent(replaceEvent(existing, merged, calendarId)));
      }
      case 'PUT': {
        if (!existing) throw notFound();
        const fields = withoutReadOnly(await readJsonBody(req));
        return sendJson(res, 200, presentEvent(replaceEvent(existing, fields, calendarId)));
      }
      case 'DELETE': {
        if (!existing) throw notFound();
        if (existing.status === 'cancelled') {
          throw new GoogleError(410, 'Resource has been deleted', 'deleted');
        }
        calendar(calendarId).set(eventId, {
          ...existing,
          status: 'cancelled',
          etag: newEtag(),
          updated: nowIso(),
        });
        res.writeHead(204);
        res.end();
        return;
      }
      default:
        throw notFound();
    }
  }

  // ---- Test hooks and routing ------------------------------------------------------------

  function allEvents(calendarId?: string, includeDeleted = false): CalendarEvent[] {
    const lists =
      calendarId === undefined ? [...calendars.values()] : [calendars.get(calendarId) ?? new Map()];
    return lists
      .flatMap((events) => [...events.values()])
      .filter((e) => includeDeleted || e.status !== 'cancelled')
      .map((e) => structuredClone(e));
  }

  function failNext(status: number, message: string, reason?: string): void {
    failures.push(new GoogleError(status, message, reason ?? DEFAULT_REASONS[status] ?? 'error'));
  }

  function reset(): void {
    calendars.clear();
    revoked.clear();
    issuedAccess.clear();
    failures.length = 0;
  }

  function eventPage(url: URL, res: ServerResponse): void {
    const [id, calendarId] = fromB64url(url.searchParams.get('eid') ?? '').split(' ');
    const event = id && calendarId ? calendars.get(calendarId)?.get(id) : undefined;
    res.writeHead(event ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    if (!event) {
      res.end(
        '<!doctype html><title>Not found</title><p>No such event in the stand-in calendar.</p>',
      );
      return;
    }
    const when = (t: CalendarEventDateTime) => escapeHtml(t.dateTime ?? t.date ?? '');
    res.end(
      `<!doctype html><meta charset="utf-8"><title>${escapeHtml(event.summary ?? '(No title)')}</title>` +
        `<h1>${escapeHtml(event.summary ?? '(No title)')}</h1>` +
        `<p>${when(event.start)} – ${when(event.end)}${event.status === 'cancelled' ? ' (deleted)' : ''}</p>` +
        (event.description ? `<p>${escapeHtml(event.description)}</p>` : '') +
        '<p><small>Calendar stand-in (no Google account involved).</small></p>',
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    try {
      if (path === '/token' && method === 'POST') return await tokenEndpoint(req, res);
      if ((path === '/o/oauth2/v2/auth' || path === '/o/oauth2/auth') && method === 'GET') {
        return authEndpoint(url, res);
      }
      if ((path === '/revoke' || path === '/o/oauth2/revoke') && method === 'POST') {
        return await revokeEndpoint(url, req, res);
      }
      if (path === '/calendar/event' && method === 'GET') return eventPage(url, res);
      if (path === '/__standin/events' && method === 'GET') {
        const calendarId = url.searchParams.get('calendarId') ?? undefined;
        return sendJson(
          res,
          200,
          allEvents(calendarId, url.searchParams.get('showDeleted') === 'true'),
        );
      }
      if (path === '/__standin/reset' && method === 'POST') {
        reset();
        return sendJson(res, 200, { ok: true });
      }
      if (path === '/__standin/fail-next' && method === 'POST') {
        const body = await readJsonBody(req);
        const status = typeof body.status === 'number' ? body.status : 500;
        failNext(
          status,
          typeof body.message === 'string' ? body.message : 'Backend Error',
          typeof body.reason === 'string' ? body.reason : undefined,
        );
        return sendJson(res, 200, { ok: true });
      }
      if (path === '/__standin/revoke' && method === 'POST') {
        const body = await readJsonBody(req);
        if (typeof body.token === 'string') revoke(body.token);
        return sendJson(res, 200, { ok: true });
      }
      const prefix = '/calendar/v3/calendars/';
      if (path.startsWith(prefix)) {
        // Split the raw path so an encoded '/' inside an id stays inside it.
        const rawPath = url.pathname.replace(/\/+$/, '');
        return await calendarApi(req, res, url, rawPath.slice(prefix.length).split('/'));
      }
      throw notFound();
    } catch (err) {
      if (err instanceof GoogleError) return sendGoogleError(res, err);
      if (err instanceof SyntaxError) {
        return sendJson(res, 400, {
          error: 'invalid_request',
          error_description: 'Malformed body',
        });
      }
      throw err;
    }
  }

  const listening = await listen(
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendGoogleError(
          res,
          new GoogleError(500, `Stand-in error: ${String(err)}`, 'backendError'),
        );
      });
    },
    opts.port ?? 0,
    opts.host ?? '127.0.0.1',
  );
  baseUrl = `http://${listening.urlHost}:${listening.port}/`;

  return {
    url: baseUrl,
    port: listening.port,
    close: () => listening.close(),
    events: (calendarId, eventOpts) => allEvents(calendarId, eventOpts?.includeDeleted === true),
    revoke: (token) => {
      revoke(token);
    },
    failNext,
    reset,
  };
}
