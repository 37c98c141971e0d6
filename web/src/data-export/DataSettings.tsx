import type { ImportFormat, ImportReport } from '@brainboard/domain';
import { useId, useState } from 'react';
import { callEndpoint } from '../data/api/call.ts';
import { errorDetail } from '../data/api/client.ts';
import { config } from '../config.ts';
import { api, currentIdToken } from '../data/api.ts';
import './dataSettings.css';

const DOWNLOADS: [format: 'json' | 'csv' | 'ics', label: string][] = [
  ['json', 'Everything (JSON)'],
  ['csv', 'Assignments (CSV)'],
  ['ics', 'Calendar (iCalendar)'],
];

const FORMATS: [ImportFormat, string][] = [
  ['brainboard', 'A Brainboard export (JSON)'],
  ['todoist', 'A Todoist project (CSV)'],
  ['trello', 'A Trello board (JSON)'],
];

const COLUMN_NAMES = { new: 'New', 'in progress': 'In progress', done: 'Done' } as const;

/** The largest file the import takes (the server checks it too). */
const MAX_BYTES = 5 * 1024 * 1024;

/** Downloads one export with the student's sign-in, then hands the browser the file. */
async function download(format: string): Promise<void> {
  const token = await currentIdToken();
  const res = await fetch(`${config.apiBase}/api/export?format=${format}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? 'The download did not work. Please try again.');
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `brainboard.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Settings → "Download my data" and "Import": everything out, another app's board in. */
export default function DataSettings() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [format, setFormat] = useState<ImportFormat>('brainboard');
  const [content, setContent] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setMessage('');
    try {
      await work();
    } catch (err) {
      setMessage(errorDetail(err));
    } finally {
      setBusy(false);
    }
  }

  const send = (dryRun: boolean) =>
    callEndpoint(
      api,
      'POST /api/import',
      {},
      { format, content: content ?? '', ...(dryRun ? { dry_run: true } : {}) },
    );

  return (
    <>
      <section className="settings__group data-settings" aria-labelledby={`${id}-out`}>
        <h3 id={`${id}-out`}>Download my data</h3>
        <p>Everything Brainboard keeps about you, in one file; or your assignments alone.</p>
        <div className="data-settings__row">
          {DOWNLOADS.map(([which, label]) => (
            <button
              key={which}
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => void run(() => download(which))}
            >
              {label}
            </button>
          ))}
        </div>
      </section>
      <section className="settings__group data-settings" aria-labelledby={`${id}-in`}>
        <h3 id={`${id}-in`}>Import</h3>
        <p>
          Bring in a board. Nothing on your board is changed or deleted; only new cards are added.
        </p>
        <label htmlFor={`${id}-format`}>What are you importing?</label>
        <select
          id={`${id}-format`}
          className="text-field"
          value={format}
          onChange={(e) => {
            setFormat(e.target.value as ImportFormat);
            setPreview(null);
          }}
        >
          {FORMATS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-file`}>File</label>
        <input
          id={`${id}-file`}
          className="file-field"
          type="file"
          accept=".json,.csv,application/json,text/csv"
          onChange={(e) => {
            const file = e.target.files?.[0];
            setPreview(null);
            if (!file) return;
            if (file.size > MAX_BYTES) {
              setMessage('That file is larger than 5 MB. Split it and import each part.');
              return;
            }
            void run(async () => {
              setContent(await file.text());
            });
          }}
        />
        <div className="data-settings__row">
          <button
            type="button"
            className="button button--quiet"
            disabled={busy || content === null}
            onClick={() => void run(async () => setPreview(await send(true)))}
          >
            Show what will be imported
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || preview === null || preview.added === 0}
            onClick={() =>
              void run(async () => {
                const done = await send(false);
                setPreview(null);
                setMessage(`Added ${done.added}; ${done.unchanged} already on your board.`);
              })
            }
          >
            Import
          </button>
        </div>
        {preview && (
          <div className="data-settings__preview">
            <p>
              {preview.added} new, {preview.unchanged} already on your board
              {preview.skipped.length ? `, ${preview.skipped.length} left out` : ''}.
            </p>
            <table>
              <caption className="visually-hidden">What will be imported</caption>
              <thead>
                <tr>
                  <th scope="col">Card</th>
                  <th scope="col">Column</th>
                  <th scope="col">Steps</th>
                </tr>
              </thead>
              <tbody>
                {preview.preview.slice(0, 50).map((card) => (
                  <tr key={card.id}>
                    <td>{card.title}</td>
                    <td>
                      {COLUMN_NAMES[card.column]}
                      {card.mapped_from ? ` (from “${card.mapped_from}”)` : ''}
                      {card.exists ? ', already there' : ''}
                    </td>
                    <td>{card.steps}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {preview.skipped.length > 0 && (
              <ul aria-label="Left out">
                {preview.skipped.map((s) => (
                  <li key={`${s.line}-${s.reason}`}>
                    Line {s.line}: {s.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <p role="status">{message}</p>
      </section>
    </>
  );
}
