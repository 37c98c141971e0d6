import { useId, useState, type ReactNode } from 'react';
import { pdfProblem } from './editorText.ts';

/**
 * The PDF picker: one PDF of at most 20 MB. A valid file is handed to `onUpload` at once. The
 * attached files are listed below it (`children`), not in the input.
 */
export function PdfPicker({
  uploading,
  onUpload,
  children,
}: {
  uploading: boolean;
  onUpload(file: File): void;
  children?: ReactNode;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="field pdf">
      <label className="field__label" htmlFor={`${id}-file`}>
        Attach a PDF (one file, up to 20 MB)
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="application/pdf,.pdf"
        className="pdf__input"
        aria-describedby={problem ? `${id}-problem` : undefined}
        disabled={uploading}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // One file. The input takes one; a drop of several keeps the first only.
          const chosen = files.slice(0, 1);
          const p = pdfProblem(chosen);
          setProblem(p);
          if (!p && chosen[0]) onUpload(chosen[0]);
          // An emptied input shows nothing stale after a failed upload, and picking the same
          // file again fires a change.
          e.target.value = '';
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      )}
      {uploading && (
        <p className="muted" role="status">
          Uploading…
        </p>
      )}
      {children}
    </div>
  );
}
