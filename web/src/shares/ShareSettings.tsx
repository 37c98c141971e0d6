import {
  SHARE_NAME_MAX_LENGTH,
  type SharedBoardEntry,
  type ShareScope,
  type ShareView,
} from '@brainboard/domain';
import { useEffect, useId, useState } from 'react';
import { errorDetail } from '../data/api/client.ts';
import { Link } from '../router/router.tsx';
import { CopyField } from '../ui/CopyField.tsx';
import { createShare, listShares, sharedBoards, stopSharing, updateShare } from './sharesApi.ts';
import './shares.css';

const SCOPE_LABELS: [keyof ShareScope, string][] = [
  ['steps', 'Step progress ("3 of 5 steps")'],
  ['focus', 'Focus time this week'],
  ['descriptions', 'Descriptions'],
];

const DEFAULT_SCOPE: ShareScope = { steps: true, focus: false, descriptions: false };

function ScopeBoxes({
  scope,
  onChange,
  disabled,
  idPrefix,
}: {
  scope: ShareScope;
  onChange: (scope: ShareScope) => void;
  disabled: boolean;
  idPrefix: string;
}) {
  return (
    <>
      {SCOPE_LABELS.map(([key, label]) => (
        <label key={key} className="check" htmlFor={`${idPrefix}-${key}`}>
          <input
            id={`${idPrefix}-${key}`}
            type="checkbox"
            checked={scope[key]}
            disabled={disabled}
            onChange={(e) => onChange({ ...scope, [key]: e.target.checked })}
          />
          <span>{label}</span>
        </label>
      ))}
    </>
  );
}

/**
 * Settings → "Share with a supporter": a named invitation link with a scope, and every share
 * with what it shows, its supporter, its scope to change and "Stop sharing".
 */
export default function ShareSettings() {
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ShareScope>(DEFAULT_SCOPE);
  const [link, setLink] = useState<string | null>(null);
  const [shares, setShares] = useState<ShareView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<SharedBoardEntry[]>([]);

  const refresh = async () => setShares((await listShares()) ?? []);
  useEffect(() => {
    listShares().then(
      (list) => setShares(list ?? []),
      () => setShares([]),
    );
    // Boards other students share with this one (a supporter who is also a student).
    sharedBoards().then(
      (list) => setTheirs(list ?? []),
      () => setTheirs([]),
    );
  }, []);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorDetail(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="settings__group shares-settings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Share with a supporter</h3>
      <p>
        Let someone in your corner see your board, read-only. Titles, due dates and columns are
        always shown; notes, AI chats, files and school feeds never are.
      </p>
      <form
        className="shares-settings__new"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const made = await createShare(name.trim(), scope);
            setLink(made.url);
            setName('');
            await refresh();
          });
        }}
      >
        <label htmlFor={`${id}-name`}>Who is it for? (for example Mum, Tutor)</label>
        <input
          id={`${id}-name`}
          className="text-field"
          maxLength={SHARE_NAME_MAX_LENGTH}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className="shares-settings__scope">
          <legend>Also show</legend>
          <ScopeBoxes scope={scope} onChange={setScope} disabled={busy} idPrefix={`${id}-new`} />
        </fieldset>
        <button type="submit" className="button" disabled={busy || !name.trim()}>
          Create invitation link
        </button>
      </form>
      {link && (
        <div className="shares-settings__link">
          <p>Send this link to your supporter. It works for one account, and is shown only now.</p>
          <CopyField value={link} label="Invitation link" />
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      {shares && shares.length > 0 && (
        <ul className="shares-settings__list" aria-label="Your supporters">
          {shares.map((share) => (
            <li key={share.id} className="shares-settings__item">
              <h4>{share.name}</h4>
              <p>
                {share.supporter
                  ? `Seen by ${share.supporter.name ?? share.supporter.email ?? 'your supporter'}`
                  : 'Invitation not opened yet'}
              </p>
              <fieldset>
                <legend className="visually-hidden">What {share.name} can see</legend>
                <ScopeBoxes
                  scope={share.scope}
                  disabled={busy}
                  idPrefix={`${id}-${share.id}`}
                  onChange={(next) =>
                    void run(async () => {
                      await updateShare(share.id, { scope: next });
                      await refresh();
                    })
                  }
                />
                <label className="check" htmlFor={`${id}-${share.id}-cheers`}>
                  <input
                    id={`${id}-${share.id}-cheers`}
                    type="checkbox"
                    checked={share.cheers}
                    disabled={busy}
                    onChange={(e) =>
                      void run(async () => {
                        await updateShare(share.id, { cheers: e.target.checked });
                        await refresh();
                      })
                    }
                  />
                  <span>Allow cheers</span>
                </label>
              </fieldset>
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await stopSharing(share.id);
                    await refresh();
                  })
                }
              >
                Stop sharing with {share.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {theirs.length > 0 && (
        <>
          <h4>Boards shared with you</h4>
          <ul className="shares-settings__list">
            {theirs.map((b) => (
              <li key={b.id}>
                <Link to={`/shared/${b.id}`}>{b.student_name}’s board</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
