/**
 * Focus Mode's local storage: the timer session and the next-due task
 * cache. Storage can be full, disabled or hold anything: every read is checked and every
 * failure is harmless.
 */
import type { Assignment, FocusTimerState } from '@brainboard/domain';
import { readStoredJson as read, STORAGE_KEYS, writeStored } from '../data/storage.ts';
import {
  makeFocusCache,
  readFocusCache,
  restoreSaved,
  toSaved,
  type CachedFocusTask,
} from './storedFormats.ts';

export const timerKey = STORAGE_KEYS.focusTimer;
export const focusCacheKey = STORAGE_KEYS.focusCache;

function write(key: string, value: unknown): void {
  if (!writeStored(key, JSON.stringify(value))) {
    console.warn('Focus Mode could not save to local storage.');
  }
}

// ---------------------------------------------------------------------------
// Timer session: one per user, for the task it was running on.

/**
 * The saved timer of `taskId`, when there is one at most 30 minutes old (docs/product.md,
 * Behaviour).
 */
export function loadTimer(userId: string, taskId: string, now: number): FocusTimerState | null {
  const saved = read(timerKey(userId));
  if (!saved || typeof saved !== 'object' || (saved as { taskId?: unknown }).taskId !== taskId) {
    return null;
  }
  return restoreSaved(saved, now);
}

export function saveTimer(userId: string, taskId: string, state: FocusTimerState, now: number) {
  write(timerKey(userId), { ...toSaved(state, now), taskId });
}

// ---------------------------------------------------------------------------
// Next-due task cache. `task` is null when nothing was pending.

function isAssignment(value: unknown): value is Assignment {
  if (!value || typeof value !== 'object') return false;
  const a = value as Partial<Assignment>;
  return (
    typeof a.id === 'string' &&
    typeof a.title === 'string' &&
    Array.isArray(a.subtasks) &&
    a.subtasks.every((s) => s && typeof s.id === 'string' && typeof s.title === 'string')
  );
}

export interface LoadedFocusCache {
  task: Assignment | null;
  expired: boolean;
}

/** The user's cache entry with its expiry at `now`, or null when there is none usable. */
export function loadFocusCache(userId: string, now: number): LoadedFocusCache | null {
  const entry = read(focusCacheKey(userId)) as CachedFocusTask<unknown> | null;
  const fresh = readFocusCache(entry && typeof entry === 'object' ? entry : null, userId, now);
  if (!fresh || typeof fresh.timestamp !== 'number') return null;
  return { task: isAssignment(fresh.task) ? fresh.task : null, expired: fresh.isExpired };
}

export function saveFocusCache(userId: string, task: Assignment | null, now: number): void {
  write(focusCacheKey(userId), makeFocusCache(task, userId, now));
}

/** Keeps the cached task in step with a newer copy of the same assignment. */
export function refreshCachedTask(userId: string, task: Assignment, now: number): void {
  const entry = read(focusCacheKey(userId)) as CachedFocusTask<unknown> | null;
  const cached = readFocusCache(entry && typeof entry === 'object' ? entry : null, userId, now);
  if (cached && isAssignment(cached.task) && cached.task.id === task.id) {
    saveFocusCache(userId, task, now);
  }
}
