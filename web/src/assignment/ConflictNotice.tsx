import { STATUS_LABELS, type Status } from '@brainboard/domain';
import { formatDue } from '../board/format.ts';
import type { EditorValues, SyncedField } from './editorForm.ts';

const FIELD_NAMES: Record<SyncedField, string> = {
  title: 'Title',
  description: 'Description',
  due_date: 'Due date',
  status: 'Status',
};

function shown(field: SyncedField, value: string): string {
  if (field === 'status') return STATUS_LABELS[value as Status] ?? value;
  if (field === 'due_date') return value ? (formatDue(value) ?? value) : 'no due date';
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
 * they choose (Update keeps theirs).
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
