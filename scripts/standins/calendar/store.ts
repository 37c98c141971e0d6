// The Calendar stand-in's events: in memory per calendarId ('primary' is its own calendar).
// Date-times come back in the calendar's time zone, as Google returns them. Deleted events are
// kept with status 'cancelled' (GET still returns them; list hides them unless showDeleted).
import { randomBytes } from 'node:crypto';
import { isTimeZone } from '@brainboard/domain';
import { isRecord } from '../http-util.ts';
import { b64url, badRequest, fromB64url, GoogleError } from './errors.ts';
import { formatInZone, parseDate, parseDateTime } from './time.ts';

export interface CalendarEventDateTime {
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

export function withoutReadOnly(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const field of READ_ONLY_FIELDS) delete out[field];
  return out;
}

/** Patch semantics: objects merge, arrays and scalars replace, null clears. */
export function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isRecord(value) && isRecord(out[key])) {
      out[key] = mergePatch(out[key] as Record<string, unknown>, value);
    } else out[key] = value;
  }
  return out;
}

export type EventStore = ReturnType<typeof createEventStore>;

export function createEventStore(opts: {
  timeZone: string;
  userEmail: string;
  /** The stand-in's root URL, for events' htmlLink. */
  baseUrl(): string;
}) {
  const calendarTimeZone = opts.timeZone;
  const userEmail = opts.userEmail;
  const calendars = new Map<string, Map<string, CalendarEvent>>();
  let etagCounter = 0;

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
      if (timeZone !== undefined && (typeof timeZone !== 'string' || !isTimeZone(timeZone))) {
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
    return `${opts.baseUrl()}calendar/event?eid=${b64url(`${id} ${calendarId}`)}`;
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
    if (!isTimeZone(responseZone)) throw badRequest('Invalid time zone definition.');
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

  /**
   * freebusy.query: the busy times of each calendar between timeMin and timeMax, merged and
   * clipped to the range, from its timed events that are not cancelled and not marked
   * "transparent" (shown as available), as Google answers. An unknown calendar has none.
   */
  function freeBusy(body: Record<string, unknown>) {
    const instant = (value: unknown) => {
      const parsed = typeof value === 'string' ? parseDateTime(value) : null;
      if (!parsed?.ok) throw badRequest('Bad Request', 'badRequest');
      return parsed.ms;
    };
    const timeMin = instant(body.timeMin);
    const timeMax = instant(body.timeMax);
    if (timeMax <= timeMin)
      throw badRequest('The specified time range is empty.', 'timeRangeEmpty');
    const items = Array.isArray(body.items) ? (body.items as { id?: unknown }[]) : [];
    const calendarsOut: Record<string, { busy: { start: string; end: string }[] }> = {};
    for (const item of items) {
      if (typeof item?.id !== 'string') throw badRequest('Bad Request', 'badRequest');
      const ranges = [...(calendars.get(item.id)?.values() ?? [])]
        .filter((e) => e.status !== 'cancelled' && e.transparency !== 'transparent')
        .filter((e) => e.start.dateTime !== undefined)
        .map(rangeOf)
        .map((r) => ({ start: Math.max(r.start, timeMin), end: Math.min(r.end, timeMax) }))
        .filter((r) => r.end > r.start)
        .sort((a, b) => a.start - b.start);
      const merged: { start: number; end: number }[] = [];
      for (const r of ranges) {
        const last = merged.at(-1);
        if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
        else merged.push({ ...r });
      }
      calendarsOut[item.id] = {
        busy: merged.map((r) => ({
          start: new Date(r.start).toISOString().replace('.000Z', 'Z'),
          end: new Date(r.end).toISOString().replace('.000Z', 'Z'),
        })),
      };
    }
    return {
      kind: 'calendar#freeBusy',
      timeMin: new Date(timeMin).toISOString(),
      timeMax: new Date(timeMax).toISOString(),
      calendars: calendarsOut,
    };
  }

  function allEvents(calendarId?: string, includeDeleted = false): CalendarEvent[] {
    const lists =
      calendarId === undefined ? [...calendars.values()] : [calendars.get(calendarId) ?? new Map()];
    return lists
      .flatMap((events) => [...events.values()])
      .filter((e) => includeDeleted || e.status !== 'cancelled')
      .map((e) => structuredClone(e));
  }

  /** Marks an event deleted; a second delete answers 410 as Google does. */
  function cancelEvent(calendarId: string, existing: CalendarEvent): void {
    if (existing.status === 'cancelled') {
      throw new GoogleError(410, 'Resource has been deleted', 'deleted');
    }
    calendar(calendarId).set(existing.id, {
      ...existing,
      status: 'cancelled',
      etag: newEtag(),
      updated: nowIso(),
    });
  }

  return {
    calendarTimeZone,
    userEmail,
    calendars,
    calendar,
    newEtag,
    presentEvent,
    insertEvent,
    replaceEvent,
    listEvents,
    freeBusy,
    cancelEvent,
    allEvents,
    reset: () => calendars.clear(),
  };
}
