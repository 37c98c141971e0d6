import {
  FOCUS_FETCH_FAILED,
  focusFetchFailure,
  newSubtaskId,
  nextDueFetchFailed,
  saveAssignmentFailed,
  saveSubtaskFailed,
  updateSubtaskFailed,
  type Assignment,
} from '@brainboard/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorDetail, isApiError } from '../data/api/client.ts';
import {
  addSubtask,
  fetchAssignment,
  fetchNextDueTask,
  toggleSubtask as saveSubtaskToggle,
  updateAssignment,
} from '../data/assignmentsApi.ts';
import { useOptionalAssignmentsStore } from '../data/assignmentsContext.ts';
import { api } from '../data/api.ts';
import { showAlert } from '../ui/notify.ts';
import type { FocusFeedback } from './feedback.ts';
import { fetchNextFocusTask } from './focusApi.ts';
import { loadFocusCache, refreshCachedTask, saveFocusCache } from './focusStorage.ts';

/** What the focus modal shows. */
type FocusLoad =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'empty' }
  /** `notice`: the offline text when the task comes from the cache. */
  | { kind: 'task'; task: Assignment; notice: string | null }
  /** A task was just marked done: a pause, until the student chooses what comes next. */
  | { kind: 'pause'; doneId: string };

/** A failed fetch falls back to the cached task of this user (when it fits). */
function fromCache(userId: string, wantedId?: string): FocusLoad {
  const cache = loadFocusCache(userId, Date.now());
  const usable = cache && (!wantedId || cache.task?.id === wantedId) ? cache : null;
  const failure = focusFetchFailure(
    usable ? { hasTask: usable.task !== null, expired: usable.expired } : null,
  );
  return failure.showCached && usable?.task
    ? { kind: 'task', task: usable.task, notice: failure.message }
    : { kind: 'error', message: failure.message };
}

async function loadNextDue(userId: string): Promise<FocusLoad> {
  try {
    const task = await fetchNextDueTask(api, userId);
    saveFocusCache(userId, task, Date.now());
    return task ? { kind: 'task', task, notice: null } : { kind: 'empty' };
  } catch (err) {
    console.error(
      nextDueFetchFailed(isApiError(err) && err.status ? err.status : errorDetail(err)),
    );
    return fromCache(userId);
  }
}

async function loadAssignment(userId: string, id: string): Promise<FocusLoad> {
  try {
    return { kind: 'task', task: await fetchAssignment(api, id), notice: null };
  } catch (err) {
    console.error('Focus Mode could not load the assignment.', err);
    return fromCache(userId, id);
  }
}

const tickedIn = (task: Assignment, subtaskId: string, completed: boolean): Assignment => ({
  ...task,
  subtasks: task.subtasks.map((s) => (s.id === subtaskId ? { ...s, completed } : s)),
});

function withSubtask(load: FocusLoad, taskId: string, subtaskId: string, completed: boolean) {
  if (load.kind !== 'task' || load.task.id !== taskId) return load;
  return { ...load, task: tickedIn(load.task, subtaskId, completed) };
}

export interface FocusTaskState {
  load: FocusLoad;
  /** Try Again: repeats the request that failed. */
  retry(): void;
  /** Through the gate: the next task after the current one. */
  next(): void;
  /** Optimistic; per subtask, so it never overwrites other changes. Resolves false on error. */
  toggle(subtaskId: string, completed: boolean): Promise<boolean>;
  /** Moves the task to Done, then pauses until `next`. Resolves false on error. */
  markDone(): Promise<boolean>;
  /** Adds a step (a trimmed, non-blank title) to the task shown. Resolves false on error. */
  addStep(title: string): Promise<boolean>;
}

/**
 * Loads the task Focus Mode shows: a chosen assignment, or the next due one (cached for 24 h
 * per user). Later tasks come through `next`, which skips the tasks seen in this session.
 */
