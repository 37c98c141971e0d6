import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Workbox's window helper, stood in for: the test decides whether a worker waits, fires its
 * events and sees what the page asked of it. The browser's own takeover is covered end to end
 * by tests/e2e/offline.test.ts.
 */
const workbox = vi.hoisted(() => ({
  /** The registration register() answers; like the browser's, it changes as workers come and go. */
  registration: { waiting: null as object | null },
  handlers: new Map<string, (() => void)[]>(),
  skipWaitingSent: 0,
  fire(type: string) {
    for (const handler of this.handlers.get(type) ?? []) handler();
  },
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, handler: () => void) {
      workbox.handlers.set(type, [...(workbox.handlers.get(type) ?? []), handler]);
    }
    removeEventListener(type: string, handler: () => void) {
      workbox.handlers.set(
        type,
        (workbox.handlers.get(type) ?? []).filter((h) => h !== handler),
      );
    }
    messageSkipWaiting() {
      workbox.skipWaitingSent += 1;
    }
    register() {
      return Promise.resolve(workbox.registration);
    }
  },
}));

/** A fresh copy of the module (its state is the page's), the prompt drawn, a worker waiting. */
async function promptShown() {
  const { registerWithUpdatePrompt } = await import('./updates.ts');
  const { UpdatePrompt } = await import('./UpdatePrompt.tsx');
  const reload = vi.fn();
  render(<UpdatePrompt />);
  await registerWithUpdatePrompt('/sw.js', reload);
  expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  act(() => workbox.fire('waiting'));
  expect(screen.getByText('A new version is ready ·')).toBeTruthy();
  return { reload, refresh: screen.getByRole('button', { name: 'Refresh' }) };
}

beforeEach(() => {
  vi.resetModules();
  workbox.registration = { waiting: {} };
  workbox.handlers.clear();
  workbox.skipWaitingSent = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('UpdatePrompt', () => {
  it('reloads only after Refresh, once the waiting worker has taken over', async () => {
    vi.useFakeTimers();
    const { TAKEOVER_DEADLINE_MS } = await import('./updates.ts');
    const { reload, refresh } = await promptShown();
    expect(workbox.skipWaitingSent).toBe(0);

    fireEvent.click(refresh);
    expect(workbox.skipWaitingSent).toBe(1);
    expect(reload).not.toHaveBeenCalled();

    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    // The deadline that was waiting for the takeover loads nothing a second time.
    vi.advanceTimersByTime(TAKEOVER_DEADLINE_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when no worker waits any more', async () => {
    const { reload, refresh } = await promptShown();
    // It took over already, or a newer build replaced it and went away.
    workbox.registration.waiting = null;

    fireEvent.click(refresh);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.skipWaitingSent).toBe(0);
  });

  it('reloads all the same when the takeover has not happened by the deadline', async () => {
    vi.useFakeTimers();
    const { TAKEOVER_DEADLINE_MS } = await import('./updates.ts');
    const { reload, refresh } = await promptShown();

    fireEvent.click(refresh);
    vi.advanceTimersByTime(TAKEOVER_DEADLINE_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    // A takeover after the deadline loads nothing a second time.
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
