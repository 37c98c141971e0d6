import type { UserProfile } from '@brainboard/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFocusModal } from './focusModalLoader.ts';
import { useAssignmentsStore } from '../data/assignmentsContext.ts';
import { AssignmentsProvider } from '../data/AssignmentsProvider.tsx';
import { api } from '../data/api.ts';
import { SessionContext } from '../session/sessionContext.ts';
import { silentFeedback } from './feedback.ts';
import { FocusButton } from './FocusButton.tsx';
import { useFocusMode } from './focusContext.ts';
import { FocusProvider } from './FocusProvider.tsx';
import {
  focusShortcutLabel,
  isFocusShortcut,
  isMacPlatform,
  isSpaceControl,
  isTypingTarget,
} from './platform.ts';
import { assignment } from './testFixtures.ts';
import * as notify from '../ui/notify.ts';

vi.mock('../data/api.ts', () => ({
  api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('canvas-confetti', () => ({ default: vi.fn(() => null) }));
vi.mock('../firebase/authContext.ts', () => ({ useUid: () => 'u1' }));
vi.mock('../data/subscribeToAssignments.ts', () => ({
  subscribeToAssignments: () => Object.assign(() => {}, { refresh: () => {} }),
}));

const get = vi.mocked(api.get);

const user = { id: 'u1', email: 'u1@example.test', name: 'U' } as UserProfile;

async function flush() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

function FocusThis({ id }: { id: string }) {
  const focus = useFocusMode();
  return (
    <button type="button" onClick={() => focus.open(id)}>
      Focus this assignment
    </button>
  );
}

/** The dashboard's header and a card's Focus action, over the shared list once it has loaded. */
async function renderDashboard() {
  render(
    <SessionContext.Provider
      value={{ user, fresh: true, refresh: async () => {}, mergeUser: () => {} }}
    >
      <AssignmentsProvider>
        <FocusProvider feedback={silentFeedback}>
          <header>
            <FocusButton />
          </header>
          <FocusThis id="a7" />
        </FocusProvider>
      </AssignmentsProvider>
    </SessionContext.Provider>,
  );
  await flush();
}

/** What the board shows of the shared list: ticked subtasks of the first card. */
function BoardProgress() {
  const first = useAssignmentsStore().assignments[0];
  const done = first?.subtasks.filter((x) => x.completed).length ?? 0;
  return <p data-testid="board-progress">{`${done}/${first?.subtasks.length ?? 0}`}</p>;
}

/** The dashboard as it runs: the shared list, Focus Mode on it, and the board reading it. */
function renderShared() {
  return render(
    <SessionContext.Provider
      value={{ user, fresh: true, refresh: async () => {}, mergeUser: () => {} }}
    >
      <AssignmentsProvider>
        <FocusProvider feedback={silentFeedback}>
          <BoardProgress />
        </FocusProvider>
      </AssignmentsProvider>
    </SessionContext.Provider>,
  );
}

function shortcut(init: KeyboardEventInit = { ctrlKey: true }) {
  fireEvent.keyDown(window, { key: 'F', code: 'KeyF', shiftKey: true, ...init });
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: new Date(2026, 10, 21, 10).getTime() });
  get.mockImplementation(((path: string) => {
    if (path === '/api/tasks/next-due') return Promise.resolve(assignment());
    if (path === '/api/assignments') return Promise.resolve([assignment()]);
    if (path === '/api/assignment/a7') {
      return Promise.resolve({ item: assignment({ id: 'a7', title: 'Picked one' }) });
    }
    return Promise.reject(new Error(path));
  }) as never);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  get.mockReset();
  vi.mocked(api.patch).mockReset();
  localStorage.clear();
});

// Focus Mode's view loads lazily in the app; here it is ready before the first render.
beforeAll(async () => {
  await loadFocusModal();
});

describe('FocusButton', () => {
  it('reads "Focus" with the Ctrl+Shift+F hint and opens focus mode', async () => {
    await renderDashboard();
    const button = screen.getByRole('button', { name: 'Focus' });
    expect(button).toHaveTextContent('Ctrl+Shift+F');
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+F');
    fireEvent.click(button);
    await flush();
    expect(screen.getByRole('dialog', { name: 'Focus Mode' })).toBeInTheDocument();
  });

  it('reads "Locked" and is disabled while focus mode is open and the gate is locked', async () => {
    await renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Focus' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Essay on the water cycle' })).toBeInTheDocument();
    await flush();
    const locked = screen.getByRole('button', { name: 'Locked', hidden: true });
    expect(locked).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Close Focus Mode' }));
    await flush();
    expect(screen.getByRole('button', { name: 'Focus' })).toBeEnabled();
  });
});

