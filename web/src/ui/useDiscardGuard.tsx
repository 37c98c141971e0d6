import { useState, type ReactNode } from 'react';
import { QuestionDialog } from './QuestionDialog.tsx';

const DISCARD_QUESTION = 'Discard your changes?';

/**
 * Closing with unsaved changes asks first. `requestClose` goes in place of a plain close (Escape,
 * a click outside, the close button, Cancel); `prompt` is the question, rendered while it is asked.
 * The safe answer, "Keep editing", comes first and has focus; Escape chooses it too.
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
      <QuestionDialog
        question={DISCARD_QUESTION}
        onCancel={() => setAsking(false)}
        choices={[
          { label: 'Keep editing', onChoose: () => setAsking(false) },
          {
            label: 'Discard',
            quiet: true,
            onChoose: () => {
              setAsking(false);
              close();
            },
          },
        ]}
      />
    ) : null,
  };
}
