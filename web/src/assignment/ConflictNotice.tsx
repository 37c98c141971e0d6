import { STATUS_LABELS, toLocalDate, whenWords, type Status } from '@brainboard/domain';
import { QuestionDialog } from '../ui/QuestionDialog.tsx';
import type { EditorValues, SyncedField } from './editorForm.ts';

const FIELD_NAMES: Record<SyncedField, string> = {
  title: 'Title',
  description: 'Description',
  due_date: 'Due date',
  status: 'Status',
};

function shown(field: SyncedField, value: string): string {
  if (field === 'status') return STATUS_LABELS[value as Status] ?? value;
  if (field === 'due_date') {
    const d = toLocalDate(value);
    return d ? whenWords(d, new Date()) : value || 'no due date';
  }
  return value === '' ? '(empty)' : value;
}

export interface ConflictNoticeProps {
  field: SyncedField;
  conflicts: Partial<EditorValues>;
  onResolve(field: SyncedField, choice: 'mine' | 'theirs'): void;
}

/**
 * A calm note under a field the student is editing while another device changed it: the
 * other value, and the choice to keep theirs or use the other. Nothing is overwritten until
 * they choose (Update asks first, with ConflictQuestion).
 */
export function ConflictNotice({ field, conflicts, onResolve }: ConflictNoticeProps) {
  const theirs = conflicts[field];
  if (theirs === undefined) return null;
  return (
    <div
      className="field__conflict"
      role="group"
      aria-label={`${FIELD_NAMES[field]} changed on another device`}
    >
      <p className="field__conflict-text" role="status">
        Changed on another device: {shown(field, theirs)}
      </p>
      <div className="field__conflict-actions">
        <button
          type="button"
          className="button button--quiet"
          onClick={() => onResolve(field, 'mine')}
        >
          Keep mine
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => onResolve(field, 'theirs')}
        >
          Use the other
        </button>
      </div>
    </div>
  );
}

export interface ConflictQuestionProps {
  conflicts: Partial<EditorValues>;
  /** The student's answer for every field listed. */
  onChoose(choice: 'mine' | 'theirs'): void;
  onCancel(): void;
}

/**
 * Asked when Update is pressed while a field still waits on a choice (its note may be out of
 * sight, in a closed section or below the fold): what the other device saved, field by field,
 * and the same two choices for all of them. Cancel goes back to the editor; nothing is saved.
 */
export function ConflictQuestion({ conflicts, onChoose, onCancel }: ConflictQuestionProps) {
  const fields = (Object.keys(FIELD_NAMES) as SyncedField[]).filter(
    (f) => conflicts[f] !== undefined,
  );
  return (
    <QuestionDialog
      question="Changed on another device"
      onCancel={onCancel}
      choices={[
        { label: 'Keep mine', onChoose: () => onChoose('mine') },
        { label: 'Use the other', onChoose: () => onChoose('theirs') },
        { label: 'Cancel', quiet: true, onChoose: onCancel },
      ]}
    >
      <ul className="conflict-question">
        {fields.map((f) => (
          <li key={f} dir="auto">
            {FIELD_NAMES[f]}: {shown(f, conflicts[f] ?? '')}
          </li>
        ))}
      </ul>
    </QuestionDialog>
  );
}
