import type { Status } from '@brainboard/domain';
import { useDroppable } from '@dnd-kit/core';
import {
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
  type AnimateLayoutChanges,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import type { CardDrag, CardLinks } from './cardLinks.ts';
import type { CardsNear } from './cardsNear.ts';

/**
 * dnd-kit's side of the board: its hooks, drawn inside its DndContext beside the board's columns
 * rather than around them (cardLinks.ts says why). They draw nothing; they find the elements the
 * board gave the links, and hand back what each card or column must show.
 */

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
export const DropTarget = memo(function DropTarget({
  id,
  links,
}: {
  id: string;
  links: CardLinks;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  useLayoutEffect(() => links.attachTarget(id, setNodeRef), [links, id, setNodeRef]);
  useLayoutEffect(() => links.setOver(id, isOver), [links, id, isOver]);
  return null;
});

interface DragColumnProps {
  status: Status;
  /** The column's droppable id. */
  targetId: string;
  ids: readonly string[];
  /** Only the first this many cards are drawn (the board's first frame); all when not given. */
  drawn?: number;
  slides: AnimateLayoutChanges;
  reducedMotion: boolean;
  near: CardsNear;
  links: CardLinks;
}

/** One column's side: its place to drop, its sortable list, and its cards' hooks. */
export const DragColumn = memo(function DragColumn({
  status,
  targetId,
  ids,
  drawn,
  slides,
  reducedMotion,
  near,
  links,
}: DragColumnProps) {
  return (
    <SortableContext id={status} items={ids as string[]} strategy={verticalListSortingStrategy}>
      <DropTarget id={targetId} links={links} />
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
