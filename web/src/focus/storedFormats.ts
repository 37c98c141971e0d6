/**
 * What Focus Mode keeps in this browser: the timer session (restored for 30 minutes) and the
 * next-due task cache (24 hours). Pure: the caller passes the time; focusStorage.ts reads and
 * writes them.
 */
import './zodConfig.ts';
import {
  FOCUS_CACHE_EXPIRY_MS,
  FOCUS_TIMER_MS,
  TIMER_STATE_EXPIRY_MS,
  remainingMs,
  settle,
  type FocusTimerState,
} from '@brainboard/domain';
// zod/mini: the same parser as the server's zod at a fraction of its size in the Focus chunk.
import * as z from 'zod/mini';

/** The locally saved timer session. */
export interface SavedTimerSession {
  sessionId: string;
  isRunning: boolean;
  /** Wall time the current running stretch began; null unless running. */
  startTime: number | null;
  /** Remaining ms at `timestamp`. */
  timeRemaining: number;
  /** Elapsed ms at the pause; null unless paused. */
  pausedTime: number | null;
  /** Wall time of the snapshot. */
  timestamp: number;
  durationMs: number;
}

const savedSessionSchema = z.object({
  sessionId: z.string(),
  isRunning: z.boolean(),
  // zod 4 numbers are finite: Infinity and NaN are refused.
  timeRemaining: z.number().check(z.minimum(0)),
  timestamp: z.number(),
  durationMs: z.optional(z.number().check(z.positive())),
});

/** A snapshot of the timer for local storage. */
export function toSaved(
  state: FocusTimerState,
  now: number,
  sessionId = `focus-${now}`,
): SavedTimerSession {
  const s = settle(state, now);
  return {
    sessionId,
    isRunning: s.status === 'running',
    startTime: s.status === 'running' ? s.startedAt : null,
    timeRemaining: remainingMs(s, now),
    pausedTime: s.status === 'paused' ? s.elapsedBeforeStart : null,
    timestamp: now,
    durationMs: s.durationMs,
  };
}

/**
 * The timer state from a saved session, or null when it is malformed or older than 30 minutes
 * A running session kept running while it was away.
 */
export function restoreSaved(saved: unknown, now: number): FocusTimerState | null {
  const parsed = savedSessionSchema.safeParse(saved);
  if (!parsed.success) return null;
  const { isRunning, timeRemaining, timestamp, durationMs = FOCUS_TIMER_MS } = parsed.data;
  if (now - timestamp > TIMER_STATE_EXPIRY_MS) return null;
  const elapsedBeforeStart = durationMs - Math.min(durationMs, timeRemaining);
  const state: FocusTimerState = {
    status: isRunning ? 'running' : elapsedBeforeStart >= durationMs ? 'complete' : 'paused',
    startedAt: isRunning ? Math.min(timestamp, now) : null,
    elapsedBeforeStart,
    durationMs,
  };
  return settle(state, now);
}

// The next-due task cache.

export interface CachedFocusTask<T> {
  /** "<user>-next-due". */
  id: string;
  task: T;
  userId: string;
  timestamp: number;
  isExpired: boolean;
}

/** "<user>-next-due". */
export const focusCacheId = (userId: string): string => `${userId}-next-due`;

/** True when a cache entry written at `timestamp` is more than 24 hours old at `now`. */
export function isFocusCacheExpired(timestamp: number, now: number): boolean {
  return now - timestamp > FOCUS_CACHE_EXPIRY_MS;
}

/** A cache entry for the user's next-due task. */
export function makeFocusCache<T>(task: T, userId: string, now: number): CachedFocusTask<T> {
  return { id: focusCacheId(userId), task, userId, timestamp: now, isExpired: false };
}

/** The entry with its expiry flag brought up to `now`; null when it belongs to another user. */
export function readFocusCache<T>(
  entry: CachedFocusTask<T> | null | undefined,
  userId: string,
  now: number,
): CachedFocusTask<T> | null {
  if (!entry || entry.userId !== userId || entry.id !== focusCacheId(userId)) return null;
  return { ...entry, isExpired: isFocusCacheExpired(entry.timestamp, now) };
}
