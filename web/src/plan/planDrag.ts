/**
 * Moving a work session to another day by drag (mouse, touch or keyboard), apart from React: the
 * day a session lands on, whether it would overlap another there, which day is under the
 * pointer (or, from the keyboard, under the lifted session's corner), where the arrow keys take
 * it, and what a screen reader is told.
 */
import type { CollisionDetection, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import type { PlanSessionAnswer } from '@brainboard/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/** A day's key, 'YYYY-MM-DD' on this device's calendar (the view shows days on it). */
export const dayKey = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The sessions on the day `key`, earliest first: a session moved onto a day takes its place by
 * its time, not by where it stood in the plan before.
 */
export const sessionsOn = (list: readonly PlanSessionAnswer[], key: string) =>
  list
    .filter((s) => dayKey(new Date(s.start)) === key)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));

/**
 * The session moved to the day `key` at the same time of day and for the same length. Wall time,
 * not a multiple of 24 hours, so a move across a daylight-saving change keeps "4:00 PM".
 */
export function movedToDay(s: PlanSessionAnswer, key: string): PlanSessionAnswer {
  const start = new Date(s.start);
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const at = new Date(y, m - 1, d, start.getHours(), start.getMinutes());
  const length = Date.parse(s.end) - Date.parse(s.start);
  return {
    ...s,
    start: at.toISOString(),
    end: new Date(at.getTime() + length).toISOString(),
    by_hand: true,
  };
}

/** Whether `moved` would overlap another session of `list`. */
export function overlapsAnother(list: readonly PlanSessionAnswer[], moved: PlanSessionAnswer) {
  const a = Date.parse(moved.start);
  const b = Date.parse(moved.end);
  return list.some((s) => s.id !== moved.id && Date.parse(s.start) < b && a < Date.parse(s.end));
}

/**
 * The day under the pointer; from the keyboard (no pointer), the day under the lifted session's
 * top-left corner, where the arrow keys put it (dayKeys below).
 */
export const dayUnder: CollisionDetection = ({
  pointerCoordinates,
  collisionRect,
  droppableContainers,
  droppableRects,
}) => {
  const p = pointerCoordinates ?? { x: collisionRect.left + 4, y: collisionRect.top + 4 };
  return droppableContainers
    .filter((c) => {
      const r = droppableRects.get(c.id);
      return r && p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;
    })
    .map((c) => ({ id: c.id }));
};

/**
 * The arrow keys move a lifted session a day at a time: down or right to the next day, up or
 * left to the one before (`order`, the days' keys as listed).
 */
export function dayKeys(order: () => readonly string[]): KeyboardCoordinateGetter {
  const step: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
  return (event, { context, currentCoordinates }) => {
    const by = step[event.code];
    if (by === undefined) return undefined;
    event.preventDefault();
    const days = order();
    const from = days.indexOf(String(context.over?.id ?? ''));
    const to = days[Math.min(days.length - 1, Math.max(0, from + by))];
    const rect = to === undefined ? undefined : context.droppableRects.get(to);
    return rect ? { x: rect.left + 8, y: rect.top + 8 } : currentCoordinates;
  };
}

export const PLAN_DRAG_INSTRUCTIONS =
  'To move a session to another day, press Space or Enter on its Move button. Use the arrow ' +
  'keys to go a day later or earlier. Press Space or Enter again to drop it there, or Escape ' +
  'to cancel.';

/** The day's words for an id dnd-kit hands back (a day key), or "no day". */
export const dayOf = (id: UniqueIdentifier | undefined, words: (key: string) => string) =>
  id === undefined ? 'no day' : words(String(id));
