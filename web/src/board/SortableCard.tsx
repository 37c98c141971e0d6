import type { Assignment } from '@brainboard/domain';
import { useSortable, type AnimateLayoutChanges } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type KeyboardEventHandler,
  type MouseEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { CardBody, type CardActions } from './AssignmentCard.tsx';
import type { CardsNear } from './cardsNear.ts';
import { statusClass } from './columns.ts';
import { GripIcon } from '../ui/icons.tsx';

/**
 * The transition dnd-kit gives every card while any drag is on (its default, 200 ms ease). Every
 * card has the same one in board.css.
 */
const SORTING_TRANSITION = CSS.Transition.toString({
  property: 'transform',
  duration: 200,
  easing: 'ease',
});

/**
 * The id of dnd-kit's hidden instructions for the board (the DndContext's id): every Move button
 * points to it, a still card's too.
 */
export const BOARD_DRAG_HELP = 'board-drag-help';

/** What a card's elements take from dnd-kit: its place, look and handlers during a drag. */
interface CardDrag {
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
  /** The CSS transform (a string, so an unchanged place compares equal). */
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
}

/** A still card's: what `useSortable` gives a card at rest, with no handlers. */
const STILL: CardDrag = {
  attributes: {
    role: 'button',
    tabIndex: 0,
    'aria-disabled': false,
    'aria-pressed': undefined,
    'aria-roledescription': 'sortable',
    'aria-describedby': BOARD_DRAG_HELP,
  },
  listeners: undefined,
  transform: undefined,
  transition: undefined,
  isDragging: false,
};

const LIFTED_PLACE: CardDrag = { ...STILL, isDragging: true };

const sameDrag = (a: CardDrag, b: CardDrag) =>
  a.attributes === b.attributes &&
  a.listeners === b.listeners &&
  a.transform === b.transform &&
  a.transition === b.transition &&
  a.isDragging === b.isDragging;

interface BoardCardProps extends CardActions {
  assignment: Assignment;
  badgeKey: string;
  reducedMotion: boolean;
  /** Whether the card slides to its new place when the cards around it change (KanbanBoard). */
  slides: AnimateLayoutChanges;
  /** Which cards are near the screen (cardsNear.ts). */
  near: CardsNear;
}

/** dnd-kit's element setters, for the card's elements as they come and go. */
type Setters = Pick<Sortable, 'setNodeRef' | 'setActivatorNodeRef'>;

/**
 * A card on the board. A pointer or touch hold of 250 ms anywhere on it starts a drag; a short
 * click opens the editor. Keyboard dragging starts from the grip button (Space or Enter), so
 * the card's Edit and Delete buttons are never nested inside another control.
 *
 * Only a card near the screen takes part in dragging (cardsNear.ts): it has dnd-kit's hook, in
 * `CardDragHook` beside its elements. A card further away is still: the same elements, with the
 * same attributes, and no hook, so a drag neither renders nor measures it. A card changes
 * between the two without being drawn anew: its elements keep their place, their focus and the
 * size the browser remembers for them (board.css).
 */
export const BoardCard = memo(function BoardCard({
  assignment,
  badgeKey,
  reducedMotion,
  slides,
  near,
  onOpen,
  onDelete,
}: BoardCardProps) {
  const id = assignment.id;
  const subscribe = useCallback((listener: () => void) => near.subscribe(id, listener), [near, id]);
  const isNear = useSyncExternalStore(subscribe, () => near.has(id));
  // The lifted card's place, drawn in a new column during a drag, is one from the start.
  const [drag, setDrag] = useState(() => (near.isLifted(id) ? LIFTED_PLACE : STILL));
  const liRef = useRef<HTMLLIElement | null>(null);
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const settersRef = useRef<Setters | null>(null);
  const nodeRef = useCallback(
    (el: HTMLLIElement | null) => {
      liRef.current = el;
      settersRef.current?.setNodeRef(el);
      return el ? near.observe(el) : undefined;
    },
    [near],
  );
  const activatorRef = useCallback((el: HTMLButtonElement | null) => {
    handleRef.current = el;
    settersRef.current?.setActivatorNodeRef(el);
  }, []);
  // A still card comes near as soon as the pointer is over it, before any press.
  const stillListeners = useMemo(() => ({ onPointerOver: () => near.pointedAt(id) }), [near, id]);
  return (
    <>
      {isNear && (
        <CardDragHook
          id={id}
          slides={slides}
          reducedMotion={reducedMotion}
          liRef={liRef}
          handleRef={handleRef}
          settersRef={settersRef}
          onDrag={setDrag}
        />
      )}
      <SortableItem
        assignment={assignment}
        badgeKey={badgeKey}
        onOpen={onOpen}
        onDelete={onDelete}
        attributes={drag.attributes}
        listeners={isNear ? drag.listeners : stillListeners}
        setNodeRef={nodeRef}
        setActivatorNodeRef={activatorRef}
        transform={drag.transform}
        transition={drag.transition}
        isDragging={drag.isDragging}
      />
    </>
  );
});

