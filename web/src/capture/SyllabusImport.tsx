import { useId, useState } from 'react';
import { isApiError } from '../data/api/client.ts';
import { uploadPdf } from '../data/assignmentsApi.ts';
import { api } from '../data/api.ts';
import { importSyllabus, previewSyllabus, type SyllabusItem } from './captureApi.ts';
import { dueLine } from './dueLine.ts';
import './capture.css';

interface Row extends SyllabusItem {
  chosen: boolean;
  /** What the preview showed, to send only the student's own changes. */
  read: { title: string; due_date: string };
}

const KIND_WORDS: Record<SyllabusItem['kind'], string> = {
  assignment: 'Assignment',
  quiz: 'Quiz',
  exam: 'Exam',
  reading: 'Reading',
};

const messageOf = (err: unknown) =>
  isApiError(err) || err instanceof Error ? err.message : 'Something went wrong. Please try again.';

/**
 * Settings → Import from your school → "From a syllabus (PDF)": upload (the attachments' limits
 * and checks), preview every dated item (title, due date, course, kind), untick or edit, import.
 * Importing the syllabus again later adds only what is new and moves what moved.
 */
export default function SyllabusImport() {
  const id = useId();
  const [fileId, setFileId] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState<'upload' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [unreadable, setUnreadable] = useState(0);

  async function choose(file: File) {
    setBusy('upload');
    setError(null);
    setRows(null);
    setStatus('Reading your syllabus…');
    try {
      const uploaded = await uploadPdf(api, file);
      const preview = await previewSyllabus(uploaded);
      setFileId(uploaded);
      setUnreadable(preview.unreadable);
      setRows(
        preview.items.map((item) => ({
          ...item,
          chosen: true,
          read: { title: item.title, due_date: item.due_date },
        })),
      );
      setStatus(
        `Found ${preview.items.length} dated ${preview.items.length === 1 ? 'item' : 'items'} in ${file.name}.`,
      );
    } catch (err) {
      setError(messageOf(err));
      setStatus('');
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (!fileId || !rows) return;
    const chosen = rows.filter((r) => r.chosen);
    const edits: Record<string, { title?: string; due_date?: string }> = {};
    for (const r of chosen) {
      const own: { title?: string; due_date?: string } = {};
      if (r.title.trim() && r.title !== r.read.title) own.title = r.title.trim();
      if (r.due_date && r.due_date !== r.read.due_date) own.due_date = r.due_date;
      if (own.title || own.due_date) edits[r.key] = own;
    }
    setBusy('import');
    setError(null);
    try {
      const counts = await importSyllabus(
        fileId,
        chosen.map((r) => r.key),
        edits,
      );
      setRows(null);
      setFileId(null);
      setStatus(
        `Imported: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} already on your board.`,
      );
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  }

  const change = (key: string, fields: Partial<Row>) =>
    setRows((list) => list?.map((r) => (r.key === key ? { ...r, ...fields } : r)) ?? null);
  const chosenCount = rows?.filter((r) => r.chosen).length ?? 0;

  return (
    <section className="syllabus-import" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>From a syllabus (PDF)</h4>
      <p>Upload your course syllabus to turn its dates into assignments you can check first.</p>
      <label className="syllabus-import__label" htmlFor={`${id}-file`}>
        Choose syllabus PDF
      </label>
      <input
        id={`${id}-file`}
        className="file-field"
        type="file"
        accept="application/pdf,.pdf"
        disabled={busy !== null}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void choose(file);
        }}
      />
      <p role="status">{status}</p>
      {unreadable > 0 && (
        <p>
          {unreadable} {unreadable === 1 ? 'item' : 'items'} could not be read.
        </p>
      )}
      {error && (
        <p role="alert" className="quick-add__error">
          {error}
        </p>
      )}
      {rows && rows.length > 0 && (
        <>
          <ul className="syllabus-import__list" aria-label="Dated items found">
            {rows.map((r) => (
              <li key={r.key} className="brain-dump__item">
                <input
                  type="checkbox"
                  checked={r.chosen}
                  aria-label={`Import ${r.read.title}`}
                  onChange={(e) => change(r.key, { chosen: e.target.checked })}
                />
                <div className="brain-dump__fields">
                  <input
                    className="text-field"
                    type="text"
                    aria-label={`Title of ${r.read.title}`}
                    maxLength={125}
                    value={r.title}
                    onChange={(e) => change(r.key, { title: e.target.value })}
                  />
                  <input
                    className="text-field"
                    type="datetime-local"
                    aria-label={`Due date of ${r.read.title}`}
                    value={r.due_date.slice(0, 16)}
                    onChange={(e) =>
                      e.target.value &&
                      change(r.key, { due_date: `${e.target.value.slice(0, 16)}:00` })
                    }
                  />
                  <span>
                    <span className="course-tag">{r.course}</span> {KIND_WORDS[r.kind]} ·{' '}
                    {dueLine(r.due_date, new Date())}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            disabled={busy !== null || chosenCount === 0}
            onClick={() => void runImport()}
          >
            Import {chosenCount} {chosenCount === 1 ? 'item' : 'items'}
          </button>
        </>
      )}
    </section>
  );
}
