import type { Assignment } from '@brainboard/domain';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type KeyboardEventHandler, type MouseEvent } from 'react';
import { CardBody, type CardActions } from './AssignmentCard.tsx';
import { statusClass } from './columns.ts';
import { GripIcon } from './icons.tsx';

interface SortableCardProps extends CardActions {
  assignment: Assignment;
  badgeKey: string;
  reducedMotion: boolean;
}

/**
 * A card on the board. A pointer or touch hold of 250 ms anywhere on it starts a drag; a short
 * click opens the editor. Keyboard dragging starts from the grip button (Space or Enter), so
 * the card's Edit and Delete buttons are never nested inside another control.
 */
export const SortableCard = memo(function SortableCard({
  assignment,
  badgeKey,
  reducedMotion,
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
    ...(reducedMotion ? { transition: null } : {}),
  });
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
      style={{ transform: CSS.Translate.toString(transform), transition }}
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
});
