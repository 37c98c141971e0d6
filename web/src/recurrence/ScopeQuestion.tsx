import type { RepeatScope } from '@brainboard/domain';

/**
 * Asked once when a repeating card is saved: this card only, or the ones after it too. A change
 * of how it repeats (a new rule, or Never) is a change of the series, so then "this and the ones
 * after" is the only choice and the question says why.
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
    <div className="repeat-scope" role="group" aria-label="Change which assignments?">
      <p>
        {ruleChanged
          ? 'This assignment repeats. A change to how it repeats applies to this one and the ones after it.'
          : 'This assignment repeats. Change:'}
      </p>
      {!ruleChanged && (
        <button type="button" className="button" onClick={() => onChoose('this')}>
          Only this one
        </button>
      )}
      <button type="button" className="button" onClick={() => onChoose('following')}>
        This and the ones after
      </button>
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
