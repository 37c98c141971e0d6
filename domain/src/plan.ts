/**
 * The week planner (docs/product.md, Plan; docs/decisions/0023-plan-my-week.md): work sessions
 * placed before each open assignment's due time. Pure and deterministic: no clock and no I/O, "now"
 * and everything else come in, and the same input always gives the same plan. Times are instants
 * (milliseconds since the epoch); days, weekdays and study hours are read on the wall clock of the
 * student's IANA zone, so a daylight-saving day has the study hours its clock shows.
 *
 * How it places sessions:
 * - the work left of an assignment is its unticked steps' estimates scaled by the learned factor,
 *   never more than all its estimates scaled less the time already focused; without estimates the
 *   default estimate less the focused time;
 * - sessions go only into study hours, never into a busy interval, never after the buffer before
 *   the due time, with a break between two sessions, and no day holds more than the daily limit;
 * - the most urgent work (the earliest latest-finish time) is placed first, each session at the
 *   earliest free time, so what cannot fit is what no order could have fitted sooner;
 * - sessions placed by hand are kept where they are while they still end before the buffer, and
 *   count towards their assignment's work; one that no longer fits is handed back in `released`.
 */
import { migrateDateOnly } from './dueDate.ts';
import {
  adjustedMinutes,
  remainingEstimateMinutes,
  totalEstimateMinutes,
  type EstimatedSubtask,
  type LearningFactor,
} from './estimates.ts';
import {
  minutesOfTime,
  SESSION_MAX_MINUTES,
  SESSION_MIN_MINUTES,
  WEEKDAYS,
  type PlanSettings,
} from './planSettings.ts';
import { instantOfWallTime, wallTimeAt, zonedInstant } from './timeZone.ts';

const MINUTE = 60_000;
/** The rest between two sessions. */
export const BREAK_MINUTES = 10;
/** Session starts and lengths are whole multiples of this. */
const STEP_MINUTES = 5;
/** The first session starts at least this far after "now", on a quarter hour. */
const START_ROUNDING_MINUTES = 15;
export const PLAN_MAX_DAYS = 14;

export interface PlanAssignment {
  id: string;
  status: string;
  /** Stored form: 'YYYY-MM-DDTHH:MM:00' on the student's wall clock, 'YYYY-MM-DD' or ''. */
  due_date: string;
  subtasks: readonly EstimatedSubtask[];
  focus_minutes?: number;
}

export interface Interval {
  start: number;
  end: number;
}

export interface PlanSession extends Interval {
  id: string;
  assignment_id: string;
  /** Placed (or moved) by the student: the planner keeps it where it is. */
  by_hand?: boolean;
}

export interface PlanInput {
  assignments: readonly PlanAssignment[];
  settings: PlanSettings;
  /** Busy times from the student's calendar, in any order, overlapping or not. */
  busy: readonly Interval[];
  zone: string;
  now: number;
  /** The first day planned, 'YYYY-MM-DD' on the zone's wall clock; today when absent. */
  from?: string;
  /** How many days are planned, 1 to 14. */
  days: number;
  /** The sessions the student placed by hand. */
  kept?: readonly PlanSession[];
  learning?: LearningFactor | null;
}

interface Unplanned {
  assignment_id: string;
  /** How much of its work found no place before its buffer, in minutes. */
  minutes_short: number;
}

export interface PlanResult {
  /** Every session, kept and new, by start time. */
  sessions: PlanSession[];
  /** The assignments due inside the planned days whose work does not all fit, most short first. */
  unplanned: Unplanned[];
  /** Ids of sessions placed by hand that no longer end before their assignment's buffer. */
  released: string[];
}

/** Minutes of work an assignment still needs (0 when done), before any session is counted. */
export function workLeftMinutes(
  a: PlanAssignment,
  defaultEstimate: number,
  learning: LearningFactor | null = null,
): number {
  if (a.status === 'done') return 0;
  const focused = Math.max(0, Math.floor(a.focus_minutes ?? 0));
  const total = totalEstimateMinutes(a.subtasks);
  if (total === null) return Math.max(0, defaultEstimate - focused);
  const left = adjustedMinutes(remainingEstimateMinutes(a.subtasks) ?? 0, learning);
  return Math.max(0, Math.min(left, adjustedMinutes(total, learning) - focused));
}

/** The instant of a stored due date in `zone`; null without one. */
export function dueInstant(due: string, zone: string): number | null {
  if (!due) return null;
  const d = zonedInstant(migrateDateOnly(due).replace(/:00$/, ''), zone);
  return d ? d.getTime() : null;
}

