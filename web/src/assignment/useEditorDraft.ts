import type { Assignment, Status } from '@brainboard/domain';
import { useCallback, useState } from 'react';
import type { AssignmentChanges } from '../data/assignmentsApi.ts';
import {
  changedFields,
  openDraft,
  rebaseDraft,
  resolveConflict,
  valuesOf,
  type EditorForm,
  type EditorValues,
  type FormDraft,
  type SyncedField,
} from './editorForm.ts';

export interface EditorDraftState {
  form: EditorForm;
  /** Replaces the form with a newer one the student produced (the date picker's answer). */
  setForm(next: EditorForm): void;
  set<K extends keyof EditorForm>(key: K, value: EditorForm[K]): void;
  /** Fields changed on another device while the student was changing them: the other value. */
  conflicts: Partial<EditorValues>;
  resolve(field: SyncedField, choice: 'mine' | 'theirs'): void;
  /** One answer for every open conflict; returns what Update then sends. */
  resolveAll(choice: 'mine' | 'theirs'): AssignmentChanges;
  /** What Update sends: only the fields the student changed here. */
  changes(): AssignmentChanges;
}

/**
 * The editor's form, kept in step with the live copy of the assignment: fields the student has
 * not changed follow changes made elsewhere, fields the student is changing are never
 * overwritten (the other value waits as a conflict), and Update sends only the student's own
 * changes, measured against the values the editor opened with.
 */
export function useEditorDraft(
  assignment: Assignment | undefined,
  initialStatus?: Status,
  typed?: FormDraft,
): EditorDraftState {
  const [draft, setDraft] = useState(() => openDraft(assignment, initialStatus, typed));
  const remote = assignment ? valuesOf(assignment) : null;
  const remoteKey = remote ? JSON.stringify(remote) : null;
  // A newer live copy: the draft follows it during this render (no extra effect pass).
  const [seenKey, setSeenKey] = useState(remoteKey);
  if (remote && remoteKey !== seenKey) {
    setSeenKey(remoteKey);
    setDraft((d) => rebaseDraft(d, remote));
  }

  const setForm = useCallback((form: EditorForm) => setDraft((d) => ({ ...d, form })), []);
  const set = useCallback(
    <K extends keyof EditorForm>(key: K, value: EditorForm[K]) =>
      setDraft((d) => ({ ...d, form: { ...d.form, [key]: value } })),
    [],
  );
  const resolve = useCallback(
    (field: SyncedField, choice: 'mine' | 'theirs') =>
      setDraft((d) => resolveConflict(d, field, choice)),
    [],
  );

  const resolveAll = (choice: 'mine' | 'theirs') => {
    const fields = Object.keys(draft.conflicts) as SyncedField[];
    const next = fields.reduce((d, field) => resolveConflict(d, field, choice), draft);
    setDraft(next);
    return changedFields(next.base, next.form);
  };

  return {
    form: draft.form,
    setForm,
    set,
    conflicts: draft.conflicts,
    resolve,
    resolveAll,
    changes: () => changedFields(draft.base, draft.form),
  };
}
