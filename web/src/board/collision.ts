import {
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  type ClientRect,
  type CollisionDetection,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { RefObject } from 'react';
import { isTabId, statusOfColumnId, type ColumnIds } from './columns.ts';

/** What the board's collision detection reads during a drag (KanbanBoard's refs). */
export interface DragRefs {
  /** The columns as the drag has arranged them so far. */
  working: RefObject<ColumnIds>;
  /** The last target found; kept while the pointer is between columns. */
  lastOverId: RefObject<UniqueIdentifier | null>;
  /** Whether the card changed column in this frame (its layout is settling). */
  movedToNewColumn: RefObject<boolean>;
  /** The lifted card's id. */
  active: RefObject<string | null>;
}

/**
 * MultipleContainers' collision detection: with a pointer, the column under it and then its
 * card nearest to the dragged card; between columns, the last target stays. A keyboard drag
 * (no pointer) uses the dragged card's rectangle against everything.
 */
export function boardCollisionDetection(refs: DragRefs): CollisionDetection {
  return (args) => {
    let overId: UniqueIdentifier | null;
    if (args.pointerCoordinates) {
      // A phone's column switch segment under the pointer wins over the column behind it.
      const tabs = args.droppableContainers.filter((c) => isTabId(c.id));
      const onTab = getFirstCollision(pointerWithin({ ...args, droppableContainers: tabs }), 'id');
      if (onTab != null) {
        refs.lastOverId.current = onTab;
        return [{ id: onTab }];
      }
      const columns = args.droppableContainers.filter(
        (c) => statusOfColumnId(c.id) !== null && !isTabId(c.id),
      );
      overId = getFirstCollision(pointerWithin({ ...args, droppableContainers: columns }), 'id');
    } else {
      const targets = args.droppableContainers.filter((c) => !isTabId(c.id));
      overId = getFirstCollision(rectIntersection({ ...args, droppableContainers: targets }), 'id');
    }
    if (overId != null) {
      const status = statusOfColumnId(overId);
      const inColumn = status ? refs.working.current[status] : [];
      if (status && inColumn.length > 0) {
        const y = args.collisionRect.top + args.collisionRect.height / 2;
        overId = nearestInColumn(inColumn, (id) => args.droppableRects.get(id), y) ?? overId;
      }
      refs.lastOverId.current = overId;
      return [{ id: overId }];
    }
    if (refs.movedToNewColumn.current) refs.lastOverId.current = refs.active.current;
    return refs.lastOverId.current != null ? [{ id: refs.lastOverId.current }] : [];
  };
}

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
