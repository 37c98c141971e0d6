import type { Interval, PlanCalendarUse } from '@brainboard/domain';
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

export interface BusyTimes {
  busy: Interval[];
  calendar: PlanCalendarUse;
}

/**
 * The student's busy times between `from` and `to` from Google Calendar's freebusy.query on
 * their primary calendar, through their stored grant. Without a grant with calendar access the
 * plan uses study hours only ('study_hours_only'); when Google does not answer in time or fails,
 * the same, said as 'unavailable' (a plan is still worth having; the student is told).
 */
export async function busyTimes(
  db: Firestore,
  config: GoogleConfig,
  uid: string,
  from: number,
  to: number,
): Promise<BusyTimes> {
  let grant;
  try {
    grant = await loadGoogleGrant(db, config, uid);
  } catch (err) {
    if (err instanceof GrantNotConfiguredError) return { busy: [], calendar: 'study_hours_only' };
    throw err;
  }
  if (!grant || !hasCalendarScope(grant.scope)) return { busy: [], calendar: 'study_hours_only' };
  const auth = oauthClient(config);
  auth.setCredentials({ refresh_token: grant.refreshToken });
  const calendar = googleCalendar({ version: 'v3', auth, rootUrl: config.calendarRootUrl });
  try {
    const answer = await calendar.freebusy.query(
      {
        requestBody: {
          timeMin: new Date(from).toISOString(),
          timeMax: new Date(to).toISOString(),
          items: [{ id: 'primary' }],
        },
      },
      { timeout: GOOGLE_CALL_TIMEOUT_MS, retry: false },
    );
    const busy = (answer.data.calendars?.primary?.busy ?? []).flatMap((b) => {
      const start = Date.parse(b.start ?? '');
      const end = Date.parse(b.end ?? '');
      return Number.isNaN(start) || Number.isNaN(end) || end <= start ? [] : [{ start, end }];
    });
    return { busy, calendar: 'google' };
  } catch (err) {
    console.warn('Reading busy times from Google Calendar failed', (err as Error)?.message);
    return { busy: [], calendar: 'unavailable' };
  }
}
