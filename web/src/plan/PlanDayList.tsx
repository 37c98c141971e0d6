import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { dayWords, formatMinutes, whenWords, type PlanSessionAnswer } from '@brainboard/domain';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { HOLD_OPTIONS, MouseAndPenSensor } from '../ui/dragSensors.ts';
import { GripIcon } from '../ui/icons.tsx';
import { useReducedMotion } from '../ui/reducedMotion.ts';
import {
  dayKey,
  dayKeys,
  dayOf,
  dayUnder,
  movedToDay,
  overlapsAnother,
  PLAN_DRAG_INSTRUCTIONS,
  sessionsOn,
} from './planDrag.ts';

const DAY_MS = 24 * 3600_000;
const STEP_MINUTES = 15;
const minutesOf = (s: PlanSessionAnswer) => (Date.parse(s.end) - Date.parse(s.start)) / 60_000;
const iso = (t: number) => new Date(t).toISOString();
const shift = (s: PlanSessionAnswer, ms: number) => ({
  ...s,
  start: iso(Date.parse(s.start) + ms),
  end: iso(Date.parse(s.end) + ms),
});

export interface PlanDayListProps {
  days: readonly Date[];
  sessions: readonly PlanSessionAnswer[];
  today: Date;
  now: Date;
  titleOf(assignmentId: string): string;
  onStart(assignmentId: string): void;
  /** Changes one session (null removes it); `said` is announced. */
  onChange(id: string, f: (s: PlanSessionAnswer) => PlanSessionAnswer | null, said: string): void;
  /** Something to tell without changing anything (a drop that would overlap). */
  onSay(said: string): void;
}

/**
 * The two weeks, day by day, each session with its buttons; a session moves to another day by
 * drag from its Move handle (a 250 ms hold with mouse or touch, as on the board; Space and the
 * arrow keys from the keyboard, with announcements). A drop changes nothing until it lands on a
 * day where it overlaps nothing; Escape puts it back.
 */
export function PlanDayList({
  days,
  sessions,
  today,
  now,
  titleOf,
  onStart,
  onChange,
  onSay,
}: PlanDayListProps) {
  const [lifted, setLifted] = useState<PlanSessionAnswer | null>(null);
  const reducedMotion = useReducedMotion();
  /** Whether the lifted session has been over another day yet (announcements). */
  const moved = useRef(false);
  const keys = days.map(dayKey);
  // One options object while the days shown stay the same: a new one on every render would give
  // the drag context a new value each time (see HOLD_OPTIONS).
  const shownDays = keys.join(' ');
  const keyboardOptions = useMemo(
    () => ({ coordinateGetter: dayKeys(() => shownDays.split(' ')) }),
    [shownDays],
  );
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, HOLD_OPTIONS),
    useSensor(TouchSensor, HOLD_OPTIONS),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const wordsOf = (key: string) => {
    const [y, m, d] = key.split('-').map(Number) as [number, number, number];
    return dayWords(new Date(y, m - 1, d), today);
  };
  const sessionOf = (id: string | number) => sessions.find((s) => s.id === String(id));
  const nameOf = (id: string | number) => {
    const s = sessionOf(id);
    return s ? `${titleOf(s.assignment_id)} session` : 'Session';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it a day later or earlier.`,
    // Over the day it was lifted from (the first "over", right after the lift): the pick-up
    // message stays to be heard.
    onDragOver: ({ active, over }) => {
      const s = sessionOf(active.id);
      const home = s && over && String(over.id) === dayKey(new Date(s.start));
      if (home && !moved.current) return undefined;
      moved.current = true;
      return `${nameOf(active.id)} is over ${dayOf(over?.id, wordsOf)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped on ${wordsOf(String(over.id))}.` : undefined,
    onDragCancel: ({ active }) => `Move cancelled. ${nameOf(active.id)} stays where it was.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    moved.current = false;
    setLifted(sessionOf(active.id) ?? null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setLifted(null);
    const s = sessionOf(active.id);
    if (!s || !over) return;
    const moved = movedToDay(s, String(over.id));
    if (moved.start === s.start) return;
    const title = titleOf(s.assignment_id);
    if (overlapsAnother(sessions, moved)) {
      onSay(`${title} was not moved: ${wordsOf(String(over.id))} has a session at that time.`);
      return;
    }
    onChange(s.id, () => moved, `Moved ${title} to ${wordsOf(String(over.id))}.`);
  };

  return (
    <DndContext
      sensors={sensors}
      // The days' list scrolls (by hand, or by itself near its edge during a drag): measured
      // again as it does, so the day under the pointer is the day shown there.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      collisionDetection={(args) => {
        const under = dayUnder(args);
        return under.length > 0 ? under : closestCorners(args);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: PLAN_DRAG_INSTRUCTIONS },
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setLifted(null)}
    >
      <ol className="plan__days">
        {days.map((day) => {
          const key = dayKey(day);
          const list = sessionsOn(sessions, key);
          return (
            <PlanDay key={key} id={key} name={dayWords(day, today)}>
              {list.length === 0 ? (
                <p className="plan__free">Free</p>
              ) : (
                <ul className="plan__sessions">
                  {list.map((s) => (
                    <SessionRow
                      key={s.id}
                      session={s}
                      words={`${titleOf(s.assignment_id)} · ${formatMinutes(minutesOf(s))} · ${whenWords(new Date(s.start), now)}`}
                      title={titleOf(s.assignment_id)}
                      now={now}
                      onStart={onStart}
                      onChange={onChange}
                    />
                  ))}
                </ul>
              )}
            </PlanDay>
          );
        })}
      </ol>
      <DragOverlay dropAnimation={reducedMotion ? null : undefined}>
        {lifted && (
          <p className="plan__session plan__session--overlay">
            {titleOf(lifted.assignment_id)} · {formatMinutes(minutesOf(lifted))}
          </p>
        )}
      </DragOverlay>
    </DndContext>
  );
}

