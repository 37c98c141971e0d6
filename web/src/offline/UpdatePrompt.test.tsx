import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Workbox's window helper, stood in for: the test decides whether a worker waits, fires its
 * events and sees what the page asked of it. The browser's own takeover is covered end to end
 * by tests/e2e/offline.test.ts.
 */
const workbox = vi.hoisted(() => ({
  /** The registration register() answers; like the browser's, it changes as workers come and go. */
  registration: Object.assign(new EventTarget(), {
    waiting: null as EventTarget | null,
    installing: null as EventTarget | null,
  }),
  handlers: new Map<string, (() => void)[]>(),
  /** The worker that was waiting each time the page asked for a takeover. */
  skipWaitingTo: [] as (EventTarget | null)[],
  get skipWaitingSent() {
    return this.skipWaitingTo.length;
  },
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
      workbox.skipWaitingTo.push(workbox.registration.waiting);
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
  workbox.registration = Object.assign(new EventTarget(), {
    waiting: new EventTarget() as EventTarget | null,
    installing: null as EventTarget | null,
  });
  workbox.handlers.clear();
  workbox.skipWaitingTo = [];
});

/** A newer build that has started installing: the browser's updatefound. */
function newerBuildInstalling(): EventTarget {
  const worker = new EventTarget();
  workbox.registration.installing = worker;
  workbox.registration.dispatchEvent(new Event('updatefound'));
  return worker;
}

/** Its install ends: it replaces the waiting worker, which becomes redundant. */
function installed(worker: EventTarget): void {
  workbox.registration.installing = null;
  workbox.registration.waiting = worker;
  worker.dispatchEvent(new Event('statechange'));
}

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

  it('says the new version is loading from the press on, and takes over once', async () => {
    const { refreshToUpdate } = await import('./updates.ts');
    const { reload, refresh } = await promptShown();

    fireEvent.click(refresh);
    expect(screen.getByRole('status').textContent).toBe('Loading the new version…');
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    // A second press (a quick double tap reaching the handler twice) asks nothing more.
    act(() => refreshToUpdate());
    expect(workbox.skipWaitingSent).toBe(1);
    workbox.fire('controlling');
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

  it('waits for a build installing at the click, then asks it to take over', async () => {
    const { reload, refresh } = await promptShown();
    const newer = newerBuildInstalling();

    fireEvent.click(refresh);
    // The waiting build is not asked: the newer one would replace it before it could take over.
    expect(workbox.skipWaitingSent).toBe(0);
    installed(newer);
    expect(workbox.skipWaitingTo).toEqual([newer]);

    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks a build that arrives during the takeover to take over as well', async () => {
    const { reload, refresh } = await promptShown();
    const first = workbox.registration.waiting;

    fireEvent.click(refresh);
    expect(workbox.skipWaitingTo).toEqual([first]);
    // The first had not taken over yet when a newer build replaced it.
    const newer = newerBuildInstalling();
    installed(newer);
    expect(workbox.skipWaitingTo).toEqual([first, newer]);

    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    // Once the page is loading, a build that comes after is left to announce itself.
    const later = newerBuildInstalling();
    installed(later);
    expect(workbox.skipWaitingTo).toEqual([first, newer]);
  });
});

describe('reloadPage', () => {
  /** A window whose reloads, stops and timers the test sees (a page that never unloads). */
  function fakeWindow() {
    const events: string[] = [];
    const timers: (() => void)[] = [];
    const win = {
      location: { reload: () => events.push('reload') } as unknown as Location,
      stop: () => events.push('stop'),
      setTimeout: ((callback: () => void, ms: number) => {
        events.push(`timer ${ms}`);
        return timers.push(callback);
      }) as unknown as Window['setTimeout'],
    };
    return { win, events, timers };
  }

  it('reloads, and when the page is still here after the wait, stops and reloads once more', async () => {
    const { reloadPage, RELOAD_RETRY_MS } = await import('./updates.ts');
    const { win, events, timers } = fakeWindow();

    reloadPage(win);
    expect(events).toEqual(['reload', `timer ${RELOAD_RETRY_MS}`]);
    // The page is still here when the timer fires: its navigation was held.
    for (const timer of timers) timer();
    expect(events).toEqual(['reload', `timer ${RELOAD_RETRY_MS}`, 'stop', 'reload']);
  });
});
