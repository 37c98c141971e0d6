import type { ClientRect, UniqueIdentifier } from '@dnd-kit/core';

/**
 * The card of a column whose centre is nearest to `y`, by binary search over the column's cards
 * in display order (their rectangles ascend). Reads O(log n) rectangles instead of all of them:
 * dnd-kit's rectangles are costly to read, and a column may hold hundreds of cards.
 */
export function nearestInColumn(
  ids: readonly UniqueIdentifier[],
  rectOf: (id: UniqueIdentifier) => ClientRect | null | undefined,
  y: number,
): UniqueIdentifier | null {
  const centre = (i: number) => {
    const r = rectOf(ids[i] as UniqueIdentifier);
    return r ? r.top + r.height / 2 : null;
  };
  let lo = 0;
  let hi = ids.length - 1;
  if (hi < 0) return null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = centre(mid);
    if (c === null) return linearNearest(ids, centre, y);
    if (c < y) lo = mid + 1;
    else hi = mid;
  }
  const here = centre(lo);
  const before = lo > 0 ? centre(lo - 1) : null;
  if (here === null) return linearNearest(ids, centre, y);
  if (before !== null && Math.abs(before - y) < Math.abs(here - y)) {
    return ids[lo - 1] as UniqueIdentifier;
  }
  return ids[lo] as UniqueIdentifier;
}

function linearNearest(
  ids: readonly UniqueIdentifier[],
  centre: (i: number) => number | null,
  y: number,
): UniqueIdentifier | null {
  let best: UniqueIdentifier | null = null;
  let bestDistance = Infinity;
  ids.forEach((id, i) => {
    const c = centre(i);
    if (c !== null && Math.abs(c - y) < bestDistance) {
      bestDistance = Math.abs(c - y);
      best = id;
    }
  });
  return best;
}