function PlanDay({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <li ref={setNodeRef} className={`plan__day${isOver ? ' plan__day--over' : ''}`}>
      <h3 className="plan__day-name">{name}</h3>
      {children}
    </li>
  );
}

interface SessionRowProps {
  session: PlanSessionAnswer;
  now: Date;
  words: string;
  title: string;
  onStart(assignmentId: string): void;
  onChange: PlanDayListProps['onChange'];
}

function SessionRow({ session: s, words, title, now, onStart, onChange }: SessionRowProps) {
  // Its time was spent in Focus Mode: done, nothing to move.
  if (s.started && Date.parse(s.end) <= now.getTime()) {
    return (
      <li className="plan__session" data-session-id={s.id}>
        <span className="plan__session-text">{words} · done</span>
      </li>
    );
  }
  return (
    <OpenSessionRow
      session={s}
      words={words}
      title={title}
      now={now}
      onStart={onStart}
      onChange={onChange}
    />
  );
}

function OpenSessionRow({ session: s, words, title, onStart, onChange }: SessionRowProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: s.id,
  });
  const button = (
    label: string,
    aria: string,
    f: (x: PlanSessionAnswer) => PlanSessionAnswer | null,
    said: string,
    disabled = false,
  ) => (
    <button
      type="button"
      className="button button--quiet"
      aria-label={aria}
      disabled={disabled}
      onClick={() => onChange(s.id, f, said)}
    >
      {label}
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`plan__session${isDragging ? ' plan__session--lifted' : ''}`}
      data-session-id={s.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="button button--quiet plan__handle"
        {...attributes}
        {...listeners}
        aria-label={`Move: ${words}`}
      >
        <GripIcon />
      </button>
      <span className="plan__session-text">{words}</span>
      <span className="plan__session-actions">
        <button type="button" className="button" onClick={() => onStart(s.assignment_id)}>
          Start
        </button>
        {button(
          'Earlier',
          `Earlier: ${words}, a day earlier`,
          (x) => shift(x, -DAY_MS),
          `Moved ${title} a day earlier.`,
        )}
        {button(
          'Later',
          `Later: ${words}, a day later`,
          (x) => shift(x, DAY_MS),
          `Moved ${title} a day later.`,
        )}
        {button(
          'Shorter',
          `Shorter: ${words}`,
          (x) => ({ ...x, end: iso(Date.parse(x.end) - STEP_MINUTES * 60_000) }),
          'Session shorter.',
          minutesOf(s) - STEP_MINUTES < 25,
        )}
        {button(
          'Longer',
          `Longer: ${words}`,
          (x) => ({ ...x, end: iso(Date.parse(x.end) + STEP_MINUTES * 60_000) }),
          'Session longer.',
          minutesOf(s) + STEP_MINUTES > 90,
        )}
        {button('Remove', `Remove: ${words}`, () => null, `Removed ${title} session.`)}
      </span>
    </li>
  );
}
