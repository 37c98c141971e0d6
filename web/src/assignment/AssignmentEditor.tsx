import {
  ASSIGNMENT_STATUSES,
  CONFIRM_DELETE_NOTE,
  CONFIRM_DELETE_SUBTASK,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_WARN_THRESHOLD,
  MODAL_MIN_HEIGHT_PX,
  MODAL_MIN_WIDTH_PX,
  SUBTASK_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_WARN_THRESHOLD,
  deleteNoteFailed,
  deleteSubtaskFailed,
  newSubtaskId,
  saveAssignmentFailed,
  saveNoteFailed,
  saveSubtaskFailed,
  saveSubtasksFailed,
  updateSubtaskFailed,
  uploadPdfFailed,
  type Assignment,
  type Note,
  type Status,
  type Subtask,
} from '@brainboard/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorDetail } from '../api/client.ts';
import { AssignmentAiActions } from '../ai/AssignmentAiActions.tsx';
import { saveAssignmentToCalendar } from '../calendar/saveToCalendar.ts';
import { SuggestSubtasksButton } from '../ai/SuggestSubtasksButton.tsx';
import { api } from '../firebase/api.ts';
import { useFocusMode } from '../focus/focusContext.ts';
import { Modal } from '../ui/Modal.tsx';
import { askToConfirm, showAlert } from '../ui/notify.ts';
import {
  addNote,
  addSubtask,
  createAssignment,
  editNote,
  removeNote,
  newClientId,
  removeSubtask,
  renameSubtask,
  estimateSubtask,
  replaceLists,
  toggleSubtask,
  updateAssignment,
  uploadPdf,
} from './assignmentsApi.ts';
import { CharCounter } from './CharCounter.tsx';
import { Disclosure } from './Disclosure.tsx';
import { DueDateTimeSelector } from './DueDateTimeSelector.tsx';
import { ConflictNotice } from './ConflictNotice.tsx';
import type { EditorForm } from './editorForm.ts';
import { ReminderOverride } from '../reminders/ReminderOverride.tsx';
import { TITLE_REQUIRED } from './editorText.ts';
import { NotesSection, type NoteHandlers } from './NotesSection.tsx';
import { AttachedPdfs } from './AttachedPdfs.tsx';
import { SubtasksSection, type SubtaskHandlers } from './SubtasksSection.tsx';
import { useEditorDraft } from './useEditorDraft.ts';
import { RepeatField } from '../recurrence/RepeatField.tsx';
import { ScopeQuestion } from '../recurrence/ScopeQuestion.tsx';
import {
  repeatChanged,
  repeatFormOf,
  repeatOfForm,
  type RepeatForm,
} from '../recurrence/repeatForm.ts';
import type { RepeatScope } from '@brainboard/domain';
import { EditorTime } from '../whatnow/EditorTime.tsx';
import { useDiscardGuard } from './useDiscardGuard.tsx';
import { useWaiting, WAITING_MARK } from '../offline/pending.ts';
import './editor.css';

const STATUS_LABELS: Record<Status, string> = {
  new: 'New',
  'in progress': 'In progress',
  done: 'Done',
};

