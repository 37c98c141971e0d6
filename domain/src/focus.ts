/**
 * Focus mode (docs/product.md, Behaviour): the 25-minute timer as a pure
 * reducer over wall time, the next-task gate, progress, and what a failed fetch shows. How the
 * timer and the next-due task are kept in the browser is the web app's (focus/storedFormats.ts).
 */
import {
  FOCUS_GATE_THRESHOLD,
  FOCUS_TIMER_MS,
  HIDDEN_TAB_THRESHOLD_MS,
  PROGRESS_SUBTASK_WEIGHT,
  PROGRESS_TIMER_WEIGHT,
} from './constants.ts';
import {
  FOCUS_CACHE_STALE,
  FOCUS_FETCH_FAILED,
  FOCUS_FETCH_FAILED_CACHE_EXPIRED,
  FOCUS_OFFLINE_CACHED,
} from './messages.ts';

// ---------------------------------------------------------------------------
// Timer

export type TimerStatus = 'running' | 'paused' | 'complete';

/**
 * Timer state. Elapsed time is `elapsedBeforeStart` plus, while running, `now - startedAt`,
 * so time keeps counting when the tab sleeps and nothing drifts with late ticks.
 */
export interface FocusTimerState {
  status: TimerStatus;
  /** Wall time (ms) the current running stretch began; null unless running. */
  startedAt: number | null;
  /** Elapsed ms before the current running stretch. */
  elapsedBeforeStart: number;
  durationMs: number;
}

export type FocusTimerAction =
  | { type: 'start'; now: number; durationMs?: number }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  | { type: 'reset'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'hiddenFor'; ms: number; now: number };

/** A fresh session running the full duration from `now`. */
export function startTimer(now: number, durationMs: number = FOCUS_TIMER_MS): FocusTimerState {
  return { status: 'running', startedAt: now, elapsedBeforeStart: 0, durationMs };
}

/** Elapsed ms at `now`, at most the duration. */
export function elapsedMs(state: FocusTimerState, now: number): number {
  const { startedAt } = state;
  const running = state.status === 'running' && startedAt !== null;
  const total = state.elapsedBeforeStart + (running ? Math.max(0, now - startedAt) : 0);
  return Math.min(state.durationMs, total);
}

/** Remaining ms at `now`, never below 0. */
export function remainingMs(state: FocusTimerState, now: number): number {
  return state.durationMs - elapsedMs(state, now);
}

/** Elapsed share of the duration at `now`, 0 to 1. */
export function timerFraction(state: FocusTimerState, now: number): number {
  return state.durationMs > 0 ? elapsedMs(state, now) / state.durationMs : 1;
}

/** A running timer whose time is up becomes complete (it stops at 0 remaining). */
export function settle(state: FocusTimerState, now: number): FocusTimerState {
  if (state.status !== 'running' || remainingMs(state, now) > 0) return state;
  return { ...state, status: 'complete', startedAt: null, elapsedBeforeStart: state.durationMs };
}

/**
 * Timer transitions. Unchanged states are returned as the same object.
 * - start: a new full-duration session; no-op while a session is running (double mounts).
 * - pause: running → paused. resume: paused → running; no-op at 0 remaining.
 * - reset: the full duration, running at once, from any state.
 * - tick: completes the timer at 0 remaining (the UI then plays the completion sound).
 * - hiddenFor: the tab was hidden for `ms`. Wall time already counted that time exactly once;
 *   when it exceeds 100 ms the timer is settled at once (it may have run out while hidden),
 *   shorter absences change nothing.
 */
