import {
  DEFAULT_STATUS,
  dueFormFields,
  type Assignment,
  type DueForm,
  type Status,
} from '@brainboard/domain';
import type { AssignmentChanges } from '../data/assignmentsApi.ts';

/** The editor's fields (form-only fields included). */
export interface EditorForm extends DueForm {
  title: string;
  description: string;
  status: Status;
  saveToCalendar: boolean;
  /** null: the student's default reminders; []: none; otherwise minutes before. */
  reminders: number[] | null;
  /** The reminders the editor opened with: Update sends reminders only when they differ. */
  openedReminders: number[] | null;
}

function initialForm(assignment: Assignment | undefined, status?: Status): EditorForm {
  return {
    title: assignment?.title ?? '',
    description: assignment?.description ?? '',
    status: assignment?.status ?? status ?? DEFAULT_STATUS,
    saveToCalendar: false,
    reminders: assignment?.reminders ?? null,
    openedReminders: assignment?.reminders ?? null,
    ...dueFormFields(assignment?.due_date),
  };
}

/** The stored fields an editor can change and save with Update. */
const SYNCED_FIELDS = ['title', 'description', 'due_date', 'status'] as const;
export type SyncedField = (typeof SYNCED_FIELDS)[number];

/** The synced fields' values as the form shows them (due dates in their full form). */
export type EditorValues = Pick<EditorForm, SyncedField>;

export function valuesOf(assignment: Assignment): EditorValues {
  return {
    title: assignment.title,
    description: assignment.description,
    due_date: dueFormFields(assignment.due_date).due_date,
    status: assignment.status,
  };
}

/** Puts one synced value into the form (a due date brings its hour, minute and AM/PM along). */
function withValue(form: EditorForm, field: SyncedField, values: EditorValues): EditorForm {
  if (field === 'due_date') return { ...form, ...dueFormFields(values.due_date) };
  return { ...form, [field]: values[field] };
}

/**
 * An open editor: the values it started from (`base`, moved on only where the student agreed to
 * a change made elsewhere), what the student sees and types (`form`), and the fields changed
 * elsewhere while the student was changing them too (`conflicts`, the other device's value).
 */
export interface EditorDraft {
  base: EditorValues;
  form: EditorForm;
  conflicts: Partial<EditorValues>;
}

/** Title and due date a new assignment's form opens with (what quick add had read). */
export interface FormDraft {
  title: string;
  due_date: string;
}

/**
 * An editor opening: on `assignment` (or a new one in `status`), with `typed` already in a new
 * one's form as the student's own input (so closing asks before it is dropped).
 */
export function openDraft(
  assignment: Assignment | undefined,
  status?: Status,
  typed?: FormDraft,
): EditorDraft {
  const opened = initialForm(assignment, status);
  const base: EditorValues = {
    title: opened.title,
    description: opened.description,
    due_date: opened.due_date,
    status: opened.status,
  };
  const form = typed ? { ...opened, title: typed.title, ...dueFormFields(typed.due_date) } : opened;
  return { base, form, conflicts: {} };
}

/**
 * The draft after a newer copy of the assignment arrived. A field the student has not changed
 * takes the new value; a field the student changed to the same value is settled; a field the
 * student changed to something else keeps the student's text and records the other value as a
 * conflict (until the student chooses). Returns the same draft when nothing differs.
 */
export function rebaseDraft(draft: EditorDraft, remote: EditorValues): EditorDraft {
  let { base, form, conflicts } = draft;
  for (const field of SYNCED_FIELDS) {
    const theirs = remote[field];
    const known = field in conflicts ? conflicts[field] : base[field];
    if (theirs === known) continue;
    if (theirs === base[field]) {
      // Changed back elsewhere: nothing to choose any more.
      const { [field]: _gone, ...rest } = conflicts;
      conflicts = rest;
    } else if (form[field] === base[field] || form[field] === theirs) {
      form = withValue(form, field, remote);
      base = { ...base, [field]: theirs };
      const { [field]: _settled, ...rest } = conflicts;
      conflicts = rest;
    } else {
      conflicts = { ...conflicts, [field]: theirs };
    }
  }
  return base === draft.base && form === draft.form && conflicts === draft.conflicts
    ? draft
    : { base, form, conflicts };
}

/**
 * The student's answer to a conflict: 'mine' keeps their value (it is saved with Update),
 * 'theirs' takes the value from the other device.
 */
export function resolveConflict(
  draft: EditorDraft,
  field: SyncedField,
  choice: 'mine' | 'theirs',
): EditorDraft {
  if (!(field in draft.conflicts)) return draft;
  const theirs = { ...draft.base, ...draft.conflicts };
  const { [field]: _resolved, ...conflicts } = draft.conflicts;
  const base = { ...draft.base, [field]: theirs[field] };
  const form = choice === 'theirs' ? withValue(draft.form, field, theirs) : draft.form;
  return { base, form, conflicts };
}

/**
 * The fields an update sends: only what the student changed in this editor, measured against
 * the values it opened with (moved on only where the student took a change made elsewhere),
 * never against the live copy, so changes made elsewhere are never written back.
 */
export function changedFields(base: EditorValues, form: EditorForm): AssignmentChanges {
  const changes: AssignmentChanges = {};
  const title = form.title.trim();
  if (form.title !== base.title && title !== base.title) changes.title = title;
  if (form.description !== base.description) changes.description = form.description;
  if (form.due_date !== base.due_date) changes.due_date = form.due_date;
  if (form.status !== base.status) changes.status = form.status;
  if (JSON.stringify(form.reminders) !== JSON.stringify(form.openedReminders)) {
    changes.reminders = form.reminders;
  }
  return changes;
}
