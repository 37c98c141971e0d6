import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';

const DISCARD_QUESTION = 'Discard your changes?';

/**
 * Closing with unsaved changes asks first. `requestClose` goes in place of a plain close (Escape,
 * a click outside, the close button, Cancel); `prompt` is the question, rendered while it is asked.
 */
export function useDiscardGuard(
  dirty: boolean,
  close: () => void,
): {
  requestClose(): void;
  prompt: ReactNode;
} {
  const [asking, setAsking] = useState(false);
  return {
    requestClose: () => (dirty ? setAsking(true) : close()),
    prompt: asking ? (
      <ConfirmDialog
        question={DISCARD_QUESTION}
        confirmLabel="Discard"
        keepLabel="Keep editing"
        onConfirm={() => {
          setAsking(false);
          close();
        }}
        onKeep={() => setAsking(false)}
      />
    ) : null,
  };
}
