import {
  hasVisibleCharacter,
  saveAssignmentFailed,
  uploadPdfFailed,
  type Assignment,
  type Status,
} from '@brainboard/domain';
import { useId, useRef, useState } from 'react';
import { ApiError, errorDetail } from '../data/api/client.ts';
import { saveAssignmentToCalendar } from '../calendar/saveToCalendar.ts';
import { api } from '../data/api.ts';
import { repeatChanged, repeatFormOf, type RepeatForm } from '../recurrence/repeatForm.ts';
import { showAlert } from '../ui/notify.ts';
import { newClientId, uploadPdf, type AttachedFile } from '../data/assignmentsApi.ts';
import { TITLE_REQUIRED } from './editorText.ts';
import { useDiscardGuard } from '../ui/useDiscardGuard.tsx';
import type { FormDraft } from './editorForm.ts';
import { useEditorDraft } from './useEditorDraft.ts';

export interface AssignmentFormOptions {
  /** The assignment being edited (kept live), or undefined for a new one. */
  assignment: Assignment | undefined;
  /** A new assignment's column. */
  initialStatus?: Status;
  /** A new assignment's title and due date as quick add read them ("More details"). */
  typed?: FormDraft | undefined;
  /** True while the subtask and note lists hold something unsaved. */
  listsDirty: boolean;
  onClose(): void;
  /** After a successful create or update, with the server's answer. */
  onSaved(item: Assignment, isNew: boolean): void;
}

/**
 * The state both editors share: the fields (a draft that follows the live copy, with
 * conflicts), date and title validity, the PDF for the AI, the repeat form, the guard against
 * closing with unsaved changes, and the steps around a save.
 */
export function useAssignmentForm({
  assignment,
  initialStatus,
  typed,
  listsDirty,
  onClose,
  onSaved,
}: AssignmentFormOptions) {
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const draft = useEditorDraft(assignment, initialStatus, typed);
  const { form } = draft;
  const [dateValid, setDateValid] = useState(true);
  const [revealDateError, setRevealDateError] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  // The PDFs attached to the assignment, oldest first, as the editor lists them.
  const [attached, setAttached] = useState<readonly AttachedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  // One id per editor: a Create sent again after a time-out finds the first one, and a PDF
  // uploaded before it is attached to the assignment it will create.
  const [createId] = useState(() => newClientId('assignment'));
  const assignmentId = assignment?.id ?? createId;
  const [repeatForm, setRepeatForm] = useState<RepeatForm>(() =>
    repeatFormOf(assignment?.repeat ?? null, assignment?.due_date ?? ''),
  );

  async function upload(picked: File) {
    setUploading(true);
    try {
      const fileId = await uploadPdf(api, picked, assignmentId);
      setFile({ id: fileId, name: picked.name });
    } catch (err) {
      const detail =
        err instanceof ApiError ? (err.serverError ?? err.message) : (err as Error)?.message;
      void showAlert(uploadPdfFailed(detail));
    } finally {
      setUploading(false);
    }
  }

  // Unsaved: what Update would send (the student's own changes, not other devices'), a ticked
  // calendar box, draft entries or an attached PDF of a new assignment, or a date that cannot
  // be read yet.
  const dirty =
    Object.keys(draft.changes()).length > 0 ||
    form.saveToCalendar ||
    listsDirty ||
    (!assignment && file !== null) ||
    !dateValid ||
    repeatChanged(repeatForm, assignment?.repeat ?? null);
  const discard = useDiscardGuard(dirty, onClose);

  /**
   * Checks the form before a save and marks it saving: the trimmed title, or null when there is
   * nothing to save yet. Every problem shows at once: a missing title and an unreadable date.
   */
  function beginSave(): string | null {
    if (saving) return null;
    if (!dateValid) setRevealDateError(true);
    const title = form.title.trim();
    // Blank as the API counts it (domain/src/safeText.ts): nothing visible.
    if (!hasVisibleCharacter(title)) {
      setTitleError(TITLE_REQUIRED);
      titleRef.current?.focus();
      return null;
    }
    if (!dateValid) return null;
    setSaving(true);
    return title;
  }

  /** A save that failed: the alert, and the form stays open. */
  function saveFailed(err: unknown) {
    setSaving(false);
    void showAlert(saveAssignmentFailed(errorDetail(err)));
  }

  /** A save that worked: tell the board, save to the calendar when asked, close. */
  async function saved(item: Assignment) {
    const isNew = !assignment;
    onSaved(item, isNew);
    // The calendar step shows its own alert; the assignment is saved either way.
    if (form.saveToCalendar) await saveAssignmentToCalendar(api, item.id, isNew);
    setSaving(false);
    onClose();
  }

  return {
    id,
    isNew: !assignment,
    assignmentId,
    titleRef,
    draft,
    dateValid,
    setDateValid,
    revealDateError,
    titleError,
    setTitleError,
    saving,
    setSaving,
    file,
    setFile,
    attached,
    setAttached,
    // What AI Help reads: the PDF picked in this editor, else the newest one attached.
    aiFileId: file?.id ?? attached.at(-1)?.id,
    uploading,
    upload,
    repeatForm,
    setRepeatForm,
    discard,
    beginSave,
    saveFailed,
    saved,
  };
}

export type AssignmentFormState = ReturnType<typeof useAssignmentForm>;
