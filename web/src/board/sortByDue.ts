import type { Assignment } from '@brainboard/domain';
import { RANK_STEP, type RankChange } from './ranks.ts';

/** Soonest first, no due date last; cards due at the same moment keep their order. */
export function byDueDate(cards: readonly Assignment[]): Assignment[] {
  const key = (a: Assignment) => (a.due_date ? a.due_date : '\uffff');
  return cards
    .map((a, i) => ({ a, i }))
    .sort((x, y) => {
      const kx = key(x.a);
      const ky = key(y.a);
      return kx < ky ? -1 : kx > ky ? 1 : x.i - y.i;
    })
    .map(({ a }) => a);
}

/** Indexes of a longest strictly increasing run (not necessarily adjacent) of `values`. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array<number>(values.length).fill(-1);
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i] as number;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((values[tails[mid] as number] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1] as number;
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (
    let i = tails.length ? (tails[tails.length - 1] as number) : -1;
    i >= 0;
    i = prev[i] as number
  ) {
    keep.add(i);
  }
  return keep;
}

/**
 * The rank writes that put a column (`cards`, in their shown order) in due-date order, moving
 * as few cards as it can: the largest group already in order stays, every other card gets a
 * rank between its new neighbours. When there is no room between two ranks, the column is
 * renumbered instead (only the cards whose rank changes are written).
 */
export function sortByDueChanges(cards: readonly Assignment[]): RankChange[] {
  const target = byDueDate(cards);
  const ranks = target.map((a) => a.rank);
  const keep = longestIncreasing(ranks);
  const next = [...ranks];
  let i = 0;
  while (i < target.length) {
    if (keep.has(i)) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < target.length && !keep.has(j)) j += 1;
    const low = i > 0 ? next[i - 1] : undefined;
    const high = j < target.length ? next[j] : undefined;
    const count = j - i;
    for (let k = 0; k < count; k += 1) {
      next[i + k] =
        low === undefined && high === undefined
          ? k * RANK_STEP
          : low === undefined
            ? (high as number) - RANK_STEP * (count - k)
            : high === undefined
              ? low + RANK_STEP * (k + 1)
              : low + ((high - low) * (k + 1)) / (count + 1);
    }
    i = j;
  }
  const ordered = next.every((r, k) => k === 0 || (next[k - 1] as number) < r);
  const final = ordered ? next : target.map((_, k) => k * RANK_STEP);
  return target
    .map((a, k) => ({ id: a.id, rank: final[k] as number }))
    .filter((c, k) => c.rank !== (target[k] as Assignment).rank);
}
