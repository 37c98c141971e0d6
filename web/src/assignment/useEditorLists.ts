import {
  CONFIRM_DELETE_NOTE,
  CONFIRM_DELETE_SUBTASK,
  importedText,
  SUBTASK_MAX_LENGTH,
  deleteNoteFailed,
  deleteSubtaskFailed,
  newSubtaskId,
  saveNoteFailed,
  saveSubtaskFailed,
  saveSubtasksFailed,
  updateSubtaskFailed,
  type Assignment,
  type Note,
  type Subtask,
} from '@brainboard/domain';
import { useState } from 'react';
import { errorDetail } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { askToConfirm, showAlert } from '../ui/notify.ts';
import {
  addNote,
  addSubtask,
  editNote,
  estimateSubtask,
  removeNote,
  removeSubtask,
  renameSubtask,
  replaceLists,
  toggleSubtask,
} from '../data/assignmentsApi.ts';
import type { NoteHandlers } from './NotesSection.tsx';
import type { SubtaskHandlers } from './SubtasksSection.tsx';

/** A subtask the AI suggested and the student approved. */
interface SuggestedSubtask {
  id: string;
  title: string;
  estimate_minutes?: number;
}

/** The editor's subtask and note lists, whichever way their changes are kept. */
export interface EditorLists {
  subtasks: readonly Subtask[];
  notes: readonly Note[];
  subtaskHandlers: SubtaskHandlers;
  noteHandlers: NoteHandlers;
  /** Approval appends the non-empty titles, keeping their suggested-… ids. */
  approveSuggestions(suggested: readonly SuggestedSubtask[]): Promise<void>;
  /** True while the lists hold something not saved anywhere yet. */
  dirty: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

/** By the import text rules (domain/src/safeText.ts): cleaned, capped, and without blank ones. */
const cleanSuggestions = (suggested: readonly SuggestedSubtask[]) =>
  suggested
    .map((s) => ({ ...s, title: importedText(s.title, SUBTASK_MAX_LENGTH) }))
    .filter((s) => s.title !== '');

/** The subtask list with the approved suggestions appended (ids already there are kept once). */
function withApproved(subtasks: readonly Subtask[], approved: readonly SuggestedSubtask[]) {
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

/** A new assignment's lists: kept in the form until "Create" sends them with it. */
export function useDraftLists(): EditorLists {
  const [subtasks, setSubtasks] = useState<Subtask[]>([]);
  const [notes, setNotes] = useState<Note[]>([]);
  const editSubtask = (sid: string, change: Partial<Subtask>) =>
    setSubtasks((l) => l.map((s) => (s.id === sid ? { ...s, ...change } : s)));

  return {
    subtasks,
    notes,
    subtaskHandlers: {
      async onAdd(title) {
        const entry = { id: newSubtaskId(), title, completed: false, created_date: today() };
        setSubtasks((l) => [...l, entry]);
        return true;
      },
      onToggle: (sid, completed) => editSubtask(sid, { completed }),
      async onRename(sid, title) {
        editSubtask(sid, { title });
        return true;
      },
      async onEstimate(sid, minutes) {
        editSubtask(sid, { estimate_minutes: minutes });
        return true;
      },
      onRemove(sid) {
        void askToConfirm(CONFIRM_DELETE_SUBTASK).then((ok) => {
          if (ok) setSubtasks((l) => l.filter((s) => s.id !== sid));
        });
      },
    },
    noteHandlers: {
      async onAdd(text) {
        const note = { id: `draft-${crypto.randomUUID()}`, text, created_date: today() };
        setNotes((l) => [...l, note]);
        return true;
      },
      async onEdit(nid, text) {
        setNotes((l) => l.map((n) => (n.id === nid ? { ...n, text } : n)));
        return true;
      },
      onRemove(nid) {
        void askToConfirm(CONFIRM_DELETE_NOTE).then((ok) => {
          if (ok) setNotes((l) => l.filter((n) => n.id !== nid));
        });
      },
    },
    async approveSuggestions(suggested) {
      const clean = cleanSuggestions(suggested);
      setSubtasks((l) => [
        ...l,
        ...clean.map((s) => ({ ...s, completed: false, created_date: today() })),
      ]);
    },
    dirty: subtasks.length > 0 || notes.length > 0,
  };
}

/**
 * A saved assignment's lists: every change is saved on its own, at once, so nothing stale is
 * ever sent; the server's answer replaces the assignment. Ticks show at once while their save
 * is on its way.
 */
export function useSavedLists(
  assignment: Assignment,
  onAssignmentChanged: (item: Assignment) => void,
  trackWrite: <T>(write: Promise<T>) => Promise<T>,
): EditorLists {
  const [pendingTicks, setPendingTicks] = useState<Record<string, boolean>>({});
  const aid = assignment.id;

  /** Runs one call that answers the whole assignment; alerts on failure. */
  async function apply(call: Promise<Assignment>, failure: (m: string) => string) {
    try {
      onAssignmentChanged(await trackWrite(call));
      return true;
    } catch (err) {
      void showAlert(failure(errorDetail(err)));
      return false;
    }
  }

  return {
    subtasks: assignment.subtasks.map((s) =>
      s.id in pendingTicks ? { ...s, completed: pendingTicks[s.id] as boolean } : s,
    ),
    notes: assignment.notes,
    subtaskHandlers: {
      onAdd: (title) =>
        apply(addSubtask(api, aid, { id: newSubtaskId(), title }), saveSubtaskFailed),
      onToggle(sid, completed) {
        setPendingTicks((p) => ({ ...p, [sid]: completed }));
        void apply(toggleSubtask(api, aid, sid, completed), updateSubtaskFailed).then(() =>
          setPendingTicks((p) => {
            const { [sid]: _done, ...rest } = p;
            return rest;
          }),
        );
      },
      onRename: (sid, title) => apply(renameSubtask(api, aid, sid, title), saveSubtaskFailed),
      onEstimate: (sid, minutes) =>
        apply(estimateSubtask(api, aid, sid, minutes), saveSubtaskFailed),
      onRemove(sid) {
        void askToConfirm(CONFIRM_DELETE_SUBTASK).then(
          (ok) => ok && apply(removeSubtask(api, aid, sid), deleteSubtaskFailed),
        );
      },
    },
    noteHandlers: {
      onAdd: (text) => apply(addNote(api, aid, text), saveNoteFailed),
      onEdit: (nid, text) => apply(editNote(api, aid, nid, text), saveNoteFailed),
      onRemove(nid) {
        void askToConfirm(CONFIRM_DELETE_NOTE).then(
          (ok) => ok && apply(removeNote(api, aid, nid), deleteNoteFailed),
        );
      },
    },
    async approveSuggestions(suggested) {
      const clean = cleanSuggestions(suggested);
      // All or nothing, on the version this copy has; if another device wrote first, the
      // suggestions are added again to the copy the server answered.
      await apply(
        replaceLists(api, assignment, (current) => ({
          subtasks: withApproved(current.subtasks, clean),
        })),
        saveSubtasksFailed,
      );
    },
    dirty: false,
  };
}
