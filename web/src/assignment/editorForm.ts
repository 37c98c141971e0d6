import {
  DEFAULT_STATUS,
  dueFormFields,
  type Assignment,
  type DueForm,
  type Status,
} from '@brainboard/domain';
import type { AssignmentChanges } from './assignmentsApi.ts';

/** The editor's fields (SPEC §3 form-only fields included). */
export interface EditorForm extends DueForm {
  title: string;
  description: string;
  status: Status;
  saveToCalendar: boolean;
  /** null: the student's default reminders; []: none; otherwise minutes before. */
  reminders: number[] | null;
}

export function initialForm(assignment: Assignment | undefined, status?: Status): EditorForm {
  return {
    title: assignment?.title ?? '',
    description: assignment?.description ?? '',
    status: assignment?.status ?? status ?? DEFAULT_STATUS,
    saveToCalendar: false,
    reminders: assignment?.reminders ?? null,
    ...dueFormFields(assignment?.due_date),
  };
}

/** The fields an update sends: only what changed (DESIGN §2). */
export function changedFields(before: Assignment, form: EditorForm): AssignmentChanges {
  const changes: AssignmentChanges = {};
  const title = form.title.trim();
  if (title !== before.title) changes.title = title;
  if (form.description !== before.description) changes.description = form.description;
  if (form.due_date !== before.due_date) changes.due_date = form.due_date;
  if (form.status !== before.status) changes.status = form.status;
  if (JSON.stringify(form.reminders) !== JSON.stringify(before.reminders ?? null)) {
    changes.reminders = form.reminders;
  }
  return changes;
}
