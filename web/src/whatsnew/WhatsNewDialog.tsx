import {
  APP_VERSION,
  RELEASE_NOTES,
  whatsNewClosedPatch,
  whatsNewDecision,
  type BodyOf,
  type UserProfile,
} from '@brainboard/domain';
import { useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';
import { useSession } from '../session/sessionContext.ts';
import { Modal } from '../ui/Modal.tsx';
import './whatsnew.css';
import { FeatureIcon } from './featureIcon.tsx';
import { Welcome, type FirstStep } from './Welcome.tsx';

/** PATCH /api/user/{id}; merges `updated` into the session. Failures are only logged. */
async function patchUser(
  id: string,
  fields: BodyOf<'PATCH /api/user/:id'>,
  mergeUser: (fields: Partial<UserProfile>) => void,
): Promise<void> {
  try {
    const answer = await callEndpoint(api, 'PATCH /api/user/:id', { id }, fields);
    mergeUser(answer?.updated ?? fields);
  } catch (err) {
    console.error('Brainboard: could not save the version seen.', err);
  }
}

export interface WhatsNewDialogProps {
  /** A first step the welcome offers was chosen (the dialog has closed). */
  onStep(step: FirstStep): void;
}

/**
 * The "What's new" dialog. Decided once per session from the user's versions: opens with the
 * newer features, welcomes a new account with three first steps instead, or silently updates
 * last_used_version. Closing either (a step, the button, Escape, the overlay) saves both
 * versions.
 */
export function WhatsNewDialog({ onStep }: WhatsNewDialogProps) {
  const { user, mergeUser } = useSession();
  // Decided once, from the user as loaded when the dashboard shows (SessionProvider is keyed by
  // uid, so another user gets a fresh dialog); merging the PATCH answer does not reopen it.
  const [decision] = useState(() =>
    user ? whatsNewDecision(user, RELEASE_NOTES, APP_VERSION) : null,
  );
  const [open, setOpen] = useState(decision?.open ?? false);
  const silentDone = useRef(false);

  useEffect(() => {
    if (!user || !decision?.silentUpdate || silentDone.current) return;
    silentDone.current = true;
    void patchUser(user.id, { last_used_version: APP_VERSION }, mergeUser);
  }, [user, decision, mergeUser]);

  const features = decision?.features ?? [];
  if (!user || !open || (!decision?.welcome && features.length === 0)) return null;

  function close() {
    setOpen(false);
    if (user) void patchUser(user.id, whatsNewClosedPatch(APP_VERSION), mergeUser);
  }

  if (decision?.welcome) {
    return (
      <Welcome
        onClose={close}
        onStep={(step) => {
          close();
          onStep(step);
        }}
      />
    );
  }

  return (
    <Modal open onClose={close} title="What's New!" className="whatsnew">
      <p className="whatsnew__intro">
        Brainboard {APP_VERSION} is here. These are the changes since your last visit:
      </p>
      <ul className="whatsnew__list">
        {features.map((feature) => (
          <li key={feature.title} className="whatsnew__item">
            <span className="whatsnew__icon" aria-hidden="true">
              <FeatureIcon emoji={feature.icon} />
            </span>
            <span>
              <strong className="whatsnew__title">{feature.title}</strong>
              <span className="whatsnew__description">{feature.description}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="whatsnew__actions">
        <button type="button" className="button" onClick={close}>
          Got it!
        </button>
      </div>
    </Modal>
  );
}
