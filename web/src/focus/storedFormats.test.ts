import {
  FOCUS_TIMER_MS,
  focusTimerReducer,
  remainingMs,
  startTimer,
  type FocusTimerAction,
  type FocusTimerState,
} from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import {
  focusCacheId,
  isFocusCacheExpired,
  makeFocusCache,
  readFocusCache,
  restoreSaved,
  toSaved,
} from './storedFormats.ts';

const T0 = 1_700_000_000_000;
const MIN = 60_000;

/** Applies actions in order. */
const run = (state: FocusTimerState, ...actions: FocusTimerAction[]) =>
  actions.reduce(focusTimerReducer, state);

describe('saved timer session', () => {
  it('saves the running state with the spec fields', () => {
    const saved = toSaved(startTimer(T0), T0 + MIN, 'abc');
    expect(saved).toEqual({
      sessionId: 'abc',
      isRunning: true,
      startTime: T0,
      timeRemaining: 24 * MIN,
      pausedTime: null,
      timestamp: T0 + MIN,
      durationMs: FOCUS_TIMER_MS,
    });
  });

  it('saves a paused state', () => {
    const paused = run(startTimer(T0), { type: 'pause', now: T0 + 2 * MIN });
    expect(toSaved(paused, T0 + 3 * MIN)).toMatchObject({
      isRunning: false,
      startTime: null,
      timeRemaining: 23 * MIN,
      pausedTime: 2 * MIN,
    });
  });

  it('restores a running session that kept running while away', () => {
    const saved = toSaved(startTimer(T0), T0 + MIN);
    const s = restoreSaved(saved, T0 + 11 * MIN);
    expect(s?.status).toBe('running');
    expect(remainingMs(s as FocusTimerState, T0 + 11 * MIN)).toBe(14 * MIN);
  });

  it('restores a paused session as paused with the same remaining time', () => {
    const paused = run(startTimer(T0), { type: 'pause', now: T0 + 2 * MIN });
    const s = restoreSaved(toSaved(paused, T0 + 2 * MIN), T0 + 20 * MIN);
    expect(s?.status).toBe('paused');
    expect(remainingMs(s as FocusTimerState, T0 + 20 * MIN)).toBe(23 * MIN);
  });

  it('restores a session that ran out while away as complete', () => {
    const saved = toSaved(startTimer(T0), T0 + 20 * MIN);
    expect(restoreSaved(saved, T0 + 40 * MIN)?.status).toBe('complete');
  });

  it('restores a completed session as complete', () => {
    const done = run(startTimer(T0), { type: 'tick', now: T0 + 25 * MIN });
    expect(restoreSaved(toSaved(done, T0 + 25 * MIN), T0 + 26 * MIN)?.status).toBe('complete');
  });

  it('discards saved state older than 30 minutes', () => {
    const saved = toSaved(run(startTimer(T0), { type: 'pause', now: T0 }), T0);
    expect(restoreSaved(saved, T0 + 30 * MIN)).not.toBeNull();
    expect(restoreSaved(saved, T0 + 30 * MIN + 1)).toBeNull();
  });

  it('returns null for malformed saved data', () => {
    for (const bad of [
      null,
      undefined,
      'x',
      {},
      { isRunning: true },
      { sessionId: 's', isRunning: 'yes', timeRemaining: 1, timestamp: T0 },
    ]) {
      expect(restoreSaved(bad, T0)).toBeNull();
    }
  });

  it('assumes the 25-minute duration when none was saved', () => {
    const s = restoreSaved(
      { sessionId: 's', isRunning: false, timeRemaining: 60_000, timestamp: T0 },
      T0 + 1,
    );
    expect(s).toEqual({
      status: 'paused',
      startedAt: null,
      elapsedBeforeStart: FOCUS_TIMER_MS - 60_000,
      durationMs: FOCUS_TIMER_MS,
    });
  });
});

describe('next-due task cache', () => {
  it('is keyed "<user>-next-due"', () => {
    expect(focusCacheId('u1')).toBe('u1-next-due');
    expect(makeFocusCache({ id: 'a' }, 'u1', T0)).toEqual({
      id: 'u1-next-due',
      task: { id: 'a' },
      userId: 'u1',
      timestamp: T0,
      isExpired: false,
    });
  });

  it('expires after 24 hours', () => {
    expect(isFocusCacheExpired(T0, T0 + 24 * 60 * MIN)).toBe(false);
    expect(isFocusCacheExpired(T0, T0 + 24 * 60 * MIN + 1)).toBe(true);
  });

  it('reads back with the expiry flag brought up to date', () => {
    const entry = makeFocusCache({ id: 'a' }, 'u1', T0);
    expect(readFocusCache(entry, 'u1', T0 + MIN)?.isExpired).toBe(false);
    expect(readFocusCache(entry, 'u1', T0 + 25 * 60 * MIN)?.isExpired).toBe(true);
  });

  it("never answers another user's entry", () => {
    const entry = makeFocusCache({ id: 'a' }, 'u1', T0);
    expect(readFocusCache(entry, 'u2', T0)).toBeNull();
    expect(readFocusCache({ ...entry, id: 'u2-next-due' }, 'u1', T0)).toBeNull();
    expect(readFocusCache(null, 'u1', T0)).toBeNull();
  });
});
