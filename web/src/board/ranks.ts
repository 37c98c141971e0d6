import type { RankChange } from '../data/storeTypes.ts';

/**
 * Fractional ranks: the order inside a column is saved as a number per card
 * (smaller first), so a move writes one card only. When there is no room left
 * between two neighbours (or they are out of order), the column is renumbered.
 */

/** Gap left between cards when a column is renumbered, and above the top card. */
export const RANK_STEP = 1024;

/**
 * A rank strictly between the neighbours, or null when there is no room (or they are out
 * of order). `prev` is the card above, `next` the card below; either may be missing.
 */
export function rankBetween(prev: number | undefined, next: number | undefined): number | null {
  if (prev === undefined && next === undefined) return 0;
  if (prev === undefined) return (next as number) - RANK_STEP;
  if (next === undefined) return prev + RANK_STEP;
  if (!(prev < next)) return null;
  const mid = prev + (next - prev) / 2;
  return mid > prev && mid < next ? mid : null;
}

export type { RankChange };

/**
 * The rank changes that put `movedId` at its place in `order` (the column's final order,
 * containing `movedId`). Usually one change, for the moved card; when there is no room, every
 * card of the column whose rank changes, renumbered RANK_STEP apart in display order.
 */
export function ranksForMove(
  order: readonly string[],
  movedId: string,
  rankOf: (id: string) => number,
): RankChange[] {
  const index = order.indexOf(movedId);
  if (index < 0) throw new Error(`${movedId} is not in the column.`);
  const prevId = order[index - 1];
  const nextId = order[index + 1];
  const rank = rankBetween(
    prevId === undefined ? undefined : rankOf(prevId),
    nextId === undefined ? undefined : rankOf(nextId),
  );
  if (rank !== null) return [{ id: movedId, rank }];
  const base = rankOf(order[0] === movedId ? (order[1] ?? movedId) : (order[0] as string));
  const start = Number.isFinite(base) ? Math.floor(base) : 0;
  return order
    .map((id, i) => ({ id, rank: start + i * RANK_STEP }))
    .filter((c) => c.id === movedId || c.rank !== rankOf(c.id));
}
