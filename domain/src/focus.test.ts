import { describe, expect, it } from 'vitest';
import { FOCUS_TIMER_MS } from './constants.ts';
import {
  checklistComplete,
  elapsedMs,
  focusFetchFailure,
  focusGate,
  focusTimerReducer,
  formatMmSs,
  overallProgress,
  progressLabel,
  remainingMs,
  startTimer,
  timerFraction,
  timerStatusText,
  type FocusTimerAction,
  type FocusTimerState,
} from './focus.ts';

const T0 = 1_700_000_000_000;
const MIN = 60_000;

/** Applies actions in order. */
const run = (state: FocusTimerState, ...actions: FocusTimerAction[]) =>
  actions.reduce(focusTimerReducer, state);

describe('focus timer', () => {
  it('starts running the full 25 minutes', () => {
    const s = startTimer(T0);
    expect(s).toEqual({
      status: 'running',
      startedAt: T0,
      elapsedBeforeStart: 0,
      durationMs: 1_500_000,
    });
    expect(remainingMs(s, T0)).toBe(FOCUS_TIMER_MS);
  });

  it('counts down with wall time', () => {
    const s = startTimer(T0);
    expect(remainingMs(s, T0 + 100)).toBe(FOCUS_TIMER_MS - 100);
    expect(remainingMs(s, T0 + 10 * MIN)).toBe(15 * MIN);
    expect(elapsedMs(s, T0 + 10 * MIN)).toBe(10 * MIN);
  });

  it('never goes below 0 remaining', () => {
    expect(remainingMs(startTimer(T0), T0 + 60 * MIN)).toBe(0);
  });

  it('a tick before the end changes nothing (same object)', () => {
    const s = startTimer(T0);
    expect(focusTimerReducer(s, { type: 'tick', now: T0 + 100 })).toBe(s);
  });

  it('completes on the tick that reaches 0 remaining', () => {
    const s = run(startTimer(T0), { type: 'tick', now: T0 + FOCUS_TIMER_MS });
    expect(s.status).toBe('complete');
    expect(remainingMs(s, T0 + FOCUS_TIMER_MS + 5000)).toBe(0);
    expect(timerFraction(s, T0 + FOCUS_TIMER_MS + 5000)).toBe(1);
  });

  it('pause freezes the remaining time; resume continues it', () => {
    const paused = run(startTimer(T0), { type: 'pause', now: T0 + 5 * MIN });
    expect(paused.status).toBe('paused');
    expect(remainingMs(paused, T0 + 50 * MIN)).toBe(20 * MIN);
    const resumed = run(paused, { type: 'resume', now: T0 + 50 * MIN });
    expect(resumed.status).toBe('running');
    expect(remainingMs(resumed, T0 + 51 * MIN)).toBe(19 * MIN);
  });

  it('ticks do nothing while paused', () => {
    const paused = run(startTimer(T0), { type: 'pause', now: T0 + MIN });
    expect(focusTimerReducer(paused, { type: 'tick', now: T0 + 99 * MIN })).toBe(paused);
  });

  it('pause is a no-op unless running; resume is a no-op unless paused', () => {
    const running = startTimer(T0);
    expect(focusTimerReducer(running, { type: 'resume', now: T0 + 1 })).toBe(running);
    const paused = run(running, { type: 'pause', now: T0 + 1 });
    expect(focusTimerReducer(paused, { type: 'pause', now: T0 + 2 })).toBe(paused);
  });

  it('pausing after the time ran out completes instead', () => {
    const s = run(startTimer(T0), { type: 'pause', now: T0 + 30 * MIN });
    expect(s.status).toBe('complete');
  });

  it('resume is disabled at 0 remaining', () => {
    const done = run(startTimer(T0), { type: 'tick', now: T0 + FOCUS_TIMER_MS });
    expect(focusTimerReducer(done, { type: 'resume', now: T0 + 26 * MIN })).toBe(done);
    const pausedAtZero: FocusTimerState = {
      status: 'paused',
      startedAt: null,
      elapsedBeforeStart: FOCUS_TIMER_MS,
      durationMs: FOCUS_TIMER_MS,
    };
    expect(focusTimerReducer(pausedAtZero, { type: 'resume', now: T0 })).toBe(pausedAtZero);
  });

  it('reset restarts the full duration and runs at once, from any state', () => {
    const states = [
      run(startTimer(T0), { type: 'tick', now: T0 + 10 * MIN }),
      run(startTimer(T0), { type: 'pause', now: T0 + 10 * MIN }),
      run(startTimer(T0), { type: 'tick', now: T0 + 30 * MIN }),
    ];
    for (const s of states) {
      const r = run(s, { type: 'reset', now: T0 + 40 * MIN });
      expect(r.status).toBe('running');
      expect(remainingMs(r, T0 + 40 * MIN)).toBe(FOCUS_TIMER_MS);
    }
  });

  it('start keeps a running session (double mount) and starts fresh otherwise', () => {
    const running = startTimer(T0);
    expect(focusTimerReducer(running, { type: 'start', now: T0 + MIN })).toBe(running);
    const done = run(running, { type: 'tick', now: T0 + 25 * MIN });
    const fresh = run(done, { type: 'start', now: T0 + 26 * MIN });
    expect(fresh).toEqual(startTimer(T0 + 26 * MIN));
    const custom = run(done, { type: 'start', now: T0, durationMs: 1000 });
    expect(custom.durationMs).toBe(1000);
  });

  describe('hidden tab', () => {
    it('time spent hidden is subtracted exactly once', () => {
      const s = startTimer(T0);
      const back = run(s, { type: 'hiddenFor', ms: 5 * MIN, now: T0 + 6 * MIN });
      expect(remainingMs(back, T0 + 6 * MIN)).toBe(19 * MIN);
    });

    it('completes at once when the time ran out while hidden (> 100 ms)', () => {
      const s = run(startTimer(T0), { type: 'hiddenFor', ms: 30 * MIN, now: T0 + 30 * MIN });
      expect(s.status).toBe('complete');
    });

    it('ignores absences of 100 ms or less', () => {
      const s = startTimer(T0);
      expect(focusTimerReducer(s, { type: 'hiddenFor', ms: 100, now: T0 + FOCUS_TIMER_MS })).toBe(
        s,
      );
      expect(run(s, { type: 'hiddenFor', ms: 101, now: T0 + FOCUS_TIMER_MS }).status).toBe(
        'complete',
      );
    });

    it('does not count hidden time while paused', () => {
      const paused = run(startTimer(T0), { type: 'pause', now: T0 + MIN });
      const back = run(paused, { type: 'hiddenFor', ms: 10 * MIN, now: T0 + 11 * MIN });
      expect(remainingMs(back, T0 + 11 * MIN)).toBe(24 * MIN);
    });
  });

  it('does not count time before startedAt (clock moved back)', () => {
    expect(remainingMs(startTimer(T0), T0 - 5000)).toBe(FOCUS_TIMER_MS);
  });
});