/** 'YYYY-MM-DD' of the wall-clock day of an instant in `zone`. */
function dayOf(instant: number, zone: string): string {
  const w = wallTimeAt(instant, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The day `n` days after 'YYYY-MM-DD' (calendar arithmetic, no zone). */
function addDays(day: string, n: number): { year: number; month: number; day: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

interface Day {
  key: string;
  /** The study windows of the day as instants. */
  windows: Interval[];
}

/** The planned days with their study hours as instants (a skipped or repeated hour included). */
function studyDays(from: string, days: number, settings: PlanSettings, zone: string): Day[] {
  const out: Day[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const weekday = WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()]!;
    const windows: Interval[] = [];
    for (const [a, b] of settings.study_hours[weekday]) {
      const from = minutesOfTime(a);
      const to = minutesOfTime(b);
      if (from === null || to === null || to <= from) continue;
      const at = (m: number) =>
        instantOfWallTime({ ...date, hour: Math.floor(m / 60), minute: m % 60 }, zone);
      const start = at(from);
      const end = at(to);
      if (end > start) windows.push({ start, end });
    }
    const key = `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
    out.push({ key, windows });
  }
  return out;
}

/** `free` less `taken` (both sorted, `free` not overlapping). */
function subtract(free: Interval[], taken: readonly Interval[]): Interval[] {
  let out = free;
  for (const t of taken) {
    const next: Interval[] = [];
    for (const f of out) {
      if (t.end <= f.start || t.start >= f.end) {
        next.push(f);
        continue;
      }
      if (t.start > f.start) next.push({ start: f.start, end: t.start });
      if (t.end < f.end) next.push({ start: t.end, end: f.end });
    }
    out = next;
  }
  return out;
}

const ceilTo = (t: number, minutes: number) => Math.ceil(t / (minutes * MINUTE)) * minutes * MINUTE;

/** A short, stable id for a planned session: the same assignment and start give the same id. */
function sessionIdFor(assignmentId: string, start: number): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const text = `${assignmentId}|${start}`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `session-${h1.toString(36)}${h2.toString(36)}`;
}

/** The even session length for `minutes` of work: 25 to 90, near the student's length. */
function sessionLength(minutes: number, preferred: number): number {
  const count = Math.max(1, Math.ceil(minutes / preferred));
  const even = Math.ceil(minutes / count / STEP_MINUTES) * STEP_MINUTES;
  return Math.min(SESSION_MAX_MINUTES, Math.max(SESSION_MIN_MINUTES, even));
}

interface Need {
  id: string;
  deadline: number;
  /** Inside the planned days: what does not fit is short, not just later. */
  dueInside: boolean;
  minutes: number;
}

/** Places the sessions (see the file comment). */
export function planWeek(input: PlanInput): PlanResult {
  const { settings, zone, now } = input;
  const days = Math.min(PLAN_MAX_DAYS, Math.max(1, Math.floor(input.days)));
  const firstDay = input.from ?? dayOf(now, zone);
  const calendar = studyDays(firstDay, days, settings, zone);
  const windowEnd = calendar.length
    ? instantOfWallTime({ ...addDays(firstDay, days), hour: 0, minute: 0 }, zone)
    : now;
  const earliest = ceilTo(now, START_ROUNDING_MINUTES);
  const breakMs = BREAK_MINUTES * MINUTE;

  const byId = new Map(input.assignments.map((a) => [a.id, a]));
  const deadlineOf = new Map<string, number>();
  const dueOf = new Map<string, number>();
  for (const a of input.assignments) {
    const due = dueInstant(a.due_date, zone);
    if (due === null || a.status === 'done') continue;
    dueOf.set(a.id, due);
    deadlineOf.set(a.id, due - settings.buffer_hours * 60 * MINUTE);
  }

  // Sessions placed by hand stay while their assignment is open and they end before its buffer.
  const kept: PlanSession[] = [];
  const released: string[] = [];
  for (const s of [...(input.kept ?? [])].sort((x, y) => x.start - y.start || cmp(x.id, y.id))) {
    const deadline = deadlineOf.get(s.assignment_id);
    if (!byId.has(s.assignment_id) || byId.get(s.assignment_id)?.status === 'done') continue;
    if (deadline !== undefined && s.end > deadline) {
      released.push(s.id);
      continue;
    }
    kept.push({ ...s, by_hand: true });
  }

  // Minutes already placed per day, and per assignment by the kept sessions still ahead.
  const used = new Map<string, number>();
  const keptWork = new Map<string, number>();
  for (const s of kept) {
    const minutes = Math.round((s.end - s.start) / MINUTE);
    used.set(dayOf(s.start, zone), (used.get(dayOf(s.start, zone)) ?? 0) + minutes);
    if (s.end > now) keptWork.set(s.assignment_id, (keptWork.get(s.assignment_id) ?? 0) + minutes);
  }

  const busy = [
    ...input.busy,
    ...kept.map((s) => ({ start: s.start - breakMs, end: s.end + breakMs })),
  ]
    .filter((b) => b.end > b.start)
    .sort((x, y) => x.start - y.start || x.end - y.end);
  const free = new Map<string, Interval[]>();
  for (const day of calendar) {
    const open = day.windows
      .map((w) => ({ start: Math.max(w.start, earliest), end: w.end }))
      .filter((w) => w.end > w.start);
    free.set(day.key, subtract(open, busy));
  }

  const needs: Need[] = [];
  for (const a of input.assignments) {
    const deadline = deadlineOf.get(a.id);
    const due = dueOf.get(a.id);
    if (deadline === undefined || due === undefined) continue;
    const work = workLeftMinutes(a, settings.default_estimate_minutes, input.learning ?? null);
    const minutes = Math.max(0, work - (keptWork.get(a.id) ?? 0));
    if (minutes <= 0) continue;
    needs.push({ id: a.id, deadline, dueInside: due <= windowEnd, minutes });
  }
  needs.sort((x, y) => x.deadline - y.deadline || cmp(x.id, y.id));

  const placed: PlanSession[] = [];
  const unplanned: Unplanned[] = [];
  for (const need of needs) {
    let left = need.minutes;
    const length = sessionLength(left, settings.session_minutes);
    for (const day of calendar) {
      if (left <= 0) break;
      const slots = free.get(day.key) ?? [];
      for (let i = 0; i < slots.length && left > 0; i++) {
        const slot = slots[i]!;
        const room = settings.daily_limit_minutes - (used.get(day.key) ?? 0);
        const start = ceilTo(slot.start, STEP_MINUTES);
        const latest = Math.min(slot.end, need.deadline);
        const fits = Math.floor((latest - start) / MINUTE / STEP_MINUTES) * STEP_MINUTES;
        const want = Math.max(SESSION_MIN_MINUTES, Math.min(length, roundUp(left)));
        let minutes = Math.min(want, fits, room - (room % STEP_MINUTES));
        // Never leave a rest too short for a session of its own: shorten this one, or wait.
        if (left - minutes > 0 && left - minutes < SESSION_MIN_MINUTES) {
          minutes = left - SESSION_MIN_MINUTES;
          minutes -= minutes % STEP_MINUTES;
        }
        if (minutes < SESSION_MIN_MINUTES) continue;
        const session = {
          id: sessionIdFor(need.id, start),
          assignment_id: need.id,
          start,
          end: start + minutes * MINUTE,
        };
        placed.push(session);
        left -= minutes;
        used.set(day.key, (used.get(day.key) ?? 0) + minutes);
        const rest = subtract(slots, [{ start: slot.start, end: session.end + breakMs }]);
        slots.splice(0, slots.length, ...rest);
        // Study hours that run to midnight meet the next day's at 12:00 AM: the break after a
        // session is taken from the days around it too.
        const around = { start: session.start - breakMs, end: session.end + breakMs };
        for (const other of calendar)
          if (other.key !== day.key)
            free.set(other.key, subtract(free.get(other.key) ?? [], [around]));
        i = -1;
      }
    }
    if (left > 0 && need.dueInside) unplanned.push({ assignment_id: need.id, minutes_short: left });
  }

  unplanned.sort(
    (x, y) => y.minutes_short - x.minutes_short || cmp(x.assignment_id, y.assignment_id),
  );
  const sessions = [...kept, ...placed].sort((x, y) => x.start - y.start || cmp(x.id, y.id));
  return { sessions, unplanned, released };
}

const roundUp = (minutes: number) => Math.ceil(minutes / STEP_MINUTES) * STEP_MINUTES;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An instant as an ISO date-time with the zone's offset: "2026-03-10T16:00:00-04:00". */
export function isoInZone(instant: number, zone: string): string {
  const w = wallTimeAt(instant, zone);
  const offset = Math.round(
    (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) -
      Math.floor(instant / 1000) * 1000) /
      MINUTE,
  );
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const p = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${p(w.year, 4)}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}:${p(w.second)}${sign}${p(Math.floor(abs / 60))}:${p(abs % 60)}`;
}

/** The assignment of the session under way at `now` (start <= now < end), for What now?. */
export function plannedAt(
  sessions: readonly { assignment_id: string; start: number; end: number }[],
  now: number,
): string | null {
  return sessions.find((s) => s.start <= now && now < s.end)?.assignment_id ?? null;
}
