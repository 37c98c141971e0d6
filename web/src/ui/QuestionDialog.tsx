import { useRef, type ReactNode } from 'react';
import { Modal } from './Modal.tsx';

export interface QuestionChoice {
  label: string;
  onChoose(): void;
  /** Drawn as a quiet button (a secondary answer, or Cancel). */
  quiet?: boolean;
}

/**
 * A question that needs an answer before anything else, in the app's own dialog over whatever
 * is open: an alert dialog in the current theme, always in view, with focus trapped inside and
 * on its first choice. Escape, a click outside and the close button all mean `onCancel`.
 */
export function QuestionDialog({
  question,
  text,
  choices,
  onCancel,
  children,
  className,
}: {
  question: string;
  /** One line under the question, read with it. */
  text?: string;
  choices: readonly QuestionChoice[];
  onCancel(): void;
  /** What the question is about, between the text and the choices. */
  children?: ReactNode;
  /** Added to the dialog's own class. */
  className?: string;
}) {
  const first = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      onClose={onCancel}
      title={question}
      description={text}
      role="alertdialog"
      initialFocus={first}
      minHeight={0}
      className={className ? `question ${className}` : 'question'}
    >
      {children}
      <div className="question__choices">
        {choices.map((choice, i) => (
          <button
            key={choice.label}
            ref={i === 0 ? first : undefined}
            type="button"
            className={choice.quiet ? 'button button--quiet' : 'button'}
            onClick={choice.onChoose}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
