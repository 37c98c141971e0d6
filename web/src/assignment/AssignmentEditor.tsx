import type { Assignment, Status } from '@brainboard/domain';
import type { FormDraft } from './editorForm.ts';
import { CreateAssignmentEditor } from './CreateAssignmentEditor.tsx';
import { EditAssignmentEditor } from './EditAssignmentEditor.tsx';

export interface AssignmentEditorProps {
  /** Edit mode: the assignment as the board knows it now (kept live). Absent: create mode. */
  assignment?: Assignment;
  /** Create mode: the column the new assignment starts in. */
  initialStatus?: Status;
  /** Create mode: the title and due date typed in quick add ("More details"). */
  typed?: FormDraft | undefined;
  onClose(): void;
  /** After a successful create or update, with the server's answer. */
  onSaved(item: Assignment, isNew: boolean): void;
  /** After a subtask, note or AI change in edit mode, with the server's answer. */
  onAssignmentChanged(item: Assignment): void;
  /** Wraps each write (the board's trackWrite), so live updates never show older data. */
  trackWrite?: <T>(write: Promise<T>) => Promise<T>;
}

const untracked = <T,>(write: Promise<T>) => write;

/**
 * The assignment editor: one form (AssignmentForm with useAssignmentForm) in two modes. A new
 * assignment keeps its subtasks and notes in the form until "Create"; a saved one saves each
 * list change at once and its fields with "Update".
 */
export function AssignmentEditor({
  assignment,
  initialStatus,
  typed,
  onClose,
  onSaved,
  onAssignmentChanged,
  trackWrite = untracked,
}: AssignmentEditorProps) {
  return assignment ? (
    <EditAssignmentEditor
      assignment={assignment}
      onClose={onClose}
      onSaved={onSaved}
      onAssignmentChanged={onAssignmentChanged}
      trackWrite={trackWrite}
    />
  ) : (
    <CreateAssignmentEditor
      initialStatus={initialStatus}
      typed={typed}
      onClose={onClose}
      onSaved={onSaved}
      trackWrite={trackWrite}
    />
  );
}
