import type { RepeatScope } from '@brainboard/domain';
import { QuestionDialog } from '../ui/QuestionDialog.tsx';

/**
 * Asked once when a repeating card is saved: this card only, or the ones after it too, in a
 * dialog over the editor with focus on the first choice. A change of how it repeats (a new
 * rule, or Never) is a change of the series, so then "this and the ones after" is the only
 * choice and the question says why. Escape is Cancel: back to the editor, nothing saved.
 */
export function ScopeQuestion({
  ruleChanged = false,
  onChoose,
  onCancel,
}: {
  ruleChanged?: boolean;
  onChoose(scope: RepeatScope): void;
  onCancel(): void;
}) {
  return (
    <QuestionDialog
      question="Change which assignments?"
      text={
        ruleChanged
          ? 'This assignment repeats. A change to how it repeats applies to this one and the ones after it.'
          : 'This assignment repeats. Change:'
      }
      onCancel={onCancel}
      choices={[
        ...(ruleChanged ? [] : [{ label: 'Only this one', onChoose: () => onChoose('this') }]),
        { label: 'This and the ones after', onChoose: () => onChoose('following') },
        { label: 'Cancel', quiet: true, onChoose: onCancel },
      ]}
    />
  );
}
