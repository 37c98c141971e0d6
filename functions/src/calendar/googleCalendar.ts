import { effectiveReminders, type CalendarSaveAnswer } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { calendar as googleCalendar } from 'googleapis/build/src/apis/calendar/index.js';
import { EVENT_ID_FIELD } from '../assignments/calendarEvent.ts';
import { assignmentRef, readAssignmentDoc } from '../assignments/store.ts';
import type { GoogleConfig } from '../auth/config.ts';
import { touchBoard } from '../board/stamp.ts';
import {
  grantRef,
  GrantNotConfiguredError,
  hasCalendarScope,
  isInvalidGrant,
  loadGoogleGrant,
  oauthClient,
} from '../auth/grant.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { profileRef } from '../profile/profile.ts';
import { EventInputError, eventFor } from './event.ts';

/** The web app looks for this text to ask the student to sign in again. */
const ACCESS_NOT_GRANTED =
  'Calendar access not granted. Sign out and sign in with Google again to allow calendar access.';
export const ASSIGNMENT_NOT_FOUND = 'That assignment does not exist.';
const EVENT_CREATED = 'The event was added to your Google Calendar.';
const EVENT_UPDATED = 'The event in your Google Calendar was updated.';

interface GoogleApiError {
  code?: number | string;
  status?: number;
  message?: string;
  response?: { status?: number; data?: { error?: unknown } };
  errors?: { reason?: string; message?: string }[];
}

function statusOf(err: unknown): number | undefined {
  const e = err as GoogleApiError;
  const status = e?.response?.status ?? e?.status ?? e?.code;
  return typeof status === 'number' ? status : undefined;
}

function reasonsOf(err: unknown): string[] {
  const e = err as GoogleApiError;
  const data = e?.response?.data?.error as { errors?: { reason?: string }[] } | undefined;
  return [...(e?.errors ?? []), ...(data?.errors ?? [])]
    .map((x) => x.reason)
    .filter((r): r is string => typeof r === 'string');
}

/** Google saying the token is gone or lacks the calendar scope. */
function isAccessProblem(err: unknown): boolean {
  if (isInvalidGrant(err)) return true;
  const status = statusOf(err);
  if (status === 401) return true;
  const reasons = reasonsOf(err);
  if (
    status === 403 &&
    reasons.some((r) => /insufficientPermissions|ACCESS_TOKEN_SCOPE_INSUFFICIENT/i.test(r))
  ) {
    return true;
  }
  return /insufficient authentication scopes|invalid_grant/i.test((err as Error)?.message ?? '');
}

/** The longest one call to Google (token refresh, insert, patch) may take. */
export const GOOGLE_CALL_TIMEOUT_MS = 10_000;

export const CALENDAR_UNREACHABLE =
  'Google Calendar could not be reached right now. Please try again in a few minutes.';

/** Google's own explanation, when Google answered one; never an address or a stack. */
function googleReason(err: unknown): string | null {
  const e = err as GoogleApiError | undefined;
  if (typeof e?.response?.status !== 'number') return null;
  const detail = e.message?.trim() ?? '';
  if (!detail || /https?:\/\/|\d{1,3}(\.\d{1,3}){3}|\bat\s+\S+\s+\(/i.test(detail)) return null;
  return detail.slice(0, 200);
}

export function googleFailure(err: unknown): HttpError {
  const status = statusOf(err);
  if (status === 429 || reasonsOf(err).some((r) => /rateLimit/i.test(r))) {
    return new HttpError(429, `Google Calendar is busy right now. Please try again in a minute.`);
  }
  const reason = googleReason(err);
  return new HttpError(
    503,
    reason ? `Google Calendar did not accept the event: ${reason}` : CALENDAR_UNREACHABLE,
  );
}

/**
 * Creates or updates the calendar event of one of the caller's assignments
 * (Google Calendar). The event id is kept on the assignment, so a second save patches
 * the same event and a changed due date moves it. An event deleted in the
 * calendar meanwhile is created again.
 */
export async function saveAssignmentToCalendar(
  db: Firestore,
  config: GoogleConfig,
  uid: string,
  assignmentId: string,
  timeZone: string,
): Promise<CalendarSaveAnswer> {
  const doc = await readAssignmentDoc(db, uid, assignmentId);
  if (!doc) throw notFound(ASSIGNMENT_NOT_FOUND);
  let body;
  try {
    const defaults = (await profileRef(db, uid).get()).get('reminder_defaults') as unknown;
    body = eventFor(
      { id: assignmentId, ...doc },
      timeZone,
      config.appUrl,
      effectiveReminders(doc.reminders, Array.isArray(defaults) ? (defaults as number[]) : null),
    );
  } catch (err) {
    if (err instanceof EventInputError) throw new HttpError(400, err.message);
    throw err;
  }

  let grant;
  try {
    grant = await loadGoogleGrant(db, config, uid);
  } catch (err) {
    if (err instanceof GrantNotConfiguredError) throw new HttpError(503, err.message);
    throw err;
  }
  if (!grant || !hasCalendarScope(grant.scope)) throw new HttpError(403, ACCESS_NOT_GRANTED);

  const auth = oauthClient(config);
  auth.setCredentials({ refresh_token: grant.refreshToken });
  const calendar = googleCalendar({ version: 'v3', auth, rootUrl: config.calendarRootUrl });
  const existingId = (doc as unknown as Record<string, unknown>)[EVENT_ID_FIELD];

  try {
    let event;
    let created = false;
    if (typeof existingId === 'string' && existingId) {
      try {
        // status 'confirmed' also brings back an event deleted in the calendar meanwhile.
        event = (
          await calendar.events.patch(
            {
              calendarId: 'primary',
              eventId: existingId,
              requestBody: { ...body, status: 'confirmed' },
            },
            { timeout: GOOGLE_CALL_TIMEOUT_MS },
          )
        ).data;
      } catch (err) {
        const status = statusOf(err);
        if (status !== 404 && status !== 410) throw err;
        event = undefined;
      }
    }
    if (!event) {
      event = (
        await calendar.events.insert(
          { calendarId: 'primary', requestBody: body },
          { timeout: GOOGLE_CALL_TIMEOUT_MS },
        )
      ).data;
      created = true;
    }
    if (!event.id) throw new Error('Google Calendar answered without an event id.');
    if (event.id !== existingId) {
      const batch = db.batch();
      batch.update(assignmentRef(db, uid, assignmentId), { [EVENT_ID_FIELD]: event.id });
      touchBoard(batch, db, uid);
      await batch.commit();
    }
    return {
      message: created ? EVENT_CREATED : EVENT_UPDATED,
      event_id: event.id,
      event_link: event.htmlLink ?? null,
      created,
    };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (isAccessProblem(err)) {
      // The grant no longer works: forget it, so the next sign-in asks again.
      if (isInvalidGrant(err)) await grantRef(db, uid).delete();
      throw new HttpError(403, ACCESS_NOT_GRANTED);
    }
    console.error('Saving to Google Calendar failed', err);
    throw googleFailure(err);
  }
}
