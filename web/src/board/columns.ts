import {
  ASSIGNMENT_STATUSES,
  compareAssignments,
  STATUS_LABELS,
  type Assignment,
  type Status,
} from '@brainboard/domain';

/**
 * The three board columns in display order, with their visible names (docs/product.md, Screens).
 */
export const COLUMNS: readonly { status: Status; label: string }[] = ASSIGNMENT_STATUSES.map(
  (status) => ({ status, label: STATUS_LABELS[status] }),
);

export const columnLabel = (status: Status): string => STATUS_LABELS[status];

/** The column's add button title, "Add <Column> Task". */
export const addTaskTitle = (status: Status): string => `Add ${STATUS_LABELS[status]} Task`;

/** The text of an empty column. */
export const emptyColumnText = (status: Status): string =>
  `Tap + to add a task in the ${STATUS_LABELS[status]} status`;

/** Droppable id of a column (never equal to an assignment id: those hold no spaces or colons). */
export const columnId = (status: Status): string => `column:${status}`;

/** Droppable id of a column's segment in the phone switch: dropping there moves to the column. */
export const tabId = (status: Status): string => `tab:${status}`;

/** True for a phone switch segment's droppable id. */
export const isTabId = (id: string | number): boolean => String(id).startsWith('tab:');

/** The column of a column's or a switch segment's droppable id, else null. */
export function statusOfColumnId(id: string | number): Status | null {
  const s = String(id);
  const prefix = s.startsWith('column:') ? 'column:' : s.startsWith('tab:') ? 'tab:' : null;
  if (!prefix) return null;
  const status = s.slice(prefix.length);
  return (ASSIGNMENT_STATUSES as readonly string[]).includes(status) ? (status as Status) : null;
}

/** Card ids per column, in display order. */
export type ColumnIds = Record<Status, string[]>;

const emptyColumns = (): ColumnIds => ({ new: [], 'in progress': [], done: [] });

/** Board order: the comparator the API's list uses (rank, then creation time, then id). */
export function sortByRank(list: readonly Assignment[]): Assignment[] {
  return [...list].sort(compareAssignments);
}

/** Groups assignments (already sorted by rank) into the three columns. Unknown status: New. */
export function groupByStatus(sorted: readonly Assignment[]): ColumnIds {
  const columns = emptyColumns();
  for (const a of sorted) (columns[a.status] ?? columns.new).push(a.id);
  return columns;
}

/** The column and index of a card, or null. */
export function findCard(
  columns: ColumnIds,
  id: string,
): { status: Status; index: number; count: number } | null {
  for (const { status } of COLUMNS) {
    const index = columns[status].indexOf(id);
    if (index >= 0) return { status, index, count: columns[status].length };
  }
  return null;
}

/** CSS modifier of a status: new, progress or done. */
export const STATUS_CLASS: Record<Status, string> = {
  new: 'new',
  'in progress': 'progress',
  done: 'done',
};

/** The card's status colour class: new primary, in progress warning, done success. */
export const statusClass = (a: Assignment): string => `card--${STATUS_CLASS[a.status] ?? 'new'}`;

/** The column a sideways swipe leads to: left shows the next column, right the one before. */
export function swipedColumn(from: Status, dx: number, dy: number): Status | null {
  if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return null;
  const i = COLUMNS.findIndex((c) => c.status === from);
  return COLUMNS[i + (dx < 0 ? 1 : -1)]?.status ?? null;
}

/**
 * A copy of `list` with the item at `from` moved to `to` (the others shift to make room): what
 * dnd-kit's `arrayMove` does, here because dnd-kit stays out of the board's first frame
 * (boardDragChunk.ts).
 */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}
