/**
 * The state rules of an assignment write, each defined here once. The server's store works out
 * its field writes with them (functions/src/assignments/), and the web app's optimistic copy of
 * a write (`apply` in mutations.ts) is computed with the same functions, so the board shows
 * before the answer exactly what the server will store (docs/decisions/0020-one-write-pipeline.md).
 */
import type { Status } from './constants.ts';

/**
 * `completed_date` after a card goes to `status`: entering Done stamps `now`, leaving Done
 * clears it, and staying in Done keeps the first stamp. `before` is null for a new card.
 */
export function completedDateAfter(
  before: { status: Status; completed_date: string | null } | null,
  status: Status,
  now: string,
): string | null {
  if (status !== 'done') return null;
  if (before && before.status === 'done') return before.completed_date;
  return now;
}

/** How much every write raises an assignment's `version`; a new assignment starts at 1. */
export const VERSION_STEP = 1;
export const FIRST_VERSION = 1;

/** The version after one more write. */
export const nextVersion = (version: number): number => version + VERSION_STEP;

/**
 * True when a write based on `basedOn` (a whole-list replacement names the version it read)
 * must be refused because another write came first. A write that names no version is never.
 */
export const isStaleVersion = (basedOn: number | undefined, current: number): boolean =>
  basedOn !== undefined && basedOn !== current;

/**
 * The `order` of a subtask or note. A list sent whole is stored in its own order (0, 1, ...);
 * an entry added alone goes after every other, so its order is the time it was added, which is
 * larger than any list position and any entry added before it.
 */
export const listEntryOrder = (index: number): number => index;
export const addedEntryOrder = (now: Date): number => now.getTime();

/** The `created_date` of an entry made at `now` (the calendar day, UTC), unless it names one. */
export const entryCreatedDate = (now: Date, given?: string): string =>
  given ?? now.toISOString().slice(0, 10);
