import type { RepeatScope } from '@brainboard/domain';

/** Asked once when a repeating card is saved: this card only, or the ones after it too. */
export function ScopeQuestion({
  onChoose,
  onCancel,
}: {
  onChoose(scope: RepeatScope): void;
  onCancel(): void;
}) {
  return (
    <div className="repeat-scope" role="group" aria-label="Change which assignments?">
      <p>This assignment repeats. Change:</p>
      <button type="button" className="button" onClick={() => onChoose('this')}>
        Only this one
      </button>
      <button type="button" className="button" onClick={() => onChoose('following')}>
        This and the ones after
      </button>
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
