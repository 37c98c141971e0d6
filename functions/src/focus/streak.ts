import { isDateOnly } from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { profileRef } from '../profile/profile.ts';

/**
 * The focus streak: the number of days in a row, up to and including a day, on which the
 * student completed at least one focus session. It forgives: one missed day a week is a rest
 * day, so a single missed day does not reset it (the rest day itself does not add to it), while
 * a second missed day within seven days of the last rest day, or two missed days in a row, does. It is stored with the profile
 * (`focus_streak`, `focus_last_date` on users/{uid}) so it follows the student to every device.
 *
 * Concurrency (docs/architecture.md, The data model): no read-modify-write of a counter. Each day
 * with a completed
 * session gets one immutable document `users/{uid}/focus_days/{date}` holding that day's streak,
 * written with `create()`, which fails when the document exists. So:
 * - repeats on the same day (two devices, a double click, a retry) cannot increase the streak:
 *   only the first create wins, the others read what it wrote;
 * - a day's streak is "yesterday's streak + 1", or "the day before's + 1" across a rest day,
 *   or 1 after a longer gap; those documents never change any more, so reading them races
 *   with nothing;
 * - the profile fields are a copy of the newest day: every call for a date writes the same
 *   values, so concurrent calls write identical values. A transaction only keeps an older date
 *   (a late call from another time zone) from overwriting a newer one.
 */

export interface FocusDayDoc {
  date: string;
  streak: number;
  /** The latest rest day this streak used, carried forward from day to day. */
  rest_day?: string;
  created_at: string;
}

/** Days that must pass after a rest day before the streak may use another. */
const REST_DAY_EVERY_DAYS = 7;

const MS_PER_DAY = 86_400_000;

/** 'YYYY-MM-DD' → days since the epoch (UTC calendar arithmetic, no time zones). */
function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / MS_PER_DAY);
}

function fromDayNumber(n: number): string {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The calendar day before `date` ('YYYY-MM-DD'). */
export function previousDay(date: string): string {
  return fromDayNumber(dayNumber(date) - 1);
}

/**
 * The streak of `date` from the documents of the day before (`yesterday`) and the day before
 * that (`dayBefore`), each null when there was no session. Missing yesterday is forgiven as a
 * rest day when the streak used none in the seven days before it.
 */
export function nextStreak(
  date: string,
  yesterday: Pick<FocusDayDoc, 'streak' | 'rest_day'> | null,
  dayBefore: Pick<FocusDayDoc, 'streak' | 'rest_day'> | null,
): { streak: number; rest_day?: string } {
  if (yesterday) {
    const carried = yesterday.rest_day;
    return { streak: streakOf(yesterday) + 1, ...(carried ? { rest_day: carried } : {}) };
  }
  const rest = previousDay(date);
  const lastRest = dayBefore?.rest_day;
  const restAllowed = !lastRest || dayNumber(rest) - dayNumber(lastRest) >= REST_DAY_EVERY_DAYS;
  if (dayBefore && restAllowed) return { streak: streakOf(dayBefore) + 1, rest_day: rest };
  return { streak: 1 };
}

export const FOCUS_DATE_FORMAT_ERROR = 'Send the date of the focus session as YYYY-MM-DD.';
export const FOCUS_DATE_RANGE_ERROR =
  "The date of the focus session must be today's date. Check your device's date and try again.";

/**
 * Null when `date` can be the browser's local date at `now`, else the reason. A local date
 * is at most one day away from the UTC date (time zones span UTC-12 to UTC+14), so anything
 * further is a wrong clock or a made-up streak.
 */
export function focusDateError(date: unknown, now: Date): string | null {
  if (typeof date !== 'string' || !isDateOnly(date)) return FOCUS_DATE_FORMAT_ERROR;
  const today = dayNumber(now.toISOString().slice(0, 10));
  return Math.abs(dayNumber(date) - today) <= 1 ? null : FOCUS_DATE_RANGE_ERROR;
}

function focusDays(db: Firestore, uid: string) {
  return profileRef(db, uid).collection('focus_days');
}

function isAlreadyExists(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
}

function streakOf(data: unknown): number {
  const streak = (data as Partial<FocusDayDoc> | undefined)?.streak;
  return typeof streak === 'number' && Number.isFinite(streak) && streak > 0 ? streak : 1;
}

/** Records a completed focus session on the student's local `date`; answers the streak. */
export async function recordFocusSession(
  db: Firestore,
  uid: string,
  date: string,
  now = new Date(),
): Promise<number> {
  const days = focusDays(db, uid);
  const today = days.doc(date);

  let streak: number;
  const existing = await today.get();
  if (existing.exists) {
    streak = streakOf(existing.data());
  } else {
    const yesterdayDate = previousDay(date);
    const [yesterday, dayBefore] = await Promise.all([
      days.doc(yesterdayDate).get(),
      days.doc(previousDay(yesterdayDate)).get(),
    ]);
    const next = nextStreak(
      date,
      yesterday.exists ? (yesterday.data() as FocusDayDoc) : null,
      dayBefore.exists ? (dayBefore.data() as FocusDayDoc) : null,
    );
    streak = next.streak;
    try {
      await today.create({ date, ...next, created_at: now.toISOString() } satisfies FocusDayDoc);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
      // Another call for the same day won: its value stands.
      streak = streakOf((await today.get()).data());
    }
  }

  const profile = profileRef(db, uid);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(profile);
    const last = snap.get('focus_last_date') as unknown;
    if (typeof last === 'string' && last > date) return;
    tx.set(profile, { focus_streak: streak, focus_last_date: date }, { merge: true });
  });
  return streak;
}
