import { useEffect, useMemo, useRef, useState } from 'react';
import { errorDetail } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { showAlert } from '../ui/notify.ts';
import {
  dropUploadsOfUncreated,
  listAttachedFiles,
  removeAttachedFile,
  type AttachedFile,
} from '../data/assignmentsApi.ts';
import { humanSize, listPdfsFailed, removePdfFailed } from './editorText.ts';
import { PdfPicker } from './PdfPicker.tsx';

/**
 * The editor's PDFs: the picker, and the list of the assignment's attached files (name, size,
 * a Remove button). A saved assignment's files are read from the server when the editor
 * opens; a file uploaded while the editor is open joins the list at once. Uploads name the
 * assignment's id, also while it is being created (creates carry a client-chosen id), so a
 * file attached to a new assignment is listed when it is reopened; when that editor closes
 * without creating the assignment, its uploads are removed.
 */
export function AttachedPdfs({
  assignmentId,
  saved,
  uploaded,
  uploading,
  onUpload,
  onRemoved,
  onFiles,
}: {
  /** The assignment's id, or the id it will be created with. */
  assignmentId: string;
  /** True when the assignment exists on the server (edit mode). */
  saved: boolean;
  /** The file uploaded last in this editor, once the server has stored it. */
  uploaded: { id: string; name: string } | null;
  uploading: boolean;
  onUpload(file: File): void;
  /** After a file was removed on the server. */
  onRemoved(fileId: string): void;
  /** The files listed, oldest first, whenever that changes. */
  onFiles?(files: readonly AttachedFile[]): void;
}) {
  const [stored, setStored] = useState<AttachedFile[]>([]);
  const [added, setAdded] = useState<AttachedFile[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ size: number; at: string } | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  // A new upload joins the list with the size of the file that was picked for it.
  if (uploaded && uploaded.id !== seen) {
    setSeen(uploaded.id);
    setAdded((list) => [
      ...list,
      { ...uploaded, size: picked?.size ?? 0, uploaded_at: picked?.at ?? '' },
    ]);
  }

  useEffect(() => {
    if (!saved) return;
    let live = true;
    listAttachedFiles(api, assignmentId).then(
      (files) => {
        if (live) setStored(files);
      },
      (err: unknown) => {
        if (live) setLoadProblem(listPdfsFailed(errorDetail(err)));
      },
    );
    return () => {
      live = false;
    };
  }, [assignmentId, saved]);

  // A new assignment's uploads go again when its editor closes without creating it.
  const uploadedHere = useRef<string[]>([]);
  useEffect(() => {
    uploadedHere.current = added.filter((f) => !removed.has(f.id)).map((f) => f.id);
  }, [added, removed]);
  useEffect(() => {
    if (saved) return;
    const uploads = uploadedHere;
    return () => {
      if (uploads.current.length > 0) {
        void dropUploadsOfUncreated(api, assignmentId, uploads.current);
      }
    };
  }, [assignmentId, saved]);

  const files = useMemo(() => {
    const known = new Set(stored.map((f) => f.id));
    return [...stored, ...added.filter((f) => !known.has(f.id))].filter((f) => !removed.has(f.id));
  }, [stored, added, removed]);
  const latest = added.at(-1);
  useEffect(() => onFiles?.(files), [files, onFiles]);

  async function remove(file: AttachedFile) {
    setRemoving(file.id);
    try {
      await removeAttachedFile(api, assignmentId, file.id);
      setRemoved((set) => new Set(set).add(file.id));
      onRemoved(file.id);
    } catch (err) {
      void showAlert(removePdfFailed(errorDetail(err)));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <PdfPicker
      uploading={uploading}
      onUpload={(file) => {
        setPicked({ size: file.size, at: new Date().toISOString() });
        onUpload(file);
      }}
    >
      {loadProblem && (
        <p className="field__error" role="alert">
          {loadProblem}
        </p>
      )}
      {files.length > 0 && (
        <ul className="pdf__list" aria-label="Attached PDFs">
          {files.map((f) => (
            <li key={f.id} className="pdf__file">
              <span className="pdf__name" dir="auto">
                {f.name}
              </span>
              <span className="pdf__size">{humanSize(f.size)}</span>
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Remove ${f.name}`}
                disabled={removing === f.id}
                onClick={() => void remove(f)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {latest && !removed.has(latest.id) ? `Attached: ${latest.name}` : ''}
      </p>
    </PdfPicker>
  );
}
