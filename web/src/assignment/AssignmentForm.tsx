import {
  ASSIGNMENT_STATUSES,
  hasVisibleCharacter,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_WARN_THRESHOLD,
  STATUS_LABELS,
  TITLE_MAX_LENGTH,
  TITLE_WARN_THRESHOLD,
  type Status,
} from '@brainboard/domain';
import { useContext, type FormEvent, type ReactNode } from 'react';
import { SuggestSubtasksButton } from '../ai/SuggestSubtasksButton.tsx';
import { RepeatField } from './RepeatField.tsx';
import { repeatFormOf } from '../recurrence/repeatForm.ts';
import { ReminderOverride } from '../reminders/ReminderOverride.tsx';
import { SessionContext } from '../session/sessionContext.ts';
import { Modal } from '../ui/Modal.tsx';
import { MODAL_MIN_HEIGHT_PX, MODAL_MIN_WIDTH_PX } from '../ui/modalSizes.ts';
import { EditorTime } from '../whatnow/EditorTime.tsx';
import { CharCounter } from './CharCounter.tsx';
import { ConflictNotice } from './ConflictNotice.tsx';
import { Disclosure } from './Disclosure.tsx';
import { DueDateTimeSelector } from './DueDateTimeSelector.tsx';
import type { EditorForm } from './editorForm.ts';
import { NotesSection } from './NotesSection.tsx';
import { AttachedPdfs } from './AttachedPdfs.tsx';
import { remindersRepeatSummary } from './sectionSummary.ts';
import { SubtasksSection } from './SubtasksSection.tsx';
import type { AssignmentFormState } from './useAssignmentForm.ts';
import type { EditorLists } from './useEditorLists.ts';
import './editor.css';

export interface AssignmentFormProps {
  state: AssignmentFormState;
  lists: EditorLists;
  /** Minutes already focused on the assignment (0 for a new one). */
  focusMinutes: number;
  onSubmit(e: FormEvent): void;
  /** What only one mode shows, between the calendar box and the buttons. */
  children?: ReactNode;
  /** Shown above the form (a new assignment's quick add). */
  top?: ReactNode;
}

/**
 * The assignment form in its resizable dialog, the same for a new assignment and a saved one.
 * What a student needs first comes first: title, due date and the subtasks; reminders and the
 * repeat wait in a closed section whose one-line summary says what they are; then description,
 * status, notes and PDFs.
 */
export function AssignmentForm({
  state,
  lists,
  focusMinutes,
  onSubmit,
  children,
  top,
}: AssignmentFormProps) {
  const { id, isNew, titleRef, draft, titleError, file, repeatForm, discard } = state;
  const pdfCount = state.attached.length;
  const { form, setForm, set } = draft;
  const { subtasks } = lists;
  // The student's default reminder times, for the summary (the editor also renders outside a
  // session in unit tests: then the product's defaults).
  const defaults = useContext(SessionContext)?.user?.reminder_defaults;

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
      {top}
      <form className="editor" onSubmit={onSubmit} noValidate>
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
              if (titleError && hasVisibleCharacter(e.target.value)) state.setTitleError(null);
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
          onValidityChange={state.setDateValid}
          revealError={state.revealDateError}
        />
        <ConflictNotice field="due_date" conflicts={draft.conflicts} onResolve={draft.resolve} />

        <Disclosure title="Subtasks" defaultOpen>
          <SubtasksSection
            subtasks={subtasks}
            handlers={lists.subtaskHandlers}
            time={<EditorTime subtasks={subtasks} focusMinutes={focusMinutes} />}
            suggest={
              <SuggestSubtasksButton
                title={form.title}
                description={form.description}
                existingSubtasks={subtasks.map((s) => s.title)}
                onApprove={(suggested) => void lists.approveSuggestions(suggested)}
                fileId={state.aiFileId}
              />
            }
          />
        </Disclosure>

        <Disclosure
          title="Reminders and Repeats"
          summary={remindersRepeatSummary({
            reminders: form.reminders,
            defaults,
            hasDueDate: !!form.due_date,
            repeat: repeatForm,
          })}
        >
          <ReminderOverride
            value={form.reminders}
            onChange={(reminders) => setForm({ ...form, reminders })}
            hasDueDate={!!form.due_date}
          />
          <RepeatField
            value={repeatForm}
            onChange={(next) =>
              state.setRepeatForm(
                repeatForm.kind === 'never' && next.kind !== 'never'
                  ? { ...repeatFormOf(null, form.due_date), kind: next.kind, until: next.until }
                  : next,
              )
            }
          />
        </Disclosure>

        <Disclosure
          title="Description, Status, Notes, Files"
          summary={
            pdfCount > 0 ? `${pdfCount} PDF${pdfCount === 1 ? '' : 's'} attached` : undefined
          }
        >
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
          <NotesSection notes={lists.notes} handlers={lists.noteHandlers} />
          <AttachedPdfs
            assignmentId={state.assignmentId}
            saved={!isNew}
            uploaded={file}
            uploading={state.uploading}
            onUpload={(f) => void state.upload(f)}
            onRemoved={(fileId) => state.setFile((f) => (f?.id === fileId ? null : f))}
            onFiles={state.setAttached}
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

        {children}

        <div className="editor__footer">
          <button type="button" className="button button--quiet" onClick={discard.requestClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={state.saving || state.uploading}>
            {isNew ? 'Create' : 'Update'}
          </button>
        </div>
      </form>
      {discard.prompt}
    </Modal>
  );
}