export function useFocusTask(opts: {
  userId: string;
  assignmentId: string | null;
  feedback: FocusFeedback;
}): FocusTaskState {
  const { userId, assignmentId, feedback } = opts;
  // The dashboard's shared list: ticks show on the board at once, and changes made on the
  // board (or another device) show here.
  const store = useOptionalAssignmentsStore();
  const [load, setLoad] = useState<FocusLoad>({ kind: 'loading' });
  const lastRequest = useRef<(() => Promise<FocusLoad>) | null>(null);
  const requestSeq = useRef(0);
  const seen = useRef<string[]>([]);
  /** In-flight toggles: a newer answer must not undo an older click still on its way. */
  const pending = useRef(new Map<string, { completed: boolean; mark: number }>());
  const toggleSeq = useRef(0);

  /** Starts a request; only the newest one's answer is shown. */
  const start = useCallback((request: () => Promise<FocusLoad>) => {
    lastRequest.current = request;
    const mine = ++requestSeq.current;
    void request().then((result) => {
      if (mine === requestSeq.current) setLoad(result);
    });
  }, []);

  const run = useCallback(
    (request: () => Promise<FocusLoad>) => {
      setLoad({ kind: 'loading' });
      start(request);
    },
    [start],
  );

  useEffect(() => {
    start(() => (assignmentId ? loadAssignment(userId, assignmentId) : loadNextDue(userId)));
    return () => {
      requestSeq.current += 1;
    };
  }, [userId, assignmentId, start]);

  const retry = useCallback(() => {
    if (lastRequest.current) run(lastRequest.current);
  }, [run]);

  // After a pause, the task just done is the one "the next" follows.
  const currentId =
    load.kind === 'task' ? load.task.id : load.kind === 'pause' ? load.doneId : null;
  const next = useCallback(() => {
    if (!currentId) return;
    if (!seen.current.includes(currentId)) seen.current = [...seen.current, currentId];
    const skip = seen.current;
    run(async () => {
      try {
        const task = await fetchNextFocusTask(api, currentId, skip);
        return task ? { kind: 'task', task, notice: null } : { kind: 'empty' };
      } catch (err) {
        console.error('Could not load the next focus task.', err);
        return { kind: 'error', message: FOCUS_FETCH_FAILED };
      }
    });
  }, [currentId, run]);

  const toggle = useCallback(
    async (subtaskId: string, completed: boolean) => {
      if (!currentId) return false;
      const taskId = currentId;
      const mark = ++toggleSeq.current;
      pending.current.set(subtaskId, { completed, mark });
      setLoad((s) => withSubtask(s, taskId, subtaskId, completed));
      try {
        const write = () => saveSubtaskToggle(api, taskId, subtaskId, completed);
        const item = store
          ? await store.saveChange(
              taskId,
              (a) => tickedIn(a, subtaskId, completed),
              (a) => tickedIn(a, subtaskId, !completed),
              write,
            )
          : await write();
        if (pending.current.get(subtaskId)?.mark === mark) pending.current.delete(subtaskId);
        // Clicks still on their way stay as clicked until their own answer comes.
        let task = item;
        for (const [sid, p] of pending.current) {
          task = (
            withSubtask({ kind: 'task', task, notice: null }, taskId, sid, p.completed) as {
              task: Assignment;
            }
          ).task;
        }
        setLoad((s) =>
          s.kind === 'task' && s.task.id === taskId ? { kind: 'task', task, notice: null } : s,
        );
        refreshCachedTask(userId, item, Date.now());
        return true;
      } catch (err) {
        if (pending.current.get(subtaskId)?.mark === mark) {
          pending.current.delete(subtaskId);
          setLoad((s) => withSubtask(s, taskId, subtaskId, !completed));
        }
        feedback.cue('error');
        void showAlert(updateSubtaskFailed(errorDetail(err)));
        return false;
      }
    },
    [currentId, userId, feedback, store],
  );

  // A newer copy in the shared list (changed on the board or another device) is shown; ticks
  // still on their way are already in it.
  const shared =
    load.kind === 'task' ? store?.assignments.find((a) => a.id === load.task.id) : undefined;
  const shown =
    shared && load.kind === 'task' && shared.updated_at > load.task.updated_at
      ? { ...load, task: shared }
      : load;

  const markDone = useCallback(async () => {
    if (!currentId) return false;
    const taskId = currentId;
    try {
      const write = () => updateAssignment(api, taskId, { status: 'done' });
      // Through the shared list, so the board shows the card in Done at once.
      const item = store
        ? await store.saveChange(
            taskId,
            (a) => ({ ...a, status: 'done' }),
            (a) => a,
            write,
          )
        : await write();
      refreshCachedTask(userId, item, Date.now());
      // A pause, not the next task at once: its timer starts when the student chooses it.
      requestSeq.current += 1;
      setLoad({ kind: 'pause', doneId: taskId });
      return true;
    } catch (err) {
      feedback.cue('error');
      void showAlert(saveAssignmentFailed(errorDetail(err)));
      return false;
    }
  }, [currentId, userId, feedback, store]);

  // The same call the editor makes to add a subtask (and so the same offline queue): shown at
  // once through the shared list, replaced by the server's answer, taken back on failure.
  const addStep = useCallback(
    async (title: string) => {
      if (!currentId) return false;
      const taskId = currentId;
      const step = { id: newSubtaskId(), title };
      const today = new Date().toISOString().slice(0, 10);
      const withStep = (a: Assignment): Assignment => ({
        ...a,
        subtasks: [...a.subtasks, { ...step, completed: false, created_date: today }],
      });
      const shownHere = (change: (a: Assignment) => Assignment) =>
        setLoad((s) =>
          s.kind === 'task' && s.task.id === taskId ? { ...s, task: change(s.task) } : s,
        );
      const withoutStep = (a: Assignment): Assignment => ({
        ...a,
        subtasks: a.subtasks.filter((s) => s.id !== step.id),
      });
      shownHere(withStep);
      try {
        const write = () => addSubtask(api, taskId, step);
        const item = store
          ? await store.saveChange(taskId, withStep, withoutStep, write)
          : await write();
        shownHere(() => item);
        refreshCachedTask(userId, item, Date.now());
        return true;
      } catch (err) {
        shownHere(withoutStep);
        feedback.cue('error');
        showAlert(saveSubtaskFailed(errorDetail(err)));
        return false;
      }
    },
    [currentId, userId, feedback, store],
  );

  return { load: shown, retry, next, toggle, markDone, addStep };
}
