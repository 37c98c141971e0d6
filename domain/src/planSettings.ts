/**
 * The student's planning settings (docs/product.md, Plan): when they study on each weekday, how
 * much a day may hold, how long a work session is, how long before a due time the work should be
 * finished, and how long an assignment without estimates is taken to need. Stored on the profile
 * and written with PATCH /api/user/{id}; every field has a default, so a profile without them
 * plans the same as one with the defaults.
 */
import { z } from 'zod';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A study window of one day: ["16:00", "21:00"], local wall-clock times; "24:00" ends at midnight. */
type StudyWindow = readonly [string, string];
export type StudyHours = Readonly<Record<Weekday, readonly StudyWindow[]>>;

export const SESSION_MIN_MINUTES = 25;
export const SESSION_MAX_MINUTES = 90;
const DAILY_LIMIT_MAX_MINUTES = 720;
const BUFFER_MAX_HOURS = 72;
const STUDY_WINDOWS_PER_DAY_MAX = 4;
const DEFAULT_ESTIMATE_MAX_MINUTES = 600;

const WEEKDAY_HOURS: readonly StudyWindow[] = [['16:00', '21:00']];
const WEEKEND_HOURS: readonly StudyWindow[] = [['10:00', '18:00']];

/** 4 PM to 9 PM on weekdays, 10 AM to 6 PM at weekends. */
const DEFAULT_STUDY_HOURS: StudyHours = {
  sun: WEEKEND_HOURS,
  mon: WEEKDAY_HOURS,
  tue: WEEKDAY_HOURS,
  wed: WEEKDAY_HOURS,
  thu: WEEKDAY_HOURS,
  fri: WEEKDAY_HOURS,
  sat: WEEKEND_HOURS,
};

export interface PlanSettings {
  study_hours: StudyHours;
  daily_limit_minutes: number;
  session_minutes: number;
  buffer_hours: number;
  default_estimate_minutes: number;
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = {
  study_hours: DEFAULT_STUDY_HOURS,
  daily_limit_minutes: 180,
  session_minutes: 45,
  buffer_hours: 12,
  default_estimate_minutes: 60,
};

const TIME_RE = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Minutes after midnight of "HH:MM" ("24:00" is 1440); null when malformed. */
export function minutesOfTime(time: string): number | null {
  if (!TIME_RE.test(time)) return null;
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const TIME_ERROR = 'study_hours times must be written as HH:MM, from 00:00 to 24:00.';
const timeSchema = z.string({ error: TIME_ERROR }).regex(TIME_RE, TIME_ERROR);

const daySchema = (day: Weekday) =>
  z
    .array(
      z.tuple([timeSchema, timeSchema], {
        error: `study_hours.${day} must list [from, to] pairs such as ["16:00", "21:00"].`,
      }),
      {
        error: `study_hours.${day} must be a list of [from, to] pairs such as ["16:00", "21:00"].`,
      },
    )
    .max(
      STUDY_WINDOWS_PER_DAY_MAX,
      `study_hours.${day} may have at most ${STUDY_WINDOWS_PER_DAY_MAX} time ranges.`,
    )
    .refine(
      (windows) => windows.every(([a, b]) => (minutesOfTime(b) ?? 0) > (minutesOfTime(a) ?? 0)),
      `Each time range in study_hours.${day} must end after it starts.`,
    )
    .refine((windows) => {
      const sorted = [...windows].sort(
        (x, y) => (minutesOfTime(x[0]) ?? 0) - (minutesOfTime(y[0]) ?? 0),
      );
      return sorted.every(
        (w, i) => i === 0 || (minutesOfTime(w[0]) ?? 0) >= (minutesOfTime(sorted[i - 1]![1]) ?? 0),
      );
    }, `The time ranges in study_hours.${day} must not overlap.`);

const studyHoursSchema = z.strictObject(
  {
    sun: daySchema('sun'),
    mon: daySchema('mon'),
    tue: daySchema('tue'),
    wed: daySchema('wed'),
    thu: daySchema('thu'),
    fri: daySchema('fri'),
    sat: daySchema('sat'),
  },
  {
    error:
      'study_hours must name every weekday, from "mon" to "sun", each with a list of time ranges.',
  },
);

const wholeMinutes = (field: string, min: number, max: number) => {
  const error = `${field} must be a whole number from ${min} to ${max}.`;
  return z.number({ error }).int(error).min(min, error).max(max, error);
};

/** The planning fields PATCH /api/user/{id} takes (each optional, like the rest of the profile). */
export const planSettingsFields = {
  study_hours: studyHoursSchema.optional(),
  daily_limit_minutes: wholeMinutes(
    'daily_limit_minutes',
    SESSION_MIN_MINUTES,
    DAILY_LIMIT_MAX_MINUTES,
  ).optional(),
  session_minutes: wholeMinutes(
    'session_minutes',
    SESSION_MIN_MINUTES,
    SESSION_MAX_MINUTES,
  ).optional(),
  buffer_hours: wholeMinutes('buffer_hours', 0, BUFFER_MAX_HOURS).optional(),
  default_estimate_minutes: wholeMinutes(
    'default_estimate_minutes',
    5,
    DEFAULT_ESTIMATE_MAX_MINUTES,
  ).optional(),
};

const planSettingsSchema = z.object(planSettingsFields);

/** The settings stored on a profile, each field that is missing or malformed taking its default. */
export function planSettingsOf(profile: Record<string, unknown> | undefined): PlanSettings {
  const out: Record<string, unknown> = { ...DEFAULT_PLAN_SETTINGS };
  for (const key of Object.keys(planSettingsFields) as (keyof PlanSettings)[]) {
    const one = planSettingsSchema.shape[key].safeParse(profile?.[key]);
    if (one.success && one.data !== undefined) out[key] = one.data;
  }
  return out as unknown as PlanSettings;
}