describe('formatMmSs', () => {
  it('shows mm:ss, rounding up partial seconds', () => {
    expect(formatMmSs(FOCUS_TIMER_MS)).toBe('25:00');
    expect(formatMmSs(FOCUS_TIMER_MS - 100)).toBe('25:00');
    expect(formatMmSs(FOCUS_TIMER_MS - 1000)).toBe('24:59');
    expect(formatMmSs(61_000)).toBe('01:01');
    expect(formatMmSs(9_000)).toBe('00:09');
    expect(formatMmSs(1)).toBe('00:01');
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(-500)).toBe('00:00');
  });
});

describe('timerStatusText', () => {
  it('reads "Focus Time", "Paused" or "Complete!"', () => {
    expect(timerStatusText('running')).toBe('Focus Time');
    expect(timerStatusText('paused')).toBe('Paused');
    expect(timerStatusText('complete')).toBe('Complete!');
  });
});

describe('focusGate', () => {
  const done = { completed: true };
  const open = { completed: false };

  it('is locked with the locked message when neither condition holds', () => {
    expect(focusGate({ subtasks: [done, open], timerFraction: 0.79 })).toEqual({
      unlocked: false,
      reason: null,
      lockedMessage: 'Complete timer (80%) or all subtasks to proceed.',
    });
  });

  it('unlocks with "Checklist completed" when all subtasks are done', () => {
    expect(focusGate({ subtasks: [done, done], timerFraction: 0.1 })).toMatchObject({
      unlocked: true,
      reason: 'Checklist completed',
    });
  });

  it('unlocks with "Timer 80% complete" at 80 % of the timer', () => {
    expect(focusGate({ subtasks: [open], timerFraction: 0.8 })).toMatchObject({
      unlocked: true,
      reason: 'Timer 80% complete',
    });
  });

  it('uses the first text when both hold', () => {
    expect(focusGate({ subtasks: [done], timerFraction: 1 })).toMatchObject({
      unlocked: true,
      reason: 'Task and timer completed! You may proceed.',
    });
  });

  it('does not count an empty checklist as completed', () => {
    expect(checklistComplete([])).toBe(false);
    expect(focusGate({ subtasks: [], timerFraction: 0 }).unlocked).toBe(false);
    expect(focusGate({ subtasks: [], timerFraction: 0.8 }).reason).toBe('Timer 80% complete');
  });

  it('opens after 20 minutes of a running timer', () => {
    const s = startTimer(T0);
    expect(
      focusGate({ subtasks: [], timerFraction: timerFraction(s, T0 + 20 * MIN - 1) }).unlocked,
    ).toBe(false);
    expect(
      focusGate({ subtasks: [], timerFraction: timerFraction(s, T0 + 20 * MIN) }).unlocked,
    ).toBe(true);
  });
});

