/**
 * Time a student can see: per-subtask estimates in minutes, the minutes focused on an
 * assignment (kept by the server), a learning factor from finished work, and a "Start by"
 * moment. Pure: every function that depends on the time takes `now`.
 */
import { z } from 'zod';
import { whenWords } from './dateWords.ts';
import {
  DEFAULT_PLAN_SETTINGS,
  minutesOfTime,
  WEEKDAYS,
  type StudyHours,
  type Weekday,
} from './planSettings.ts';
import { toLocalDate } from './dueDate.ts';
import { calendarDaysBetween } from './urgency.ts';

export const ESTIMATE_MIN_MINUTES = 1;
export const ESTIMATE_MAX_MINUTES = 600;
/** How many of the latest finished assignments the learning factor looks at. */
const LEARNING_SAMPLE_SIZE = 5;
/** The learning factor stays inside these bounds, so one odd assignment cannot run away with it. */
const LEARNING_FACTOR_MIN = 0.5;
const LEARNING_FACTOR_MAX = 3;
/** Cards due within this many days show a "Start by" moment. */
const START_BY_WITHIN_DAYS = 7;

export const ESTIMATE_ERROR = `estimate_minutes must be a whole number of minutes from ${ESTIMATE_MIN_MINUTES} to ${ESTIMATE_MAX_MINUTES}, or null.`;

/** A subtask's estimate: whole minutes from 1 to 600, or null for none. */
export const estimateMinutesSchema = z
  .number({ error: ESTIMATE_ERROR })
  .int(ESTIMATE_ERROR)
  .min(ESTIMATE_MIN_MINUTES, ESTIMATE_ERROR)
  .max(ESTIMATE_MAX_MINUTES, ESTIMATE_ERROR)
  .nullable();

/** A stored estimate as the API answers it: null unless a whole number from 1 to 600. */
export function storedEstimate(v: unknown): number | null {
  return typeof v === 'number' &&
    Number.isInteger(v) &&
    v >= ESTIMATE_MIN_MINUTES &&
    v <= ESTIMATE_MAX_MINUTES
    ? v
    : null;
}

/** A typed estimate as minutes: null when empty, undefined unless 1 to 600 whole minutes. */
export function parseEstimate(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n >= ESTIMATE_MIN_MINUTES && n <= ESTIMATE_MAX_MINUTES ? n : undefined;
}

