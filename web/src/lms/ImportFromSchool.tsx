import type { LmsFeed, LmsFeedPreview } from '@brainboard/domain';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { isApiError } from '../data/api/client.ts';
import { importFeed, listFeeds, previewFeed, removeFeed, syncFeedNow } from './lmsApi.ts';
import { previewDue, syncSummary } from './format.ts';
import './lms.css';

const SyllabusImport = lazy(() => import('../capture/SyllabusImport.tsx'));

const STEPS: [string, string][] = [
  ['Canvas', 'Calendar → Calendar Feed'],
  ['Moodle', 'Calendar → Export calendar → Get calendar URL'],
  ['Blackboard', 'Calendar → Share Calendar'],
  ['Google Classroom', 'the class calendar’s secret iCal address'],
];

const messageOf = (err: unknown) =>
  isApiError(err) ? err.message : 'Something went wrong. Please try again.';

type Busy = 'preview' | 'import' | `sync:${string}` | `remove:${string}` | null;

/** Settings → "Import from your school": paste a feed link, preview, import; the feed list. */
export function ImportFromSchool() {
  const inputId = useId();
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<LmsFeedPreview | null>(null);
  const [feeds, setFeeds] = useState<LmsFeed[] | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    let live = true;
    listFeeds().then(
      (list) => live && setFeeds(list),
      () => live && setFeeds([]),
    );
    return () => {
      live = false;
    };
  }, []);

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  }

  const upsert = (feed: LmsFeed) =>
    setFeeds((list) => [...(list ?? []).filter((f) => f.id !== feed.id), feed]);

  return (
    <section className="settings__lms lms-import" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Import from your school</h3>
      <p>Paste your school’s calendar feed link. Where to find it:</p>
      <ul className="lms-import__steps">
        {STEPS.map(([lms, where]) => (
          <li key={lms}>
            <strong>{lms}</strong>: {where}
          </li>
        ))}
      </ul>
      <div className="lms-import__row">
        <label htmlFor={inputId} className="visually-hidden">
          Calendar feed link
        </label>
        <input
          id={inputId}
          className="text-field"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setPreview(null);
          }}
        />
        <button
          type="button"
          className="button button--quiet"
          disabled={busy !== null || url.trim() === ''}
          onClick={() =>
            void run('preview', async () => {
              setPreview(await previewFeed(url.trim()));
            })
          }
        >
          Preview
        </button>
      </div>
      {error && (
        <p role="alert" className="lms-import__error">
          {error}
        </p>
      )}
      {preview && (
        <div className="lms-import__found">
          <p>
            Found {preview.items.length} {preview.items.length === 1 ? 'deadline' : 'deadlines'} in{' '}
            {preview.label}:
          </p>
          <ul className="lms-import__preview" aria-label="Deadlines found">
            {preview.items.map((item) => (
              <li key={item.uid}>
                {item.course && <span className="course-tag">{item.course}</span>} {item.title} —{' '}
                {previewDue(item.due_date, new Date())}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() =>
              void run('import', async () => {
                const feed = await importFeed(url.trim());
                upsert(feed);
                setPreview(null);
                setUrl('');
                setStatus(`Imported ${feed.counts.added} from ${feed.label}.`);
              })
            }
          >
            Import
          </button>
        </div>
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {feeds && feeds.length > 0 && (
        <ul className="lms-import__feeds" aria-label="Your school calendars">
          {feeds.map((feed) => (
            <li key={feed.id} className="lms-import__feed">
              <span>
                <strong>{feed.label}</strong> <span>{feed.url_masked}</span>
                <br />
                <span className="lms-import__summary">
                  {syncSummary(feed.counts, feed.last_synced_at, new Date())}
                </span>
                {feed.changes.length > 0 && (
                  <span className="visually-hidden">: {feed.changes.join('; ')}</span>
                )}
                {feed.last_error && <span className="lms-import__error"> {feed.last_error}</span>}
              </span>
              <span className="lms-import__row">
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(`sync:${feed.id}`, async () => {
                      const synced = await syncFeedNow(feed.id);
                      upsert(synced);
                      setStatus(syncSummary(synced.counts, synced.last_synced_at, new Date()));
                    })
                  }
                >
                  Sync now
                </button>
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(`remove:${feed.id}`, async () => {
                      await removeFeed(feed.id);
                      setFeeds((list) => (list ?? []).filter((f) => f.id !== feed.id));
                      setStatus(`Removed ${feed.label}. Its cards stay on your board.`);
                    })
                  }
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>
        <SyllabusImport />
      </Suspense>
    </section>
  );
}
