import type { Assignment } from '@brainboard/domain';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type KeyboardEventHandler,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
  type TouchEvent as ReactTouchEvent,
} from 'react';
import { CardBody, type CardActions } from './AssignmentCard.tsx';
import { LIFTED_PLACE, STILL, type CardDrag, type CardLinks } from './cardLinks.ts';
import type { CardsNear } from './cardsNear.ts';
import { keepPress, keptKey } from './keptStart.ts';
import { statusClass } from './columns.ts';
import { GripIcon } from '../ui/icons.tsx';

interface BoardCardProps extends CardActions {
  assignment: Assignment;
  badgeKey: string;
  /** Which cards are near the screen (cardsNear.ts). */
  near: CardsNear;
  /** Where dnd-kit's hook for this card, in the drag layer, finds its elements (cardLinks.ts). */
  links: CardLinks;
}

/**
 * A card on the board. A pointer or touch hold of 250 ms anywhere on it starts a drag; a short
 * click opens the editor. Keyboard dragging starts from the grip button (Space or Enter), so
 * the card's Edit and Delete buttons are never nested inside another control.
 *
 * dnd-kit's hook for the card is not here but in the drag layer beside the board
 * (DragLayer.tsx), and only while the card is near the screen (cardsNear.ts). The card gives
 * the layer its elements and shows what the hook hands it (cardLinks.ts). A card further away
 * is still: the same elements, with the same attributes, and no handlers, so a drag neither
 * renders nor measures it. A card changes between the two without being drawn anew: its
 * elements keep their place, their focus and the size the browser remembers for them
 * (board.css).
 */
export const BoardCard = memo(function BoardCard({
  assignment,
  badgeKey,
  near,
  links,
  onOpen,
  onDelete,
}: BoardCardProps) {
  const id = assignment.id;
  // The lifted card's place, drawn in a new column during a drag, is one from the start,
  // before its new hook says so.
  const shown = useCallback(
    (drag: CardDrag) => (drag === STILL && near.isLifted(id) ? LIFTED_PLACE : drag),
    [near, id],
  );
  const [drag, setDrag] = useState(() => shown(links.dragOf(id)));
  // Subscribed in the layout phase, before the layer's hooks run theirs: what a hook hands the
  // card while both mount is drawn in the same frame.
  useLayoutEffect(() => {
    const update = () => setDrag(shown(links.dragOf(id)));
    update();
    return links.subscribe(id, update);
  }, [links, id, shown]);
  const nodeRef = useCallback(
    (el: HTMLLIElement | null) => {
      links.setItem(id, el);
      const unobserve = el ? near.observe(el) : undefined;
      return () => {
        unobserve?.();
        links.setItem(id, null);
      };
    },
    [near, links, id],
  );
  const activatorRef = useCallback(
    (el: HTMLButtonElement | null) => {
      links.setHandle(id, el);
      return () => links.setHandle(id, null);
    },
    [links, id],
  );
  // A key that lifts a card (Space, Enter) pressed on a still card's Move button, or a press on
  // the card, is kept by the links and sent again once the card's hook has handed it dnd-kit's
  // handlers: the drag layer's chunk had not come (right after a load), or the hook had not yet
  // followed the card near the screen or the focus into it (cardsNear.ts). A key is dropped if
  // the focus has left the button by then, a press if it was released (keptStart.ts).
  const stillListeners = useMemo(() => {
    const press = (e: ReactPointerEvent<HTMLElement> | ReactTouchEvent<HTMLElement>) => {
      near.pointedAt(id);
      keepPress(id, e.nativeEvent, links);
    };
    return {
      // A still card comes near as soon as the pointer is over it, before any press.
      onPointerOver: () => near.pointedAt(id),
      onPointerDown: press,
      onTouchStart: press,
      onKeyDown: (e: ReactKeyboardEvent<HTMLElement>) => {
        const start = keptKey(id, e, e.currentTarget);
        if (!start) return;
        e.preventDefault();
        links.keep(start);
      },
    };
  }, [near, links, id]);
  const hasHandlers = drag.listeners !== undefined;
  useEffect(() => {
    if (hasHandlers) links.take(id)?.replay();
  }, [links, id, hasHandlers]);
  return (
    <CardElements
      assignment={assignment}
      badgeKey={badgeKey}
      onOpen={onOpen}
      onDelete={onDelete}
      attributes={drag.attributes}
      listeners={drag.listeners ?? stillListeners}
      setNodeRef={nodeRef}
      setActivatorNodeRef={activatorRef}
      transform={drag.transform}
      transition={drag.transition}
      isDragging={drag.isDragging}
    />
  );
});

interface CardElementsProps extends CardActions {
  assignment: Assignment;
  badgeKey: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setNodeRef: (el: HTMLLIElement | null) => void | (() => void);
  setActivatorNodeRef: (el: HTMLButtonElement | null) => void | (() => void);
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
function sameElements(prev: CardElementsProps, next: CardElementsProps): boolean {
  for (const key of Object.keys(next) as (keyof CardElementsProps)[]) {
    if (key === 'transition' && prev.transform === next.transform) continue;
    if (!Object.is(prev[key], next[key])) return false;
  }
  return true;
}

/** The card's elements, rendered again only when one of its props changes (`sameElements`). */
const CardElements = memo(function CardElements({
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
}: CardElementsProps) {
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
}, sameElements);
