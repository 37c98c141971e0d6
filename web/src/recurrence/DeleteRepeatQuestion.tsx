import type { RepeatScope } from '@brainboard/domain';
import { Modal } from '../ui/Modal.tsx';

/**
 * Asked once when the open card of a repeating assignment is deleted: only this one (the next
 * one comes, as if this date were skipped) or this one and the ones after (the repeat stops;
 * finished cards stay). Asked instead of the plain "Are you sure" question.
 */
export function DeleteRepeatQuestion({
  title,
  onChoose,
  onCancel,
}: {
  title: string;
  onChoose(scope: RepeatScope): void;
  onCancel(): void;
}) {
  return (
    <Modal
      open
      onClose={onCancel}
      role="alertdialog"
      title="Delete a repeating assignment"
      description={`"${title}" repeats. This action cannot be undone.`}
      minHeight={0}
      className="repeat-delete"
    >
      <div className="repeat-delete__choices">
        <button type="button" className="button" onClick={() => onChoose('this')}>
          Only this one
        </button>
        <p className="repeat-delete__hint">The next one appears in New.</p>
        <button type="button" className="button" onClick={() => onChoose('following')}>
          This and the ones after
        </button>
        <p className="repeat-delete__hint">The repeat stops. Finished cards stay.</p>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