interface CardDragHookProps {
  id: string;
  slides: AnimateLayoutChanges;
  reducedMotion: boolean;
  liRef: RefObject<HTMLLIElement | null>;
  handleRef: RefObject<HTMLButtonElement | null>;
  settersRef: RefObject<Setters | null>;
  onDrag: Dispatch<SetStateAction<CardDrag>>;
}

/**
 * dnd-kit's hook for a card near the screen; it draws nothing. dnd-kit renders every
 * `useSortable` again whenever a drag starts, moves over a new target or ends; this hands the
 * card what changed, before the frame is painted, and a card whose place, look and handlers did
 * not change stops there.
 */
function CardDragHook({
  id,
  slides,
  reducedMotion,
  liRef,
  handleRef,
  settersRef,
  onDrag,
}: CardDragHookProps) {
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
  // The card's elements are there already (a card that came near) or come right after this.
  useLayoutEffect(() => {
    settersRef.current = { setNodeRef, setActivatorNodeRef };
    setNodeRef(liRef.current);
    setActivatorNodeRef(handleRef.current);
    return () => {
      settersRef.current = null;
      onDrag(STILL);
    };
  }, [setNodeRef, setActivatorNodeRef, liRef, handleRef, settersRef, onDrag]);
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
  useLayoutEffect(() => onDrag((prev) => (sameDrag(prev, next) ? prev : next)));
  return null;
}

type Sortable = ReturnType<typeof useSortable>;

interface SortableItemProps extends CardActions {
  assignment: Assignment;
  badgeKey: string;
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
  setNodeRef: (el: HTMLLIElement | null) => void | (() => void);
  setActivatorNodeRef: (el: HTMLButtonElement | null) => void;
  /** The CSS transform (a string, so an unchanged place compares equal). */
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
}

/**
 * Whether a card's elements stay as they are. A transition acts only when the transform changes,
 * so it counts only then: at a drop, dnd-kit turns every card's transition off for one frame and
 * back on, which would otherwise write the style of all the cards that never moved, twice.
 */
function sameItem(prev: SortableItemProps, next: SortableItemProps): boolean {
  for (const key of Object.keys(next) as (keyof SortableItemProps)[]) {
    if (key === 'transition' && prev.transform === next.transform) continue;
    if (!Object.is(prev[key], next[key])) return false;
  }
  return true;
}

/** The card's elements, rendered again only when one of its props changes (`sameItem`). */
const SortableItem = memo(function SortableItem({
  assignment,
  badgeKey,
  onOpen,
  onDelete,
  attributes,
  listeners,
  setNodeRef,
  setActivatorNodeRef,
  transform,
  transition,
  isDragging,
}: SortableItemProps) {
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  const onHandleKeyDown = onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined;

  const onClick = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as Element).closest('button, a, input, select, textarea')) return;
    onOpen(assignment.id);
  };

  return (
    <li
      ref={setNodeRef}
      className={`card ${statusClass(assignment)}${isDragging ? ' card--placeholder' : ''}`}
      style={{ transform, transition }}
      data-card-id={assignment.id}
      onClick={onClick}
      {...pointerListeners}
    >
      <CardBody assignment={assignment} badgeKey={badgeKey} onOpen={onOpen} onDelete={onDelete} />
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="card__handle"
        {...attributes}
        aria-label={`Move ${assignment.title}`}
        title="Move (hold and drag, or press Space)"
        onKeyDown={onHandleKeyDown}
      >
        <GripIcon />
      </button>
    </li>
  );
}, sameItem);
