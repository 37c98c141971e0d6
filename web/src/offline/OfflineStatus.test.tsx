import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAUGHT_UP_TEXT, OFFLINE_TEXT, OfflineStatus, SENDING_TEXT } from './OfflineStatus.tsx';
import { setWaiting } from '../data/outbox/pending.ts';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('OfflineStatus', () => {
  it('says nothing online, says offline while offline, then briefly that it caught up', () => {
    vi.useFakeTimers();
    render(<OfflineStatus />);
    const line = screen.getByRole('status', { hidden: true });
    expect(line.textContent).toBe('');

    goOnline(false);
    expect(line.textContent).toBe(OFFLINE_TEXT);
    expect(line.hidden).toBe(false);

    goOnline(true);
    expect(line.textContent).toBe(CAUGHT_UP_TEXT);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(line.textContent).toBe('');
    expect(line.hidden).toBe(true);
  });

  it('says it is saving the changes kept on this device, then that it caught up', () => {
    vi.useFakeTimers();
    render(<OfflineStatus />);
    const line = screen.getByRole('status', { hidden: true });
    act(() => setWaiting(['a1'], true));
    expect(line.textContent).toBe(SENDING_TEXT);
    act(() => setWaiting([], false));
    expect(line.textContent).toBe(CAUGHT_UP_TEXT);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(line.textContent).toBe('');
  });
});
