import type { UserProfile } from '@brainboard/domain';
import { useEffect, useId, useState } from 'react';
import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';
import { listFeeds } from '../lms/lmsApi.ts';
import { useSession } from '../session/sessionContext.ts';
import './importOffer.css';

/** Saves that the offer is closed for good; a failure is only logged (it shows again later). */
async function closeForGood(
  uid: string,
  mergeUser: (fields: Partial<UserProfile>) => void,
): Promise<void> {
  const fields = { school_import_offer_closed: true } as const;
  try {
    const answer = await callEndpoint(api, 'PATCH /api/user/:id', { id: uid }, fields);
    mergeUser(answer?.updated ?? fields);
  } catch (err) {
    console.error('Brainboard: could not save that the import offer is closed.', err);
  }
}

/**
 * The empty board's offer to import deadlines from school. It shows once the server says the
 * student has no school calendar yet, and closes for good (a profile field, so on every
 * device) when they say "Not now" or when it finds a calendar they imported. "Import
 * deadlines" opens Settings → Import from your school.
 */
export function SchoolImportOffer({ onImport }: { onImport(): void }) {
  const { user, mergeUser } = useSession();
  const id = useId();
  const [shown, setShown] = useState(false);
  const uid = user?.id;

  useEffect(() => {
    if (!uid) return;
    let live = true;
    listFeeds().then(
      (feeds) => {
        if (!live) return;
        if (feeds.length === 0) setShown(true);
        else void closeForGood(uid, mergeUser);
      },
      // No answer (offline) or a refusal: no offer this time.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uid, mergeUser]);

  if (!uid || !shown) return null;

  return (
    <section className="import-offer" aria-labelledby={id}>
      <div>
        <h2 id={id} className="import-offer__title">
          Import from your school
        </h2>
        <p className="import-offer__text">
          Deadlines already in Canvas, Moodle, Blackboard or Google Classroom? Bring them onto your
          board instead of typing them in.
        </p>
      </div>
      <div className="import-offer__actions">
        <button type="button" className="button" onClick={onImport}>
          Import deadlines
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => {
            setShown(false);
            void closeForGood(uid, mergeUser);
          }}
        >
          Not now
        </button>
      </div>
    </section>
  );
}
