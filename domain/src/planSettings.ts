/**
 * The student's planning settings (docs/product.md, Plan): when they study on each weekday, how
 * much a day may hold, how long a work session is, how long before a due time the work should be
 * finished, and how long an assignment without estimates is taken to need. Stored on the profile
 * and written with PATCH /api/user/{id}; every field has a default, so a profile without them
 * plans the same as one with the defaults.
 */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A study window of one day: ["16:00", "21:00"], local wall-clock times; "24:00" ends at midnight. */
type StudyWindow = readonly [string, string];
export type StudyHours = Readonly<Record<Weekday, readonly StudyWindow[]>>;

/** The most study time ranges one day holds. */
export const STUDY_WINDOWS_PER_DAY_MAX = 4;

export const SESSION_MIN_MINUTES = 25;
export const SESSION_MAX_MINUTES = 90;

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

export const TIME_RE = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Minutes after midnight of "HH:MM" ("24:00" is 1440); null when malformed. */
export function minutesOfTime(time: string): number | null {
  if (!TIME_RE.test(time)) return null;
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