export interface AssignmentEditorProps {
  /** Edit mode: the assignment as the board knows it now (kept live). Absent: create mode. */
  assignment?: Assignment;
  /** Create mode: the column the new assignment starts in. */
  initialStatus?: Status;
  onClose(): void;
  /** After a successful create or update, with the server's answer. */
  onSaved(item: Assignment, isNew: boolean): void;
  /** After a subtask, note or AI change in edit mode, with the server's answer. */
  onAssignmentChanged(item: Assignment): void;
  /** Wraps each write (the board's trackWrite), so live updates never show older data. */
  trackWrite?: <T>(write: Promise<T>) => Promise<T>;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The subtask list with the approved suggestions appended (ids already there are kept once). */
function withApproved(
  subtasks: readonly Subtask[],
  approved: readonly { id: string; title: string; estimate_minutes?: number }[],
) {
  const known = new Set(subtasks.map((s) => s.id));
  return [
    ...subtasks.map(({ id, title, completed, created_date, estimate_minutes }) => ({
      id,
      title,
      completed,
      created_date,
      // Kept through the whole-list write (a subtask without one stays without).
      ...(typeof estimate_minutes === 'number' ? { estimate_minutes } : {}),
    })),
    ...approved.filter((s) => !known.has(s.id)).map((s) => ({ ...s, completed: false })),
  ];
}
const untracked = <T,>(write: Promise<T>) => write;

/** The card's quiet mark, in the editor too, while its changes wait on this device. */
function WaitingNote({ id }: { id: string }) {
  return useWaiting(id) ? (
    <p className="editor__waiting" role="status">
      {WAITING_MARK}
    </p>
  ) : null;
}

/** "Focus on this task": edit mode, not done, with an incomplete subtask (SPEC §2). */
function FocusThisButton({ id, onOpened }: { id: string; onOpened(): void }) {
  const focus = useFocusMode();
  return (
    <button
      type="button"
      className="button button--quiet"
      onClick={() => {
        onOpened();
        focus.open(id);
      }}
    >
      Focus on this task
    </button>
  );
}

/**
 * The assignment editor (SPEC §2 "Assignment modal"): create or edit in a resizable dialog.
 * In edit mode every subtask and note change is saved on its own, at once, so nothing stale is
 * ever sent; title, description, due date and status are saved with "Update".
 */
export function AssignmentEditor({
  assignment,
  initialStatus,
  onClose,
  onSaved,
  onAssignmentChanged,
  trackWrite = untracked,
}: AssignmentEditorProps) {
  const isNew = !assignment;
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const draft = useEditorDraft(assignment, initialStatus);
  const { form, setForm, set } = draft;
  const [dateValid, setDateValid] = useState(true);
  const [revealDateError, setRevealDateError] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Create mode keeps subtasks and notes in the form until "Create".
  const [draftSubtasks, setDraftSubtasks] = useState<Subtask[]>([]);
  const [draftNotes, setDraftNotes] = useState<Note[]>([]);
  // Edit mode: ticks show at once while their save is on its way.
  const [pendingTicks, setPendingTicks] = useState<Record<string, boolean>>({});
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  // One id per editor: a Create sent again after a time-out finds the first one.
  const [createId] = useState(() => newClientId('assignment'));
  const [repeatForm, setRepeatForm] = useState<RepeatForm>(() =>
    repeatFormOf(assignment?.repeat ?? null, assignment?.due_date ?? ''),
  );
  // Editing a repeating card asks once whether the change is for this card or the series.
  const [askScope, setAskScope] = useState(false);

  const subtasks: readonly Subtask[] = assignment
    ? assignment.subtasks.map((s) =>
        s.id in pendingTicks ? { ...s, completed: pendingTicks[s.id] as boolean } : s,
      )
    : draftSubtasks;
  const notes: readonly Note[] = assignment ? assignment.notes : draftNotes;

  /** Runs one edit-mode call that answers the whole assignment; alerts on failure. */
  async function apply(call: Promise<Assignment>, failure: (m: string) => string) {
    try {
      onAssignmentChanged(await trackWrite(call));
      return true;
    } catch (err) {
      showAlert(failure(errorDetail(err)));
      return false;
    }
  }

  const subtaskHandlers: SubtaskHandlers = {
    async onAdd(title) {
      const entry = { id: newSubtaskId(), title };
      if (!assignment) {
        setDraftSubtasks((l) => [...l, { ...entry, completed: false, created_date: today() }]);
        return true;
      }
      return apply(addSubtask(api, assignment.id, entry), saveSubtaskFailed);
    },
    onToggle(sid, completed) {
      if (!assignment) {
        setDraftSubtasks((l) => l.map((s) => (s.id === sid ? { ...s, completed } : s)));
        return;
      }
      setPendingTicks((p) => ({ ...p, [sid]: completed }));
      void apply(toggleSubtask(api, assignment.id, sid, completed), updateSubtaskFailed).then(() =>
        setPendingTicks((p) => {
          const { [sid]: _done, ...rest } = p;
          return rest;
        }),
      );
    },
    async onRename(sid, title) {
      if (!assignment) {
        setDraftSubtasks((l) => l.map((s) => (s.id === sid ? { ...s, title } : s)));
        return true;
      }
      return apply(renameSubtask(api, assignment.id, sid, title), saveSubtaskFailed);
    },
    async onEstimate(sid, minutes) {
      if (!assignment) {
        setDraftSubtasks((l) =>
          l.map((s) => (s.id === sid ? { ...s, estimate_minutes: minutes } : s)),
        );
        return true;
      }
      return apply(estimateSubtask(api, assignment.id, sid, minutes), saveSubtaskFailed);
    },
    onRemove(sid) {
      if (!askToConfirm(CONFIRM_DELETE_SUBTASK)) return;
      if (!assignment) {
        setDraftSubtasks((l) => l.filter((s) => s.id !== sid));
        return;
      }
      void apply(removeSubtask(api, assignment.id, sid), deleteSubtaskFailed);
    },
  };

  const noteHandlers: NoteHandlers = {
    async onAdd(text) {
      if (!assignment) {
        setDraftNotes((l) => [
          ...l,
          { id: `draft-${crypto.randomUUID()}`, text, created_date: today() },
        ]);
        return true;
      }
      return apply(addNote(api, assignment.id, text), saveNoteFailed);
    },
    async onEdit(nid, text) {
      if (!assignment) {
        setDraftNotes((l) => l.map((n) => (n.id === nid ? { ...n, text } : n)));
        return true;
      }
      return apply(editNote(api, assignment.id, nid, text), saveNoteFailed);
    },
    onRemove(nid) {
      if (!askToConfirm(CONFIRM_DELETE_NOTE)) return;
      if (!assignment) {
        setDraftNotes((l) => l.filter((n) => n.id !== nid));
        return;
      }
      void apply(removeNote(api, assignment.id, nid), deleteNoteFailed);
    },
  };

  /** SPEC §4: approval appends the non-empty titles, keeping their suggested-… ids. */
  async function approveSuggestions(
    suggested: { id: string; title: string; estimate_minutes?: number }[],
  ) {
    const clean = suggested
      .map((s) => ({ ...s, title: s.title.trim().slice(0, SUBTASK_MAX_LENGTH) }))
      .filter((s) => s.title !== '');
    if (!assignment) {
      setDraftSubtasks((l) => [
        ...l,
        ...clean.map((s) => ({ ...s, completed: false, created_date: today() })),
      ]);
      return;
    }
    // All or nothing, on the version this copy has; if another device wrote first, the
    // suggestions are added again to the copy the server answered.
    await apply(
      replaceLists(api, assignment, (current) => ({
        subtasks: withApproved(current.subtasks, clean),
      })),
      saveSubtasksFailed,
    );
  }

  async function upload(picked: File) {
    setUploading(true);
    try {
      const fileId = await uploadPdf(api, picked, assignment?.id ?? createId);
      setFile({ id: fileId, name: picked.name });
    } catch (err) {
      const detail =
        err instanceof ApiError ? (err.serverError ?? err.message) : (err as Error)?.message;
      showAlert(uploadPdfFailed(detail));
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
    draftSubtasks.length > 0 ||
    draftNotes.length > 0 ||
    (isNew && file !== null) ||
    !dateValid ||
    repeatChanged(repeatForm, assignment?.repeat ?? null);
  const discard = useDiscardGuard(dirty, onClose);

  async function save(e: FormEvent | null, scope?: RepeatScope) {
    e?.preventDefault();
    if (saving) return;
    // Every problem shows at once: a missing title and a date that cannot be read.
    if (!dateValid) setRevealDateError(true);
    const title = form.title.trim();
    if (!title) {
      setTitleError(TITLE_REQUIRED);
      titleRef.current?.focus();
      return;
    }
    if (!dateValid) return;
    setSaving(true);
    let item: Assignment;
    try {
      if (!assignment) {
        item = await trackWrite(
          createAssignment(api, {
            id: createId,
            title,
            description: form.description,
            due_date: form.due_date,
            status: form.status,
            subtasks: draftSubtasks.map(({ id: sid, title: t, completed, estimate_minutes }) => ({
              id: sid,
              title: t,
              completed,
              ...(estimate_minutes ? { estimate_minutes } : {}),
            })),
            notes: draftNotes.map((n) => n.text),
            repeat: repeatOfForm(repeatForm),
            reminders: form.reminders,
          }),
        );
      } else {
        const changes: Parameters<typeof updateAssignment>[2] = draft.changes();
        if (repeatChanged(repeatForm, assignment.repeat)) {
          changes.repeat = repeatOfForm(repeatForm);
        }
        if (assignment.series_id && Object.keys(changes).length > 0 && !scope) {
          setSaving(false);
          setAskScope(true);
          return;
        }
        if (scope && assignment.series_id) changes.scope = scope;
        item =
          Object.keys(changes).length > 0
            ? await trackWrite(updateAssignment(api, assignment.id, changes))
            : assignment;
      }
    } catch (err) {
      setSaving(false);
      showAlert(saveAssignmentFailed(errorDetail(err)));
      return;
    }
    onSaved(item, isNew);
    // The calendar step shows its own SPEC §8 alert; the assignment is saved either way.
    if (form.saveToCalendar) await saveAssignmentToCalendar(api, item.id, isNew);
    setSaving(false);
    onClose();
  }

  const canFocus =
    !!assignment && assignment.status !== 'done' && assignment.subtasks.some((s) => !s.completed);

  return (
    <Modal
      open
      onClose={discard.requestClose}
      initialFocus={isNew ? titleRef : undefined}
      title={isNew ? 'Add Assignment' : 'Edit Assignment'}
      resizable
      minWidth={MODAL_MIN_WIDTH_PX}
      minHeight={MODAL_MIN_HEIGHT_PX}
      className="editor-modal"
    >
      <form className="editor" onSubmit={(e) => void save(e)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-title`}>
            Title
          </label>
          <input
            ref={titleRef}
            id={`${id}-title`}
            className="input"
            value={form.title}
            maxLength={TITLE_MAX_LENGTH}
            required
            aria-invalid={titleError ? true : undefined}
            aria-describedby={`${id}-title-help${titleError ? ` ${id}-title-error` : ''}`}
            onChange={(e) => {
              set('title', e.target.value);
              if (titleError && e.target.value.trim()) setTitleError(null);
            }}
          />
          {titleError && (
            <p id={`${id}-title-error`} className="field__error" role="alert">
              {titleError}
            </p>
          )}
          <ConflictNotice field="title" conflicts={draft.conflicts} onResolve={draft.resolve} />
          <CharCounter
            id={`${id}-title-help`}
            length={form.title.length}
            max={TITLE_MAX_LENGTH}
            warnAbove={TITLE_WARN_THRESHOLD}
            label="Title"
          />
        </div>

        <DueDateTimeSelector<EditorForm>
          value={form}
          onChange={setForm}
          onValidityChange={setDateValid}
          revealError={revealDateError}
        />
        <ReminderOverride
          value={form.reminders}
          onChange={(reminders) => setForm({ ...form, reminders })}
          hasDueDate={!!form.due_date}
        />
        <ConflictNotice field="due_date" conflicts={draft.conflicts} onResolve={draft.resolve} />
        <RepeatField
          value={repeatForm}
          onChange={(next) =>
            setRepeatForm(
              repeatForm.kind === 'never' && next.kind !== 'never'
                ? { ...repeatFormOf(null, form.due_date), kind: next.kind, until: next.until }
                : next,
            )
          }
        />

        <Disclosure title="Subtasks" defaultOpen>
          <SubtasksSection
            subtasks={subtasks}
            handlers={subtaskHandlers}
            time={<EditorTime subtasks={subtasks} focusMinutes={assignment?.focus_minutes ?? 0} />}
            suggest={
              <SuggestSubtasksButton
                title={form.title}
                description={form.description}
                existingSubtasks={subtasks.map((s) => s.title)}
                onApprove={(suggested) => void approveSuggestions(suggested)}
                fileId={file?.id}
              />
            }
          />
        </Disclosure>

        <Disclosure title="Description, Status, Notes, Files">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-description`}>
              Description
            </label>
            <textarea
              id={`${id}-description`}
              className="input"
              rows={5}
              value={form.description}
              maxLength={DESCRIPTION_MAX_LENGTH}
              aria-describedby={`${id}-description-help`}
              onChange={(e) => set('description', e.target.value)}
            />
            <ConflictNotice
              field="description"
              conflicts={draft.conflicts}
              onResolve={draft.resolve}
            />
            <CharCounter
              id={`${id}-description-help`}
              length={form.description.length}
              max={DESCRIPTION_MAX_LENGTH}
              warnAbove={DESCRIPTION_WARN_THRESHOLD}
              label="Description"
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-status`}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className="input"
              value={form.status}
              onChange={(e) => set('status', e.target.value as Status)}
            >
              {ASSIGNMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            <ConflictNotice field="status" conflicts={draft.conflicts} onResolve={draft.resolve} />
          </div>
          <NotesSection notes={notes} handlers={noteHandlers} />
          <AttachedPdfs
            assignmentId={assignment?.id ?? createId}
            saved={!isNew}
            uploaded={file}
            uploading={uploading}
            onUpload={(f) => void upload(f)}
            onRemoved={(fileId) => setFile((f) => (f?.id === fileId ? null : f))}
          />
        </Disclosure>

        <label className="check">
          <input
            type="checkbox"
            checked={form.saveToCalendar}
            onChange={(e) => set('saveToCalendar', e.target.checked)}
          />
          <span>Save to Google Calendar</span>
        </label>

        {assignment && (
          <div className="editor__extras">
            <AssignmentAiActions
              assignment={assignment}
              onAssignmentChanged={onAssignmentChanged}
              fileId={file?.id}
            />
            {canFocus && <FocusThisButton id={assignment.id} onOpened={onClose} />}
          </div>
        )}

        {askScope && (
          <ScopeQuestion
            ruleChanged={repeatChanged(repeatForm, assignment?.repeat ?? null)}
            onChoose={(scope) => {
              setAskScope(false);
              void save(null, scope);
            }}
            onCancel={() => setAskScope(false)}
          />
        )}

        {assignment && <WaitingNote id={assignment.id} />}
        <div className="editor__footer">
          <button type="button" className="button button--quiet" onClick={discard.requestClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving || uploading}>
            {isNew ? 'Create' : 'Update'}
          </button>
        </div>
      </form>
      {discard.prompt}
    </Modal>
  );
}
