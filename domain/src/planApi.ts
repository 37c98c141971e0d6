/**
 * The plan's endpoints (docs/architecture.md, Plan): their request bodies as zod schemas with a
 * sentence for every refusal, their answers, and the rules a saved plan keeps (at most 200
 * sessions, none more than 14 days ahead, each ending after it starts, none overlapping).
 */
import { z } from 'zod';
import type { OkAnswer } from './apiShapes.ts';
import { isDateOnly } from './dueDate.ts';
import { PLAN_MAX_DAYS } from './plan.ts';
import { SESSION_MAX_MINUTES, SESSION_MIN_MINUTES } from './planSettings.ts';
import { isClientId } from './schemas.ts';

export const PLAN_MAX_SESSIONS = 200;

/** One session as the API answers it; `start` and `end` carry the student's zone offset. */
export interface PlanSessionAnswer {
  id: string;
  assignment_id: string;
  start: string;
  end: string;
  /** Placed or moved by the student: planning again keeps it. */
  by_hand: boolean;
  /** Focus Mode was started on it in its time: once its time has passed, it is done. */
  started?: boolean;
}

/** What the planner could not fit before an assignment's buffer. */
interface UnplannedAnswer {
  assignment_id: string;
  minutes_short: number;
}

/** Whether busy times came from Google Calendar, or the plan used study hours only. */
export type PlanCalendarUse = 'google' | 'study_hours_only' | 'unavailable';

export interface PlanPreviewAnswer {
  sessions: PlanSessionAnswer[];
  unplanned: UnplannedAnswer[];
  calendar: PlanCalendarUse;
}

export interface PlanAnswer {
  sessions: PlanSessionAnswer[];
  version: number;
  /** Sessions moved when this read replanned (a passed session, a changed due date). */
  moved?: number;
  /** The plan before that move, for undo (PUT it back with the new version). */
  previous?: PlanSessionAnswer[];
  /** Sessions placed by hand that no longer fit before their due time, taken out. */
  released?: number;
}

const ISO_WITH_OFFSET =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const TIME_ERROR = (field: string) =>
  `${field} must be a date and time with its offset, such as 2026-03-10T16:00:00-04:00.`;

const instantSchema = /* @__NO_SIDE_EFFECTS__ */ (field: string) =>
  z
    .string({ error: TIME_ERROR(field) })
    .regex(ISO_WITH_OFFSET, TIME_ERROR(field))
    .refine((v) => !Number.isNaN(Date.parse(v)), TIME_ERROR(field));

const idSchema = /* @__NO_SIDE_EFFECTS__ */ (field: string) =>
  z
    .string({ error: `${field} must be text.` })
    .refine(isClientId, `${field} may contain only letters, digits, "-" and "_" (at most 128).`);

const LENGTH_ERROR = `A session lasts from ${SESSION_MIN_MINUTES} to ${SESSION_MAX_MINUTES} minutes and ends after it starts.`;

/** start and end: the end after the start, 25 to 90 minutes apart. */
const timesRule = (s: { start: string; end: string }) => {
  const minutes = (Date.parse(s.end) - Date.parse(s.start)) / 60_000;
  return minutes >= SESSION_MIN_MINUTES && minutes <= SESSION_MAX_MINUTES;
};

const sessionSchema = z
  .strictObject(
    {
      id: idSchema('id'),
      assignment_id: idSchema('assignment_id'),
      start: instantSchema('start'),
      end: instantSchema('end'),
      by_hand: z.boolean({ error: 'by_hand must be true or false.' }).optional(),
    },
    { error: 'Each session must be an object with id, assignment_id, start and end.' },
  )
  .refine(timesRule, LENGTH_ERROR);

/** POST /api/plan/preview. */
export const planPreviewSchema = z.strictObject(
  {
    from: z
      .string({ error: 'from must be a date such as 2026-03-02.' })
      .refine(isDateOnly, 'from must be a date such as 2026-03-02.'),
    days: z
      .number({ error: `days must be a whole number from 1 to ${PLAN_MAX_DAYS}.` })
      .int(`days must be a whole number from 1 to ${PLAN_MAX_DAYS}.`)
      .min(1, `days must be a whole number from 1 to ${PLAN_MAX_DAYS}.`)
      .max(PLAN_MAX_DAYS, `days must be a whole number from 1 to ${PLAN_MAX_DAYS}.`),
  },
  { error: 'Send { "from": "2026-03-02", "days": 14 }.' },
);

/** PUT /api/plan: the whole list, and the version it was based on (none for a first plan). */
export const planPutSchema = z.strictObject(
  {
    sessions: z
      .array(sessionSchema, { error: 'sessions must be a list.' })
      .max(PLAN_MAX_SESSIONS, `A plan holds at most ${PLAN_MAX_SESSIONS} sessions.`)
      .refine(
        (list) => new Set(list.map((s) => s.id)).size === list.length,
        'Each session needs its own id.',
      ),
    version: z
      .number({ error: 'version must be a whole number.' })
      .int('version must be a whole number.')
      .min(0, 'version must be a whole number.')
      .optional(),
  },
  { error: 'Send { "sessions": [...], "version": n }.' },
);

/** PATCH /api/plan/sessions/{id}: the new times. */
export const planSessionPatchSchema = z
  .strictObject(
    { start: instantSchema('start'), end: instantSchema('end') },
    { error: 'Send { "start": ..., "end": ... }.' },
  )
  .refine(timesRule, LENGTH_ERROR);

/** The rules a whole plan keeps at `now`: a sentence for the first one broken, or null. */
export function planRuleError(
  sessions: readonly { start: string; end: string }[],
  now: number,
): string | null {
  const latest = now + PLAN_MAX_DAYS * 24 * 3600_000;
  const sorted = sessions
    .map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end) }))
    .sort((a, b) => a.start - b.start);
  for (const [i, s] of sorted.entries()) {
    if (s.end > latest) return `Sessions can be planned at most ${PLAN_MAX_DAYS} days ahead.`;
    const next = sorted[i + 1];
    if (next && next.start < s.end) return 'Two sessions overlap. Move one so they do not.';
  }
  return null;
}

/** The plan's endpoints, part of the API contract (domain/src/contract.ts). */
export interface PlanEndpoints {
  /** The proposed sessions from `from` for `days` days; writes nothing. */
  'POST /api/plan/preview': {
    body: z.input<typeof planPreviewSchema>;
    answer: PlanPreviewAnswer;
    query: never;
  };
  /** The saved plan; open sessions a passed time or a changed due date moved are replanned. */
  'GET /api/plan': { body: undefined; answer: PlanAnswer; query: never };
  /** Saves the whole plan. */
  'PUT /api/plan': { body: z.input<typeof planPutSchema>; answer: PlanAnswer; query: never };
  /** Moves one session (it is then placed by hand). */
  'PATCH /api/plan/sessions/:id': {
    body: z.input<typeof planSessionPatchSchema>;
    answer: PlanAnswer;
    query: never;
  };
  'DELETE /api/plan/sessions/:id': { body: undefined; answer: PlanAnswer & OkAnswer; query: never };
  /** "Add to Google Calendar": one event per session, kept in step with every plan change. */
  'POST /api/plan/calendar': {
    body: Record<string, never>;
    answer: OkAnswer & { events: number };
    query: never;
  };
  /** Removes the sessions' events and stops mirroring the plan. */
  'DELETE /api/plan/calendar': { body: undefined; answer: OkAnswer; query: never };
}
