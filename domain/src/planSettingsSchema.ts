/**
 * The checks of the planning settings (planSettings.ts) as PATCH /api/user/{id} takes them, and
 * how the server reads them from a stored profile. Apart from the settings' defaults, which the
 * web app reads without loading zod.
 */
import { z } from 'zod';
import {
  DEFAULT_PLAN_SETTINGS,
  SESSION_MAX_MINUTES,
  SESSION_MIN_MINUTES,
  STUDY_WINDOWS_PER_DAY_MAX,
  TIME_RE,
  minutesOfTime,
  type PlanSettings,
  type Weekday,
} from './planSettings.ts';

const DAILY_LIMIT_MAX_MINUTES = 720;
const BUFFER_MAX_HOURS = 72;
const DEFAULT_ESTIMATE_MAX_MINUTES = 600;

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
