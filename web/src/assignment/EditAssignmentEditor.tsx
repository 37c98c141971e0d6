import type { Assignment, RepeatScope } from '@brainboard/domain';
import { useState, type FormEvent } from 'react';
import { AssignmentAiActions } from '../ai/AssignmentAiActions.tsx';
import { api } from '../data/api.ts';
import { useFocusMode } from '../focus/focusContext.ts';
import { repeatChanged, repeatOfForm } from '../recurrence/repeatForm.ts';
import { useWaiting, WAITING_MARK } from '../data/outbox/pending.ts';
import { ScopeQuestion } from '../recurrence/ScopeQuestion.tsx';
import { AssignmentForm } from './AssignmentForm.tsx';
import { updateAssignment, type AssignmentChanges } from '../data/assignmentsApi.ts';
import { ConflictQuestion } from './ConflictNotice.tsx';
import { useAssignmentForm } from './useAssignmentForm.ts';
import { useSavedLists } from './useEditorLists.ts';

/** The card's quiet mark, in the editor too, while its changes wait on this device. */
function WaitingNote({ id }: { id: string }) {
  return useWaiting(id) ? (
    <p className="editor__waiting" role="status">
      {WAITING_MARK}
    </p>
  ) : null;
}

/** "Focus on this task": not done, with an incomplete subtask. */
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

export interface EditAssignmentEditorProps {
  /** The assignment as the board knows it now (kept live). */
  assignment: Assignment;
  onClose(): void;
  onSaved(item: Assignment, isNew: boolean): void;
  onAssignmentChanged(item: Assignment): void;
  trackWrite: <T>(write: Promise<T>) => Promise<T>;
}

/**
 * A saved assignment: every subtask and note change is saved on its own, at once; title,
 * description, due date, status, reminders and repeat are saved with "Update", only the fields
 * the student changed. Update asks first, in a dialog over the editor, when a field changed on
 * another device still waits on a choice; a repeating card then asks once whether the change is
 * for it or the series.
 */
export function EditAssignmentEditor({
  assignment,
  onClose,
  onSaved,
  onAssignmentChanged,
  trackWrite,
}: EditAssignmentEditorProps) {
  const lists = useSavedLists(assignment, onAssignmentChanged, trackWrite);
  const state = useAssignmentForm({ assignment, listsDirty: false, onClose, onSaved });
  const [asking, setAsking] = useState<'conflict' | 'scope' | null>(null);

  /**
   * Update. `resolved` is what to send once the student answered the conflict question (the
   * draft's own answer lands with the next render); `scope` the answer to the repeat question.
   */
  async function save(e: FormEvent | null, scope?: RepeatScope, resolved?: AssignmentChanges) {
    e?.preventDefault();
    if (state.beginSave() === null) return;
    let item: Assignment;
    try {
      if (!resolved && Object.keys(state.draft.conflicts).length > 0) {
        state.setSaving(false);
        setAsking('conflict');
        return;
      }
      const changes: AssignmentChanges = { ...(resolved ?? state.draft.changes()) };
      if (repeatChanged(state.repeatForm, assignment.repeat)) {
        changes.repeat = repeatOfForm(state.repeatForm);
      }
      if (assignment.series_id && Object.keys(changes).length > 0 && !scope) {
        state.setSaving(false);
        setAsking('scope');
        return;
      }
      if (scope && assignment.series_id) changes.scope = scope;
      item =
        Object.keys(changes).length > 0
          ? await trackWrite(updateAssignment(api, assignment.id, changes))
          : assignment;
    } catch (err) {
      state.saveFailed(err);
      return;
    }
    await state.saved(item);
  }

  const canFocus = assignment.status !== 'done' && assignment.subtasks.some((s) => !s.completed);

  return (
    <AssignmentForm
      state={state}
      lists={lists}
      focusMinutes={assignment.focus_minutes ?? 0}
      onSubmit={(e) => void save(e)}
    >
      <div className="editor__extras">
        <AssignmentAiActions
          assignment={assignment}
          onAssignmentChanged={onAssignmentChanged}
          fileId={state.aiFileId}
        />
        {canFocus && <FocusThisButton id={assignment.id} onOpened={onClose} />}
      </div>
      {asking === 'conflict' && (
        <ConflictQuestion
          conflicts={state.draft.conflicts}
          onChoose={(choice) => {
            setAsking(null);
            void save(null, undefined, state.draft.resolveAll(choice));
          }}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'scope' && (
        <ScopeQuestion
          ruleChanged={repeatChanged(state.repeatForm, assignment.repeat)}
          onChoose={(scope) => {
            setAsking(null);
            void save(null, scope);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
      <WaitingNote id={assignment.id} />
    </AssignmentForm>
  );
}
