import { useRef } from 'react';
import { Modal } from './Modal.tsx';

/**
 * A calm yes-or-no question in the app's own dialog, over whatever is open. The safe answer
 * (`keepLabel`) has focus, and Escape or a click outside also choose it.
 */
export function ConfirmDialog({
  question,
  confirmLabel,
  keepLabel,
  onConfirm,
  onKeep,
}: {
  question: string;
  confirmLabel: string;
  keepLabel: string;
  onConfirm(): void;
  onKeep(): void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      onClose={onKeep}
      title={question}
      role="alertdialog"
      initialFocus={keep}
      minHeight={0}
      className="confirm-dialog"
    >
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--quiet" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={keep} type="button" className="button" onClick={onKeep}>
          {keepLabel}
        </button>
      </div>
    </Modal>
  );
}
