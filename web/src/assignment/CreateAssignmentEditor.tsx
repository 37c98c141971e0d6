import { dueFormFields, type Assignment, type Status } from '@brainboard/domain';
import { lazy, Suspense, type FormEvent } from 'react';
import { api } from '../data/api.ts';
import { repeatOfForm } from '../recurrence/repeatForm.ts';
import { AssignmentForm } from './AssignmentForm.tsx';
import type { FormDraft } from './editorForm.ts';
import { createAssignment } from '../data/assignmentsApi.ts';
import { useAssignmentForm } from './useAssignmentForm.ts';
import { useDraftLists } from './useEditorLists.ts';

export interface CreateAssignmentEditorProps {
  /** The column the new assignment starts in. */
  initialStatus?: Status;
  /** Title and due date already typed in the board's quick add ("More details"). */
  typed?: FormDraft | undefined;
  onClose(): void;
  onSaved(item: Assignment, isNew: boolean): void;
  trackWrite: <T>(write: Promise<T>) => Promise<T>;
}

const QuickAddField = lazy(() => import('../capture/QuickAddField.tsx'));

/** A new assignment: everything, subtasks and notes included, is sent at once with "Create". */
export function CreateAssignmentEditor({
  initialStatus,
  typed,
  onClose,
  onSaved,
  trackWrite,
}: CreateAssignmentEditorProps) {
  const lists = useDraftLists();
  const state = useAssignmentForm({
    assignment: undefined,
    initialStatus,
    typed,
    listsDirty: lists.dirty,
    onClose,
    onSaved,
  });

  async function save(e: FormEvent) {
    e.preventDefault();
    const title = state.beginSave();
    if (title === null) return;
    const { form } = state.draft;
    let item: Assignment;
    try {
      item = await trackWrite(
        createAssignment(api, {
          id: state.assignmentId,
          title,
          description: form.description,
          due_date: form.due_date,
          status: form.status,
          subtasks: lists.subtasks.map(({ id, title: t, completed, estimate_minutes }) => ({
            id,
            title: t,
            completed,
            ...(estimate_minutes ? { estimate_minutes } : {}),
          })),
          notes: lists.notes.map((n) => n.text),
          repeat: repeatOfForm(state.repeatForm),
          reminders: form.reminders,
        }),
      );
    } catch (err) {
      state.saveFailed(err);
      return;
    }
    await state.saved(item);
  }

  return (
    <AssignmentForm
      state={state}
      lists={lists}
      focusMinutes={0}
      onSubmit={(e) => void save(e)}
      top={
        <Suspense fallback={null}>
          <QuickAddField
            place="dialog"
            onAdded={(item) => onSaved(item, true)}
            onDone={onClose}
            onMoreDetails={(d) => {
              // The form is below: what was typed goes into it, and the student goes on there.
              state.draft.setForm({
                ...state.draft.form,
                title: d.title,
                ...dueFormFields(d.due_date),
              });
              state.titleRef.current?.focus();
            }}
            trackWrite={trackWrite}
          />
        </Suspense>
      }
    />
  );
}
