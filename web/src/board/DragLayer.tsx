import type { Status } from '@brainboard/domain';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragCancelEvent,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  defaultAnimateLayoutChanges,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  type AnimateLayoutChanges,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { BOARD_DRAG_HELP, type CardDrag, type CardLinks } from './cardLinks.ts';
import type { CardsNear } from './cardsNear.ts';
import type { CardsOnScreen } from './cardsOnScreen.ts';
import { boardCollisionDetection, type DragRefs } from './collision.ts';
import { columnId, COLUMNS, tabId, type ColumnIds } from './columns.ts';
import { SCREEN_READER_INSTRUCTIONS } from './announcements.ts';
import { HOLD_OPTIONS, MouseAndPenSensor } from '../ui/dragSensors.ts';

/**
 * dnd-kit's side of the board: its provider, sensors and hooks, and the lifted card's overlay.
 * It is drawn beside the board's columns rather than around them (cardLinks.ts says why), and
 * fetched as a chunk of its own while the board's first frame is drawn (boardDragChunk.ts). Its
 * hooks draw nothing; they find the elements the board gave the links, and hand back what each
 * card or column must show.
 */

/** The keyboard sensor's options, one object for the app's life (see HOLD_OPTIONS). */
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

export interface BoardDragLayerProps {
  columns: ColumnIds;
  /** How many of a column's first cards are drawn (the board's first frame); all when undefined. */
  drawnIn(status: Status): number | undefined;
  reducedMotion: boolean;
  near: CardsNear;
  links: CardLinks;
  /** The cards on screen while a drag lasts: only those slide (cardsOnScreen.ts). */
  onScreen: CardsOnScreen;
  /** What the collision detection reads (collision.ts). */
  refs: DragRefs;
  announcements: Announcements;
  onDragStart(event: DragStartEvent): void;
  onDragOver(event: DragOverEvent): void;
  onDragEnd(event: DragEndEvent): void;
  onDragCancel(event: DragCancelEvent): void;
  /** The lifted card as it follows the pointer (null when none is lifted). */
  overlay: ReactNode;
  overlayModifiers: Modifier[];
}

/**
 * The board's drag and drop (dnd-kit, following its MultipleContainers pattern; KanbanBoard
 * holds the state and the handlers).
 */
export function BoardDragLayer({
  columns,
  drawnIn,
  reducedMotion,
  near,
  links,
  onScreen,
  refs,
  announcements,
  onDragStart,
  onDragOver,
  onDragEnd,
  onDragCancel,
  overlay,
  overlayModifiers,
}: BoardDragLayerProps) {
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, HOLD_OPTIONS),
    useSensor(TouchSensor, HOLD_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  const collisionDetection = useMemo(() => boardCollisionDetection(refs), [refs]);
  // While a card is dragged, the cards on screen slide to make room, as dnd-kit does; cards off
  // screen, and every card once it is dropped, take their places at once (cardsOnScreen.ts).
  const slides = useMemo<AnimateLayoutChanges>(
    () => (args) =>
      args.isSorting && onScreen.has(String(args.id)) && defaultAnimateLayoutChanges(args),
    [onScreen],
  );
  return (
    <DndContext
      id={BOARD_DRAG_HELP}
      sensors={sensors}
      collisionDetection={collisionDetection}
      autoScroll={false}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
      }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      {COLUMNS.map(({ status }) => (
        <DragColumn
          key={status}
          status={status}
          ids={columns[status]}
          drawn={drawnIn(status)}
          slides={slides}
          reducedMotion={reducedMotion}
          near={near}
          links={links}
        />
      ))}
      {COLUMNS.map(({ status }) => (
        <DropTarget key={status} id={tabId(status)} links={links} />
      ))}
      <DragOverlay dropAnimation={null} modifiers={overlayModifiers}>
        {overlay}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * The transition dnd-kit gives every card while any drag is on (its default, 200 ms ease). Every
 * card has the same one in board.css.
 */
const SORTING_TRANSITION = CSS.Transition.toString({
  property: 'transform',
  duration: 200,
  easing: 'ease',
});

interface CardHookProps {
  id: string;
  slides: AnimateLayoutChanges;
  reducedMotion: boolean;
  links: CardLinks;
}

/**
 * dnd-kit's hook for a card near the screen. dnd-kit renders every `useSortable` again whenever a
 * drag starts, moves over a new target or ends; this hands the card what changed, before the
 * frame is painted, and a card whose place, look and handlers did not change stops there.
 */
function CardDragHook({ id, slides, reducedMotion, links }: CardHookProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id,
    animateLayoutChanges: slides,
    ...(reducedMotion ? { transition: null } : {}),
  });
  // The card's elements are there already (the board's tree commits before this one).
  useLayoutEffect(
    () => links.attach(id, { setNodeRef, setActivatorNodeRef }),
    [links, id, setNodeRef, setActivatorNodeRef],
  );
  // A card that does not move has no transform (dnd-kit gives the cards it does not move a
  // zero translation, a compositing layer each), and takes the drag's transition from board.css
  // rather than its own style: a drag's start and end then change only the cards that move.
  const shifted = transform && (transform.x !== 0 || transform.y !== 0) ? transform : null;
  const next: CardDrag = {
    attributes,
    listeners,
    transform: CSS.Translate.toString(shifted),
    transition: shifted || transition !== SORTING_TRANSITION ? transition : undefined,
    isDragging,
  };
  useLayoutEffect(() => links.show(id, next));
  return null;
}

/** The hook of the card `id` while it is near the screen (cardsNear.ts); nothing otherwise. */
const NearCardHook = memo(function NearCardHook({
  near,
  ...props
}: CardHookProps & { near: CardsNear }) {
  const { id } = props;
  const subscribe = useCallback((listener: () => void) => near.subscribe(id, listener), [near, id]);
  const isNear = useSyncExternalStore(subscribe, () => near.has(id));
  return isNear ? <CardDragHook {...props} /> : null;
});

/** A place to drop a card (a column, a column switch segment), by its droppable id. */
const DropTarget = memo(function DropTarget({ id, links }: { id: string; links: CardLinks }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  useLayoutEffect(() => links.attachTarget(id, setNodeRef), [links, id, setNodeRef]);
  useLayoutEffect(() => links.setOver(id, isOver), [links, id, isOver]);
  return null;
});

interface DragColumnProps {
  status: Status;
  ids: readonly string[];
  /** Only the first this many cards are drawn (the board's first frame); all when not given. */
  drawn?: number;
  slides: AnimateLayoutChanges;
  reducedMotion: boolean;
  near: CardsNear;
  links: CardLinks;
}

/** One column's side: its place to drop, its sortable list, and its cards' hooks. */
const DragColumn = memo(function DragColumn({
  status,
  ids,
  drawn,
  slides,
  reducedMotion,
  near,
  links,
}: DragColumnProps) {
  return (
    <SortableContext id={status} items={ids as string[]} strategy={verticalListSortingStrategy}>
      <DropTarget id={columnId(status)} links={links} />
      {(drawn === undefined ? ids : ids.slice(0, drawn)).map((id) => (
        <NearCardHook
          key={id}
          id={id}
          slides={slides}
          reducedMotion={reducedMotion}
          near={near}
          links={links}
        />
      ))}
    </SortableContext>
  );
});
