/**
 * The order of cards inside a board column, shared by the API's list and the board's live
 * listener so both always agree: ascending rank (a document without a numeric rank counts as
 * 0), then creation time, then id.
 */
import { isDateOnly, migrateDateOnly } from './dueDate.ts';

export interface Orderable {
  id: string;
  rank?: unknown;
  created_at?: unknown;
}

const rankOf = (a: Orderable): number =>
  typeof a.rank === 'number' && Number.isFinite(a.rank) ? a.rank : 0;
const createdOf = (a: Orderable): string => (typeof a.created_at === 'string' ? a.created_at : '');
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Sort comparator: rank, then created_at, then id. */
export function compareAssignments(a: Orderable, b: Orderable): number {
  return rankOf(a) - rankOf(b) || byText(createdOf(a), createdOf(b)) || byText(a.id, b.id);
}

export interface PlacedCard extends Orderable {
  due_date?: unknown;
}

/** A due date as a sortable key; no date sorts after every date. */
function dueKey(due: unknown): string {
  if (typeof due !== 'string' || due === '') return '\uffff';
  return isDateOnly(due) ? migrateDateOnly(due) : due;
}

/**
 * The rank of a new card in a column of `cards` (any order): before the first card, in board
 * order, that is due later than it (soonest first, no due date last), halfway between its two
 * neighbours' ranks so no other card needs renumbering.
 */
export function rankForNewCard(cards: readonly PlacedCard[], dueDate: string): number {
  const sorted = [...cards].sort(compareAssignments);
  const key = dueKey(dueDate);
  const at = sorted.findIndex((c) => key < dueKey(c.due_date));
  const next = at === -1 ? undefined : sorted[at];
  const prev = at === -1 ? sorted[sorted.length - 1] : sorted[at - 1];
  if (prev && next) return (rankOf(prev) + rankOf(next)) / 2;
  if (next) return rankOf(next) - 1;
  if (prev) return rankOf(prev) + 1;
  return 0;
}
