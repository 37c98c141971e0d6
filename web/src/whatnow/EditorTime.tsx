import {
  adjustedText,
  formatMinutes,
  learningExplanation,
  remainingEstimateMinutes,
  spentText,
  totalEstimateMinutes,
  type Subtask,
} from '@brainboard/domain';
import { useLearning } from './learningContext.ts';

/**
 * The editor's time summary: focused minutes against the estimate ("45 of 90 min"), the work
 * left and, once finished assignments show how real time compares with guesses, the adjusted
 * time with one line explaining it.
 */
export function EditorTime({
  subtasks,
  focusMinutes,
}: {
  subtasks: readonly Subtask[];
  focusMinutes: number;
}) {
  const learning = useLearning();
  const total = totalEstimateMinutes(subtasks);
  const left = remainingEstimateMinutes(subtasks);
  if (total === null && focusMinutes === 0) return null;
  const adjusted = left === null ? null : adjustedText(left, learning);
  return (
    <div className="editor-time">
      <p className="editor-time__line">Focused: {spentText(focusMinutes, total)}</p>
      {left !== null && (
        <p className="editor-time__line">
          About {formatMinutes(left)} left{adjusted ? `; ${adjusted}` : ''}.
        </p>
      )}
      {adjusted && learning && <p className="editor-time__why">{learningExplanation(learning)}</p>}
    </div>
  );
}
