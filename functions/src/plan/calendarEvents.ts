import { calendarText, formatMinutes } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { calendar as googleCalendar } from 'googleapis/build/src/apis/calendar/index.js';
import type { GoogleConfig } from '../auth/config.ts';
import {
  GrantNotConfiguredError,
  hasCalendarScope,
  loadGoogleGrant,
  oauthClient,
} from '../auth/grant.ts';
import { GOOGLE_CALL_TIMEOUT_MS } from '../calendar/googleCalendar.ts';
import { HttpError } from '../http/errors.ts';

/** One session as its calendar event shows it. */
export interface EventSession {
  id: string;
  assignment_id: string;
  title: string;
  start: string;
  end: string;
}

const PLAN_CALENDAR_NOT_GRANTED =
  'Calendar access not granted. Sign out and sign in with Google again to allow calendar access.';

/** What a session's reminder and its event say: "Time for Physics worksheet · 45 min". */
export const sessionText = (title: string, minutes: number) =>
  `Time for ${calendarText(title, 'line').trim() || 'your assignment'} · ${formatMinutes(minutes)}`;

/** Focus Mode on the assignment, as a reminder's Start opens it. */
const focusLink = (appUrl: string, assignmentId: string) =>
  `${appUrl}/dashboard?focus=${encodeURIComponent(assignmentId)}`;

/** The Calendar v3 event of a session: shown as available, so it never counts as busy. */
function eventOf(s: EventSession, appUrl: string) {
  const minutes = Math.round((Date.parse(s.end) - Date.parse(s.start)) / 60_000);
  return {
    summary: sessionText(s.title, minutes),
    description: `Start in Focus Mode: ${focusLink(appUrl, s.assignment_id)}`,
    start: { dateTime: new Date(s.start).toISOString() },
    end: { dateTime: new Date(s.end).toISOString() },
    transparency: 'transparent',
    extendedProperties: {
      private: { brainboardSessionId: s.id, brainboardAssignmentId: s.assignment_id },
    },
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 0 }] },
  };
}

async function calendarClient(db: Firestore, config: GoogleConfig, uid: string) {
  let grant;
  try {
    grant = await loadGoogleGrant(db, config, uid);
  } catch (err) {
    if (err instanceof GrantNotConfiguredError) throw new HttpError(503, err.message);
    throw err;
  }
  if (!grant || !hasCalendarScope(grant.scope)) throw new HttpError(403, PLAN_CALENDAR_NOT_GRANTED);
  const auth = oauthClient(config);
  auth.setCredentials({ refresh_token: grant.refreshToken });
  return googleCalendar({ version: 'v3', auth, rootUrl: config.calendarRootUrl });
}

const statusOf = (err: unknown) => (err as { response?: { status?: number } })?.response?.status;

/** What the calendar shows for one session: its event and the times it was written with. */
export interface KnownEvent {
  event_id: string;
  start: string;
  end: string;
  title: string;
}

/** Calls to Google at once while syncing. */
const PARALLEL_CALLS = 6;

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_CALLS, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Makes the student's calendar show `sessions`, one event each: events of sessions that are
 * gone are removed, moved or renamed ones updated, new ones created, unchanged ones left alone.
 * `known` is what the calendar showed before; answers what it shows now. Every call has
 * Google's timeout.
 */
export async function syncSessionEvents(
  db: Firestore,
  config: GoogleConfig,
  uid: string,
  sessions: readonly EventSession[],
  known: Readonly<Record<string, KnownEvent>>,
): Promise<Record<string, KnownEvent>> {
  const calendar = await calendarClient(db, config, uid);
  const options = { timeout: GOOGLE_CALL_TIMEOUT_MS };
  const wanted = new Set(sessions.map((s) => s.id));
  const out: Record<string, KnownEvent> = {};
  const gone = Object.entries(known).filter(([id]) => !wanted.has(id));
  await inParallel(gone, async ([, e]) => {
    try {
      await calendar.events.delete({ calendarId: 'primary', eventId: e.event_id }, options);
    } catch (err) {
      if (statusOf(err) !== 404 && statusOf(err) !== 410) throw err;
    }
  });
  await inParallel(sessions, async (s) => {
    const before = known[s.id];
    if (before && before.start === s.start && before.end === s.end && before.title === s.title) {
      out[s.id] = before;
      return;
    }
    const body = eventOf(s, config.appUrl);
    let id: string | null | undefined;
    if (before) {
      try {
        id = (
          await calendar.events.patch(
            {
              calendarId: 'primary',
              eventId: before.event_id,
              requestBody: { ...body, status: 'confirmed' },
            },
            options,
          )
        ).data.id;
      } catch (err) {
        if (statusOf(err) !== 404 && statusOf(err) !== 410) throw err;
      }
    }
    id ??= (await calendar.events.insert({ calendarId: 'primary', requestBody: body }, options))
      .data.id;
    if (id) out[s.id] = { event_id: id, start: s.start, end: s.end, title: s.title };
  });
  return out;
}
