// Routing of the Calendar stand-in: OAuth endpoints, the Calendar v3 API, an event page for
// htmlLink, and the test hooks under /__standin/.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isTimeZone } from '@brainboard/domain';
import { sendJson } from '../http-util.ts';
import type { OAuth } from './auth.ts';
import {
  DEFAULT_REASONS,
  escapeHtml,
  fromB64url,
  GoogleError,
  notFound,
  readJsonBody,
  sendGoogleError,
} from './errors.ts';
import {
  mergePatch,
  withoutReadOnly,
  type CalendarEventDateTime,
  type EventStore,
} from './store.ts';

/** The request handler over `store` and `oauth`, with the failure queue of failNext. */
export function createRoutes(store: EventStore, oauth: OAuth) {
  const failures: GoogleError[] = [];
  async function calendarApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    segments: string[],
  ): Promise<void> {
    const failure = failures.shift();
    if (failure) throw failure;
    oauth.authorize(req);
    const method = req.method ?? 'GET';
    // segments after 'calendars': [calendarId] or [calendarId, 'events', eventId?]
    const calendarId = decodeURIComponent(segments[0] ?? '');
    if (!calendarId) throw notFound();
    if (segments.length === 1 && method === 'GET') {
      return sendJson(res, 200, {
        kind: 'calendar#calendar',
        etag: store.newEtag(),
        id: calendarId === 'primary' ? store.userEmail : calendarId,
        summary: calendarId === 'primary' ? store.userEmail : calendarId,
        timeZone: store.calendarTimeZone,
        conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
      });
    }
    if (segments[1] !== 'events' || segments.length > 3) throw notFound();
    const eventId = segments[2] === undefined ? undefined : decodeURIComponent(segments[2]);
    const responseZone = url.searchParams.get('timeZone') ?? store.calendarTimeZone;

    if (eventId === undefined) {
      if (method === 'POST') {
        const event = store.insertEvent(calendarId, await readJsonBody(req));
        return sendJson(res, 200, store.presentEvent(event));
      }
      if (method === 'GET')
        return sendJson(res, 200, store.listEvents(calendarId, url.searchParams));
      throw notFound();
    }

    const existing = store.calendar(calendarId).get(eventId);
    switch (method) {
      case 'GET': {
        if (!existing) throw notFound();
        const zone = isTimeZone(responseZone) ? responseZone : store.calendarTimeZone;
        return sendJson(res, 200, store.presentEvent(existing, zone));
      }
      case 'PATCH':
      case 'PUT': {
        if (!existing) throw notFound();
        const fields = withoutReadOnly(await readJsonBody(req));
        // PATCH merges the fields into the event; PUT replaces the event with them.
        const next = method === 'PATCH' ? mergePatch(existing, fields) : fields;
        return sendJson(
          res,
          200,
          store.presentEvent(store.replaceEvent(existing, next, calendarId)),
        );
      }
      case 'DELETE': {
        if (!existing) throw notFound();
        store.cancelEvent(calendarId, existing);
        res.writeHead(204);
        res.end();
        return;
      }
      default:
        throw notFound();
    }
  }

  function failNext(status: number, message: string, reason?: string): void {
    failures.push(new GoogleError(status, message, reason ?? DEFAULT_REASONS[status] ?? 'error'));
  }

  function reset(): void {
    store.reset();
    oauth.reset();
    failures.length = 0;
  }

  function eventPage(url: URL, res: ServerResponse): void {
    const [id, calendarId] = fromB64url(url.searchParams.get('eid') ?? '').split(' ');
    const event = id && calendarId ? store.calendars.get(calendarId)?.get(id) : undefined;
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
      if (path === '/token' && method === 'POST') return await oauth.tokenEndpoint(req, res);
      if ((path === '/o/oauth2/v2/auth' || path === '/o/oauth2/auth') && method === 'GET') {
        return oauth.authEndpoint(url, res);
      }
      if ((path === '/revoke' || path === '/o/oauth2/revoke') && method === 'POST') {
        return await oauth.revokeEndpoint(url, req, res);
      }
      if (path === '/calendar/event' && method === 'GET') return eventPage(url, res);
      if (path === '/__standin/events' && method === 'GET') {
        const calendarId = url.searchParams.get('calendarId') ?? undefined;
        return sendJson(
          res,
          200,
          store.allEvents(calendarId, url.searchParams.get('showDeleted') === 'true'),
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
        if (typeof body.token === 'string') oauth.revoke(body.token);
        return sendJson(res, 200, { ok: true });
      }
      if (path === '/calendar/v3/freeBusy' && method === 'POST') {
        const failure = failures.shift();
        if (failure) throw failure;
        oauth.authorize(req);
        return sendJson(res, 200, store.freeBusy(await readJsonBody(req)));
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

  return { handle, failNext, reset };
}
