import type { Assignment } from '@brainboard/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBadgeClock } from './useBadgeClock.ts';

const due = (due_date: string) =>
  ({ id: 'a1', status: 'new', due_date, subtasks: [] }) as unknown as Assignment;

describe('useBadgeClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 23, 9, 58));
  });
  afterEach(() => vi.useRealTimers());

  it('changes its key once, when the deadline passes, with one timer and no ticking', () => {
    const cards = [due('2026-11-23T10:00:00')];
    const { result } = renderHook(() => useBadgeClock(cards));
    const first = result.current;
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(result.current).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).not.toBe(first);
    // The next change is midnight: one timer again, nothing fires before it.
    const second = result.current;
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(13 * 60 * 60_000));
    expect(result.current).toBe(second);
  });

  it('sets no timer when no card has a due date', () => {
    renderHook(() => useBadgeClock([due('')]));
    expect(vi.getTimerCount()).toBe(0);
  });
});
