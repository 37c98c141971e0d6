import type { Status } from '@brainboard/domain';
import type { Ref } from 'react';
import { useDropTarget, type CardLinks } from './cardLinks.ts';
import { columnLabel, COLUMNS, STATUS_CLASS, tabId, type ColumnIds } from './columns.ts';
import { PlusIcon } from '../ui/icons.tsx';

/** One segment: shows its column, and takes a dragged card onto that column. */
function Segment({
  status,
  count,
  shown,
  onShow,
  links,
}: {
  status: Status;
  count: number;
  shown: boolean;
  onShow(status: Status): void;
  links: CardLinks;
}) {
  const { setNodeRef, isOver } = useDropTarget(links, tabId(status));
  const label = columnLabel(status);
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`switch__segment switch__segment--${STATUS_CLASS[status]}${isOver ? ' switch__segment--over' : ''}`}
      aria-pressed={shown}
      aria-controls={`column-${STATUS_CLASS[status]}`}
      aria-label={`${label}, ${count} ${count === 1 ? 'task' : 'tasks'}`}
      data-status={status}
      onClick={() => onShow(status)}
    >
      {/* The space keeps the visible text "New 0" inside the name "New, 0 tasks". */}
      <span className="switch__label">{label}</span>{' '}
      <span className="switch__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}

/**
 * Phones: the bar at the bottom of the screen. The three columns as a segmented switch with
 * their counts (a card dragged onto a segment moves to that column), and the add button for
 * the column shown, beside the switch and so over no card.
 */
export function ColumnSwitch({
  columns,
  shown,
  onShow,
  onAdd,
  barRef,
  links,
}: {
  columns: ColumnIds;
  shown: Status;
  onShow(status: Status): void;
  onAdd(status: Status): void;
  /** The bar itself (the board keeps a lifted card above it). */
  barRef?: Ref<HTMLDivElement>;
  /** Where the drag layer finds the segments (cardLinks.ts). */
  links: CardLinks;
}) {
  return (
    <div className="switch" ref={barRef}>
      <div className="switch__segments" role="group" aria-label="Columns">
        {COLUMNS.map(({ status }) => (
          <Segment
            key={status}
            status={status}
            count={columns[status].length}
            shown={shown === status}
            onShow={onShow}
            links={links}
          />
        ))}
      </div>
      <button
        type="button"
        className="switch__add"
        aria-label="Add Assignment"
        title="Add Assignment"
        onClick={() => onAdd(shown)}
      >
        <PlusIcon size={26} />
      </button>
    </div>
  );
}
