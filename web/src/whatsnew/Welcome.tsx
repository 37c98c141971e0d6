import type { ReactNode } from 'react';
import { Modal } from '../ui/Modal.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { DrawnIcon } from './featureIcon.tsx';

/** The three first steps a new account is offered, each one tap away. */
export type FirstStep = 'add' | 'import' | 'reminders';

const STEPS: { step: FirstStep; title: string; text: string; icon: ReactNode }[] = [
  {
    step: 'add',
    title: 'Add an assignment',
    text: 'Put the next thing you need to do on your board.',
    icon: <PlusIcon size={22} />,
  },
  {
    step: 'import',
    title: 'Import from your school',
    text: 'Bring in your deadlines from Canvas, Moodle, Blackboard or Google Classroom.',
    icon: <DrawnIcon name="school" />,
  },
  {
    step: 'reminders',
    title: 'Turn on reminders',
    text: 'Get a nudge on this device before something is due.',
    icon: <DrawnIcon name="bell" />,
  },
];

/**
 * What a brand-new account sees instead of What's New: a short welcome and three first steps.
 * Choosing one closes it and takes the student there; "Maybe later" (or Escape, or the
 * overlay) just closes it. Either way it is seen: it does not come back.
 */
export function Welcome({ onStep, onClose }: { onStep(step: FirstStep): void; onClose(): void }) {
  return (
    <Modal open onClose={onClose} title="Welcome to Brainboard!" className="whatsnew welcome">
      <p className="whatsnew__intro">
        Your board is ready. Three ways to start, whenever you like:
      </p>
      <ol className="welcome__steps" aria-label="First steps">
        {STEPS.map(({ step, title, text, icon }) => (
          <li key={step}>
            <button type="button" className="welcome__step" onClick={() => onStep(step)}>
              <span className="whatsnew__icon" aria-hidden="true">
                {icon}
              </span>
              <span>
                <strong className="whatsnew__title">{title}</strong>{' '}
                <span className="whatsnew__description">{text}</span>
              </span>
            </button>
          </li>
        ))}
      </ol>
      <div className="whatsnew__actions">
        <button type="button" className="button button--quiet" onClick={onClose}>
          Maybe later
        </button>
      </div>
    </Modal>
  );
}
