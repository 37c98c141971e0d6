import type { Assignment, Status } from '@brainboard/domain';
import { memo } from 'react';
import { addTaskTitle, columnId, columnLabel, emptyColumnText, STATUS_CLASS } from './columns.ts';
import type { CardActions } from './AssignmentCard.tsx';
import { PlusIcon, SortIcon } from '../ui/icons.tsx';
import { useDropTarget, type CardLinks } from './cardLinks.ts';
import type { CardsNear } from './cardsNear.ts';
import { BoardCard } from './BoardCard.tsx';

interface BoardColumnProps extends CardActions {
  status: Status;
  ids: readonly string[];
  byId: ReadonlyMap<string, Assignment>;
  badgeKey: string;
  near: CardsNear;
  /** Where the drag layer finds the column and its cards (cardLinks.ts). */
  links: CardLinks;
  onAdd(status: Status): void;
  /** Puts the column in due-date order (soonest first, no date last). */
  onSort?(status: Status): void;
  /** The column a phone shows (phones show one at a time). */
  shown?: boolean;
  /** Draws only this many of its first cards (the board's first frame); all when not given. */
  drawn?: number;
}

/** One column: its header, its add button, and its cards in rank order. */
export const BoardColumn = memo(function BoardColumn({
  status,
  ids,
  byId,
  badgeKey,
  near,
  links,
  onOpen,
  onDelete,
  onAdd,
  onSort,
  shown = false,
  drawn,
}: BoardColumnProps) {
  const { setNodeRef, isOver } = useDropTarget(links, columnId(status));
  const label = columnLabel(status);
  const headingId = `column-${STATUS_CLASS[status]}-heading`;
  return (
    <section
      ref={setNodeRef}
      id={`column-${STATUS_CLASS[status]}`}
      className={`column column--${STATUS_CLASS[status]}${isOver ? ' column--over' : ''}${
        shown ? ' column--shown' : ''
      }`}
      aria-labelledby={headingId}
      data-status={status}
    >
      <header className="column__header">
        <h2
          className="column__title"
          id={headingId}
          aria-label={`${label}, ${ids.length} ${ids.length === 1 ? 'task' : 'tasks'}`}
        >
          {label}
          <span className="column__count" aria-hidden="true">
            {ids.length}
          </span>
        </h2>
        {onSort && ids.length > 1 && (
          <button
            type="button"
            className="column__sort"
            aria-label={`Sort by due date (${label})`}
            title="Sort by due date: soonest first, no date last"
            onClick={() => onSort(status)}
          >
            <SortIcon />
            <span className="column__sort-text">Sort by due date</span>
          </button>
        )}
      </header>
      <button
        type="button"
        className="column__add"
        title={addTaskTitle(status)}
        onClick={() => onAdd(status)}
      >
        <PlusIcon />
        {addTaskTitle(status)}
      </button>
      <ul className="column__cards" aria-labelledby={headingId}>
        {(drawn === undefined ? ids : ids.slice(0, drawn)).map((id) => {
          const a = byId.get(id);
          return a ? (
            <BoardCard
              key={id}
              assignment={a}
              badgeKey={badgeKey}
              near={near}
              links={links}
              onOpen={onOpen}
              onDelete={onDelete}
            />
          ) : null;
        })}
        {ids.length === 0 && <li className="column__empty">{emptyColumnText(status)}</li>}
      </ul>
    </section>
  );
});