describe('overallProgress', () => {
  it('weighs the timer 40 % and subtasks 60 %', () => {
    expect(overallProgress(0, 0, 4)).toBe(0);
    expect(overallProgress(1, 0, 4)).toBeCloseTo(0.4);
    expect(overallProgress(0, 4, 4)).toBeCloseTo(0.6);
    expect(overallProgress(0.5, 2, 4)).toBeCloseTo(0.2 + 0.3);
    expect(overallProgress(1, 4, 4)).toBeCloseTo(1);
  });
  it('counts the timer alone when there are no subtasks', () => {
    expect(overallProgress(0, 0, 0)).toBe(0);
    expect(overallProgress(0.5, 0, 0)).toBe(0.5);
    expect(overallProgress(1, 0, 0)).toBe(1);
  });
  it('clamps out-of-range inputs to 0..1', () => {
    expect(overallProgress(2, 9, 4)).toBeCloseTo(1);
    expect(overallProgress(-1, -1, 4)).toBe(0);
    expect(overallProgress(Number.NaN, 0, 4)).toBe(0);
  });
});

describe('progressLabel', () => {
  it('reads "N of M completed"', () => {
    expect(progressLabel(2, 5)).toBe('2 of 5 completed');
    expect(progressLabel(0, 0)).toBe('0 of 0 completed');
  });
});

describe('next-due task cache', () => {
  describe('focusFetchFailure', () => {
    it('shows a fresh cached task as offline data', () => {
      expect(focusFetchFailure({ hasTask: true, expired: false })).toEqual({
        showCached: true,
        message: 'You are offline. Showing cached task data.',
      });
    });
    it('shows an expired cached task with the 24-hours-old notice', () => {
      expect(focusFetchFailure({ hasTask: true, expired: true })).toEqual({
        showCached: true,
        message: 'This task data is more than 24 hours old. Connect to the internet to refresh.',
      });
    });
    it('without a cache asks to check the connection', () => {
      expect(focusFetchFailure(null)).toEqual({
        showCached: false,
        message: 'Unable to fetch your next task. Please check your connection and try again.',
      });
    });
    it('with only an expired, unusable cache says it expired', () => {
      expect(focusFetchFailure({ hasTask: false, expired: true })).toEqual({
        showCached: false,
        message:
          'Unable to fetch your next task and cached data has expired. Please check your connection and try again.',
      });
    });
  });
});