describe('the focus shortcut', () => {
  it('opens focus mode when an assignment exists', async () => {
    await renderDashboard();
    shortcut();
    await flush();
    expect(screen.getByRole('dialog', { name: 'Focus Mode' })).toBeInTheDocument();
  });

  it('does nothing without Shift', async () => {
    await renderDashboard();
    shortcut({ ctrlKey: true, shiftKey: false });
    await flush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('uses the list the board already holds, without fetching it again', async () => {
    renderShared();
    await flush();
    get.mockClear();
    shortcut({ metaKey: true });
    await flush();
    expect(get).not.toHaveBeenCalledWith('/api/assignments', expect.anything());
    expect(screen.getByRole('dialog', { name: 'Focus Mode' })).toBeInTheDocument();
  });

  it("stays closed when the board's list is empty", async () => {
    get.mockImplementation(((path: string) =>
      path === '/api/assignments'
        ? Promise.resolve([])
        : Promise.reject(new Error(path))) as never);
    renderShared();
    await flush();
    shortcut();
    await flush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Focus Mode and the board share one list', () => {
  it('a subtask ticked in Focus Mode shows on the board at once', async () => {
    let answer!: (v: unknown) => void;
    vi.mocked(api.patch).mockReturnValue(new Promise((r) => (answer = r)) as never);
    renderShared();
    await flush();
    expect(screen.getByTestId('board-progress')).toHaveTextContent('1/2');
    shortcut();
    await flush();
    await flush();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Write the outline' }));
    expect(screen.getByTestId('board-progress')).toHaveTextContent('2/2');
    expect(api.patch).toHaveBeenCalledWith('/api/assignment/a1/subtasks/s2', { completed: true });
    const done = assignment({ updated_at: '2026-11-21T10:00:00.000Z' });
    await act(async () => {
      answer({
        item: { ...done, subtasks: done.subtasks.map((x) => ({ ...x, completed: true })) },
      });
      await Promise.resolve();
    });
    expect(screen.getByTestId('board-progress')).toHaveTextContent('2/2');
  });

  it('a failed tick is undone on the board too', async () => {
    vi.spyOn(notify, 'showAlert').mockResolvedValue();
    vi.mocked(api.patch).mockRejectedValue(new Error('offline') as never);
    renderShared();
    await flush();
    shortcut();
    await flush();
    await flush();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Write the outline' }));
    await flush();
    expect(screen.getByTestId('board-progress')).toHaveTextContent('1/2');
  });
});

it('opens a chosen assignment from anywhere below the provider', async () => {
  await renderDashboard();
  fireEvent.click(screen.getByRole('button', { name: 'Focus this assignment' }));
  await flush();
  expect(screen.getByRole('heading', { name: 'Picked one' })).toBeInTheDocument();
});

describe('platform helpers', () => {
  it('names Cmd+Shift+F on Mac and Ctrl+Shift+F elsewhere', () => {
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ userAgentData: { platform: 'macOS' } })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32' })).toBe(false);
    expect(focusShortcutLabel(true)).toBe('Cmd+Shift+F');
    expect(focusShortcutLabel(false)).toBe('Ctrl+Shift+F');
  });

  it('recognises the shortcut and the places where keys belong to a control', () => {
    const key = {
      key: 'f',
      code: 'KeyF',
      shiftKey: true,
      ctrlKey: true,
      metaKey: false,
      altKey: false,
    };
    expect(isFocusShortcut(key)).toBe(true);
    expect(isFocusShortcut({ ...key, altKey: true })).toBe(false);
    expect(isFocusShortcut({ ...key, ctrlKey: false })).toBe(false);

    const input = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const heading = document.createElement('h3');
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isSpaceControl(checkbox)).toBe(true);
    expect(isSpaceControl(document.createElement('button'))).toBe(true);
    expect(isSpaceControl(heading)).toBe(false);
  });
});
