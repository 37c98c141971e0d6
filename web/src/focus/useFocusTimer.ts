import {
  FOCUS_TICK_MS,
  TIMER_SAVE_DEBOUNCE_MS,
  focusTimerReducer,
  remainingMs,
  startTimer,
  timerFraction,
  type TimerStatus,
} from '@brainboard/domain';
import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { loadTimer, saveTimer } from './focusStorage.ts';

export interface FocusTimer {
  status: TimerStatus;
  /** Wall time the numbers below were taken at. */
  now: number;
  remaining: number;
  /** Elapsed share of the 25 minutes, 0 to 1. */
  fraction: number;
  pause(): void;
  /** No-op at 0 remaining (docs/product.md, Behaviour). */
  resume(): void;
  /** The full 25 minutes again, running at once. */
  reset(): void;
  /** Space: pause when running, resume when paused. */
  toggle(): void;
  /** How many times the timer was restarted: each restart is a new focus session. */
  resets: number;
}

/**
 * The 25-minute focus timer of one task (docs/product.md, Behaviour), on the domain reducer. Time
 * comes from the
 * wall clock; the 100 ms interval only re-renders. Mounting starts a session unless the saved
 * one of this task (at most 30 minutes old) restores. Time in a hidden tab is settled on return.
 * The state is saved locally 100 ms after each change, and at once on hide and unmount.
 */
export function useFocusTimer(opts: {
  userId: string;
  taskId: string;
  onComplete(): void;
}): FocusTimer {
  const { userId, taskId } = opts;
  const [state, dispatch] = useReducer(focusTimerReducer, null, () => {
    const t = Date.now();
    return loadTimer(userId, taskId, t) ?? startTimer(t);
  });
  const [now, setNow] = useState(() => Date.now());
  const [resets, setResets] = useState(0);

  const act = useCallback((type: 'pause' | 'resume' | 'reset') => {
    const t = Date.now();
    setNow(t);
    if (type === 'reset') setResets((n) => n + 1);
    dispatch({ type, now: t });
  }, []);

  // Re-render from wall time while running; the reducer completes the timer at 0.
  useEffect(() => {
    if (state.status !== 'running') return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      dispatch({ type: 'tick', now: t });
    }, FOCUS_TICK_MS);
    return () => clearInterval(id);
  }, [state.status]);

  // At 0 remaining: the completion sound (only for a timer that ran out here, not a restored one).
  const complete = useEffectEvent(() => opts.onComplete());
  const lastStatus = useRef(state.status);
  useEffect(() => {
    if (lastStatus.current === 'running' && state.status === 'complete') complete();
    lastStatus.current = state.status;
  }, [state.status]);

  // Save 100 ms after a change; at once when the tab hides or the view goes away.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
    const id = setTimeout(
      () => saveTimer(userId, taskId, state, Date.now()),
      TIMER_SAVE_DEBOUNCE_MS,
    );
    return () => clearTimeout(id);
  }, [userId, taskId, state]);
  useEffect(() => () => saveTimer(userId, taskId, latest.current, Date.now()), [userId, taskId]);

  // Hidden tab: the reducer settles the timer when the absence exceeded 100 ms.
  useEffect(() => {
    let hiddenAt: number | null = null;
    const onVisibility = () => {
      const t = Date.now();
      if (document.visibilityState === 'hidden') {
        hiddenAt = t;
        saveTimer(userId, taskId, latest.current, t);
      } else if (hiddenAt !== null) {
        dispatch({ type: 'hiddenFor', ms: t - hiddenAt, now: t });
        setNow(t);
        hiddenAt = null;
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [userId, taskId]);

  const pause = useCallback(() => act('pause'), [act]);
  const resume = useCallback(() => act('resume'), [act]);
  const reset = useCallback(() => act('reset'), [act]);
  const status = state.status;
  const toggle = useCallback(() => {
    if (status === 'running') act('pause');
    else if (status === 'paused') act('resume');
  }, [act, status]);

  return {
    status,
    now,
    remaining: remainingMs(state, now),
    fraction: timerFraction(state, now),
    pause,
    resume,
    reset,
    toggle,
    resets,
  };
}