export function focusTimerReducer(
  state: FocusTimerState,
  action: FocusTimerAction,
): FocusTimerState {
  switch (action.type) {
    case 'start':
      if (settle(state, action.now).status === 'running') return state;
      return startTimer(action.now, action.durationMs ?? state.durationMs);
    case 'pause': {
      const settled = settle(state, action.now);
      if (settled.status !== 'running') return settled;
      return {
        ...state,
        status: 'paused',
        startedAt: null,
        elapsedBeforeStart: elapsedMs(state, action.now),
      };
    }
    case 'resume':
      if (state.status !== 'paused' || remainingMs(state, action.now) <= 0) return state;
      return { ...state, status: 'running', startedAt: action.now };
    case 'reset':
      return startTimer(action.now, state.durationMs);
    case 'tick':
      return settle(state, action.now);
    case 'hiddenFor':
      return action.ms > HIDDEN_TAB_THRESHOLD_MS ? settle(state, action.now) : state;
  }
}

/** mm:ss, rounding up to whole seconds so "00:00" shows only at the end. */
export function formatMmSs(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** Status text under the timer. */
export function timerStatusText(status: TimerStatus): 'Focus Time' | 'Paused' | 'Complete!' {
  return status === 'running' ? 'Focus Time' : status === 'paused' ? 'Paused' : 'Complete!';
}

// ---------------------------------------------------------------------------
// Gate and progress

const GATE_REASON_BOTH = 'Task and timer completed! You may proceed.';
const GATE_REASON_CHECKLIST = 'Checklist completed';
const GATE_REASON_TIMER = 'Timer 80% complete';
const GATE_LOCKED_MESSAGE = 'Complete timer (80%) or all subtasks to proceed.';

type GateReason = typeof GATE_REASON_BOTH | typeof GATE_REASON_CHECKLIST | typeof GATE_REASON_TIMER;

export interface FocusGate {
  unlocked: boolean;
  /** Why it is unlocked; null while locked. */
  reason: GateReason | null;
  /** The locked text (always given, for display while locked). */
  lockedMessage: typeof GATE_LOCKED_MESSAGE;
}

/** True when there is at least one subtask and all are completed. */
export function checklistComplete(subtasks: readonly { completed: boolean }[]): boolean {
  return subtasks.length > 0 && subtasks.every((s) => s.completed);
}

/** Next-task access: unlocked by a complete checklist (≥ 1 subtask) or 80 % of the timer. */
export function focusGate(input: {
  subtasks: readonly { completed: boolean }[];
  timerFraction: number;
}): FocusGate {
  const checklist = checklistComplete(input.subtasks);
  const timer = input.timerFraction >= FOCUS_GATE_THRESHOLD;
  const reason =
    checklist && timer
      ? GATE_REASON_BOTH
      : checklist
        ? GATE_REASON_CHECKLIST
        : timer
          ? GATE_REASON_TIMER
          : null;
  return { unlocked: reason !== null, reason, lockedMessage: GATE_LOCKED_MESSAGE };
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, Number.isFinite(x) ? x : 0));

/**
 * Overall progress 0 to 1: 40 % timer plus 60 % subtasks. With no subtasks there is no
 * checklist to weigh, so the timer alone counts (a finished timer shows 100 %).
 */
export function overallProgress(timerFraction: number, done: number, total: number): number {
  const timer = clamp01(timerFraction);
  if (total <= 0) return timer;
  return PROGRESS_TIMER_WEIGHT * timer + PROGRESS_SUBTASK_WEIGHT * clamp01(done / total);
}

/** "N of M completed" (docs/product.md, Screens). */
export function progressLabel(done: number, total: number): string {
  return `${done} of ${total} completed`;
}

/**
 * When fetching the focus task fails: a cached task is shown with the offline notice, or with the
 * 24-hours-old notice when expired. Without a usable task the error names the expired cache
 * when one was found.
 */
export function focusFetchFailure(cache: { hasTask: boolean; expired: boolean } | null): {
  showCached: boolean;
  message: string;
} {
  if (cache?.hasTask) {
    return { showCached: true, message: cache.expired ? FOCUS_CACHE_STALE : FOCUS_OFFLINE_CACHED };
  }
  return {
    showCached: false,
    message: cache?.expired ? FOCUS_FETCH_FAILED_CACHE_EXPIRED : FOCUS_FETCH_FAILED,
  };
}