/** Stored focused minutes: a non-negative whole number, 0 when missing or malformed. */
export function storedFocusMinutes(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

export interface EstimatedSubtask {
  completed: boolean;
  estimate_minutes?: number | null;
}

export interface TimedAssignment {
  id: string;
  status: string;
  due_date: string;
  subtasks: readonly EstimatedSubtask[];
  focus_minutes?: number;
  completed_date?: string | null;
}

/** The sum of every estimate; null when no subtask has one. */
export function totalEstimateMinutes(subtasks: readonly EstimatedSubtask[]): number | null {
  const estimates = subtasks.flatMap((s) => (s.estimate_minutes ? [s.estimate_minutes] : []));
  return estimates.length ? estimates.reduce((a, b) => a + b, 0) : null;
}

/** The sum of the estimates of unticked subtasks; null when none of them has one. */
export function remainingEstimateMinutes(subtasks: readonly EstimatedSubtask[]): number | null {
  return totalEstimateMinutes(subtasks.filter((s) => !s.completed));
}

/** "45 min", "1 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** "~1 h 30 min left". */
export function remainingText(minutes: number): string {
  return `~${formatMinutes(minutes)} left`;
}

/** Spent against estimated: "45 of 90 min"; without an estimate "45 min focused". */
export function spentText(focusMinutes: number, estimateMinutes: number | null): string {
  if (estimateMinutes === null) return `${focusMinutes} min focused`;
  return `${focusMinutes} of ${estimateMinutes} min`;
}

export interface LearningFactor {
  /** Real time over guessed time, rounded to one decimal. */
  factor: number;
  /** How many finished assignments it is based on. */
  basedOn: number;
}

/**
 * How the student's real focused time compares with their guesses, from their latest finished
 * assignments that carry both figures (an estimate and focused minutes). Null without any such
 * assignment: no data, no adjustment.
 */
export function learningFactor(items: readonly TimedAssignment[]): LearningFactor | null {
  const sample = items
    .filter((a) => a.status === 'done' && (a.focus_minutes ?? 0) > 0)
    .map((a) => ({ a, estimate: totalEstimateMinutes(a.subtasks) }))
    .filter((x): x is { a: TimedAssignment; estimate: number } => x.estimate !== null)
    .sort((x, y) => (y.a.completed_date ?? '').localeCompare(x.a.completed_date ?? ''))
    .slice(0, LEARNING_SAMPLE_SIZE);
  if (sample.length === 0) return null;
  const spent = sample.reduce((sum, x) => sum + (x.a.focus_minutes ?? 0), 0);
  const guessed = sample.reduce((sum, x) => sum + x.estimate, 0);
  const raw = Math.min(LEARNING_FACTOR_MAX, Math.max(LEARNING_FACTOR_MIN, spent / guessed));
  return { factor: Math.round(raw * 10) / 10, basedOn: sample.length };
}

/** Remaining minutes adjusted by the learning factor (unchanged without one). */
export function adjustedMinutes(minutes: number, learning: LearningFactor | null): number {
  return learning ? Math.round(minutes * learning.factor) : minutes;
}

/** "you usually need ×1.4, so ~2 h"; null without a factor or when it changes nothing. */
export function adjustedText(minutes: number, learning: LearningFactor | null): string | null {
  if (!learning || learning.factor === 1) return null;
  return `you usually need ×${learning.factor}, so ~${formatMinutes(adjustedMinutes(minutes, learning))}`;
}

/** The one line explaining the factor. */
export function learningExplanation(learning: LearningFactor): string {
  const n = learning.basedOn;
  return `Your last ${n === 1 ? 'finished assignment' : `${n} finished assignments`} took ×${learning.factor} the time you guessed, so Brainboard adjusts what is left the same way.`;
}

/** Days before the due date "Start by" looks back through for study time. */
const STUDY_LOOKBACK_DAYS = 14;

/**
 * The latest moment from which the study hours before `due` hold `minutes` of work: walking back
 * from the due time through each day's study windows (wall-clock times on this device's
 * calendar, so a daylight-saving day keeps its hours). Null when two weeks of study hours do not
 * hold it.
 */
function studyStart(due: Date, minutes: number, hours: StudyHours): Date | null {
  let need = minutes;
  for (let back = 0; back <= STUDY_LOOKBACK_DAYS; back++) {
    const y = due.getFullYear();
    const m = due.getMonth();
    const d = due.getDate() - back;
    const day = new Date(y, m, d);
    const windows = (hours[WEEKDAYS[day.getDay()] as Weekday] ?? [])
      .map(([from, to]) => [minutesOfTime(from), minutesOfTime(to)] as const)
      .filter((w): w is readonly [number, number] => w[0] !== null && w[1] !== null)
      .sort((a, b) => b[0] - a[0]);
    for (const [from, to] of windows) {
      const start = new Date(y, m, d, 0, from).getTime();
      const end = Math.min(new Date(y, m, d, 0, to).getTime(), due.getTime());
      if (end <= start) continue;
      const held = (end - start) / 60_000;
      if (held >= need) return new Date(end - need * 60_000);
      need -= held;
    }
  }
  return null;
}

/**
 * The latest moment to start so the adjusted remaining work fits before the due time, on the
 * half hour before; null unless the card is not done, due within 7 days (and not past) and has
 * an estimate left. The work is counted inside the student's study `hours` (the defaults when
 * not given), so the moment is never in the night ("Start by Wed 4 AM" for 5 h due Wed 9 AM is
 * Tue 4 PM instead); when they do not hold it, or `hours` is null, the plain count stands.
 */
export function startBy(
  a: TimedAssignment,
  now: Date,
  learning: LearningFactor | null,
  hours: StudyHours | null = DEFAULT_PLAN_SETTINGS.study_hours,
): Date | null {
  if (a.status === 'done') return null;
  const due = toLocalDate(a.due_date);
  if (!due || due.getTime() <= now.getTime()) return null;
  if (calendarDaysBetween(now, due) > START_BY_WITHIN_DAYS) return null;
  const left = remainingEstimateMinutes(a.subtasks);
  if (left === null) return null;
  const minutes = adjustedMinutes(left, learning);
  const start =
    (hours && studyStart(due, minutes, hours)) ?? new Date(due.getTime() - minutes * 60_000);
  start.setMinutes(start.getMinutes() >= 30 ? 30 : 0, 0, 0);
  return start;
}

/** "Start by Tue 7 PM", or "Start now" once that moment has passed. */
export function startByText(start: Date, now: Date): string {
  if (start.getTime() <= now.getTime()) return 'Start now';
  return `Start by ${whenWords(start, now, undefined, 'hour')}`;
}
