import {
  adjustedMinutes,
  remainingEstimateMinutes,
  remainingText,
  spentText,
  startBy,
  startByText,
  totalEstimateMinutes,
  type Assignment,
} from '@brainboard/domain';
import { useLearning, usePlannedStarts, useStudyHours } from './learningContext.ts';

/**
 * A card's time line: the work left ("~1 h 30 min left", stretched by the learning factor),
 * the focused minutes against the estimate ("45 of 90 min") and, when due within a week,
 * "Start by Tue 7 PM". Nothing when there is nothing to say.
 */
export function CardTime({ assignment: a, now }: { assignment: Assignment; now: Date }) {
  const learning = useLearning();
  const hours = useStudyHours();
  const planned = usePlannedStarts().get(a.id);
  const left = a.status === 'done' ? null : remainingEstimateMinutes(a.subtasks);
  const focused = a.focus_minutes ?? 0;
  // Its first planned work session, when it has one; otherwise counted from the due time.
  const start = a.status === 'done' ? null : (planned ?? startBy(a, now, learning, hours));
  if (left === null && focused === 0 && !start) return null;
  return (
    <p className="card__time">
      {left !== null && <span>{remainingText(adjustedMinutes(left, learning))}</span>}
      {focused > 0 && (
        <span>
          {spentText(focused, totalEstimateMinutes(a.subtasks))}
          <span className="visually-hidden"> focused</span>
        </span>
      )}
      {start && <span className="card__start-by">{startByText(start, now)}</span>}
    </p>
  );
}
