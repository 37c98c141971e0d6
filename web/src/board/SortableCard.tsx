import type { Assignment } from '@brainboard/domain';
import { useSortable, type AnimateLayoutChanges } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type KeyboardEventHandler, type MouseEvent } from 'react';
import { CardBody, type CardActions } from './AssignmentCard.tsx';
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

interface SortableCardProps extends CardActions {
  assignment: Assignment;
  badgeKey: string;
  reducedMotion: boolean;
  /** Whether the card slides to its new place when the cards around it change (KanbanBoard). */
  slides: AnimateLayoutChanges;
}

/**
 * A card on the board. A pointer or touch hold of 250 ms anywhere on it starts a drag; a short
 * click opens the editor. Keyboard dragging starts from the grip button (Space or Enter), so
 * the card's Edit and Delete buttons are never nested inside another control.
 *
 * dnd-kit renders every `useSortable` again whenever a drag starts, moves over a new target or
 * ends. This component holds only the hook and hands its results, as plain values, to the
 * memoised `SortableItem`: a card whose place, look and handlers did not change stops there,
 * and React neither compares nor writes its elements.
 */
export const SortableCard = memo(function SortableCard({
  assignment,
  badgeKey,
  reducedMotion,
  slides,
  onOpen,
  onDelete,
}: SortableCardProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: assignment.id,
    animateLayoutChanges: slides,
    ...(reducedMotion ? { transition: null } : {}),
  });
  // A card that does not move has no transform (dnd-kit gives the cards it does not move a
  // zero translation, a compositing layer each), and takes the drag's transition from board.css
  // rather than its own style: a drag's start and end then change only the cards that move.
  const shifted = transform && (transform.x !== 0 || transform.y !== 0) ? transform : null;
  const ownTransition = shifted || transition !== SORTING_TRANSITION ? transition : undefined;
  return (
    <SortableItem
      assignment={assignment}
      badgeKey={badgeKey}
      onOpen={onOpen}
      onDelete={onDelete}
      attributes={attributes}
      listeners={listeners}
      setNodeRef={setNodeRef}
      setActivatorNodeRef={setActivatorNodeRef}
      transform={CSS.Translate.toString(shifted)}
      transition={ownTransition}
      isDragging={isDragging}
    />
  );
});

type Sortable = ReturnType<typeof useSortable>;

interface SortableItemProps extends CardActions {
  assignment: Assignment;
  badgeKey: string;
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
  setNodeRef: Sortable['setNodeRef'];
  setActivatorNodeRef: Sortable['setActivatorNodeRef'];
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
