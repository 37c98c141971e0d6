import type { Assignment } from '@brainboard/domain';
import { goneText, movedFromText } from './format.ts';

/** An imported card's course tag and source, and what its source changed. */
export function CardSource({ assignment: a, now }: { assignment: Assignment; now: Date }) {
  if (!a.source) return null;
  const moved = a.due_moved_from ? movedFromText(a.due_moved_from, now) : null;
  return (
    <div className="card__source">
      <p className="card__origin">
        {a.source.course && <span className="course-tag">{a.source.course}</span>}
        <span className="card__source-name">{a.source.name}</span>
      </p>
      {moved && <p className="card__moved">{moved}</p>}
      {a.source_gone && <p className="card__gone">{goneText(a.source.name)}</p>}
    </div>
  );
}
