import {
  FOCUS_CACHE_STALE,
  FOCUS_FETCH_FAILED,
  FOCUS_FETCH_FAILED_CACHE_EXPIRED,
  FOCUS_OFFLINE_CACHED,
  startTimer,
  type Assignment,
} from '@brainboard/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import type { FocusFeedback } from './feedback.ts';
import { FocusModal } from './FocusModal.tsx';
import { focusCacheKey, timerKey } from './focusStorage.ts';
import { makeFocusCache, toSaved } from './storedFormats.ts';
import { assignment } from './testFixtures.ts';
import * as notify from '../ui/notify.ts';

vi.mock('../data/api.ts', async () => (await import('../data/testApi.ts')).apiModule);

/** Every burst asked of canvas-confetti, with the options the app passed. */
const bursts = vi.hoisted(
  () => [] as { ticks?: number; spread?: number; particleCount?: number }[],
);
vi.mock('canvas-confetti', () => ({
  default: {
    create: () => (options: (typeof bursts)[number]) => {
      bursts.push(options);
      return Promise.resolve();
    },
  },
}));

/** A burst's life in ms: canvas-confetti moves its particles one tick a frame, 60 frames a second. */
const lifeMs = (burst: { ticks?: number } | undefined) => ((burst?.ticks ?? 0) * 1000) / 60;

const NOW = new Date(2026, 10, 21, 10, 0, 0).getTime();
const MIN = 60_000;

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);

let cues: string[];
let feedback: FocusFeedback;
let alertSpy: ReturnType<typeof vi.spyOn>;

function networkError() {
  return new ApiError('network', 'Could not reach Brainboard.');
}

/** Answers GET calls by path. */
function answerGets(routes: Record<string, () => Promise<unknown>>) {
  get.mockImplementation((path: string) => {
    const handler = routes[path];
    return (handler ? handler() : Promise.reject(new Error(`unexpected GET ${path}`))) as never;
  });
}

/** The streak calls among everything posted (Focus Mode also posts its session events). */
const completePosts = () => post.mock.calls.filter(([path]) => path === '/api/focus/complete');

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderModal(props: Partial<Parameters<typeof FocusModal>[0]> = {}) {
  const onClose = vi.fn();
  const onGateChange = vi.fn();
  const utils = render(
    <FocusModal
      open
      onClose={onClose}
      userId="u1"
      feedback={feedback}
      onGateChange={onGateChange}
      {...props}
    />,
  );
  return { ...utils, onClose, onGateChange };
}

function setReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

function timerText() {
  return screen.getByRole('timer').textContent;
}

function timerStatus() {
  return within(screen.getByRole('region', { name: 'Focus timer' }))
    .getAllByRole('status')
    .map((n) => n.textContent)
    .join('');
}

function pressKey(key: string, init: KeyboardEventInit = {}) {
  fireEvent.keyDown(document.activeElement ?? document.body, {
    key,
    code: key === ' ' ? 'Space' : `Key${key.toUpperCase()}`,
    ...init,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  localStorage.clear();
  bursts.length = 0;
  cues = [];
  feedback = { cue: (kind) => cues.push(kind) };
  alertSpy = vi.spyOn(notify, 'showAlert').mockResolvedValue();
  setReducedMotion(false);
  vi.spyOn(Math, 'random').mockReturnValue(0.25);
  // Failures are logged on purpose; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  get.mockReset();
  post.mockReset();
  patch.mockReset();
});

describe('FocusModal states', () => {
  it('shows the loading state while the next task is on its way', async () => {
    answerGets({ '/api/tasks/next-due': () => new Promise(() => {}) });
    renderModal();
    await flush();
    expect(screen.getByRole('dialog', { name: 'Focus Mode' })).toBeInTheDocument();
    expect(screen.getByText('Loading your next task...')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/tasks/next-due', {
      query: { userId: 'u1', t: String(NOW) },
    });
  });

  it('shows "Unable to Load Task" without a cache, and Try Again loads the task', async () => {
    let fail = true;
    answerGets({
      '/api/tasks/next-due': () =>
        fail ? Promise.reject(networkError()) : Promise.resolve(assignment()),
    });
    const { onClose } = renderModal();
    await flush();
    expect(screen.getByRole('heading', { name: 'Unable to Load Task' })).toBeInTheDocument();
    expect(screen.getByText(FOCUS_FETCH_FAILED)).toBeInTheDocument();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Loading your next task...')).toBeInTheDocument();
    await flush();
    expect(screen.getByRole('heading', { name: 'Essay on the water cycle' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes from the error state', async () => {
    answerGets({ '/api/tasks/next-due': () => Promise.reject(networkError()) });
    const { onClose } = renderModal();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when the only cache is expired and holds no task', async () => {
    localStorage.setItem(
      focusCacheKey('u1'),
      JSON.stringify(makeFocusCache(null, 'u1', NOW - 25 * 60 * MIN)),
    );
    answerGets({ '/api/tasks/next-due': () => Promise.reject(networkError()) });
    renderModal();
    await flush();
    expect(screen.getByText(FOCUS_FETCH_FAILED_CACHE_EXPIRED)).toBeInTheDocument();
  });

  it('shows the cached task with the offline text when the fetch fails', async () => {
    localStorage.setItem(
      focusCacheKey('u1'),
      JSON.stringify(makeFocusCache(assignment({ title: 'Cached task' }), 'u1', NOW - 60 * MIN)),
    );
    answerGets({ '/api/tasks/next-due': () => Promise.reject(networkError()) });
    renderModal();
    await flush();
    expect(screen.getByRole('heading', { name: 'Cached task' })).toBeInTheDocument();
    expect(screen.getByText(FOCUS_OFFLINE_CACHED)).toBeInTheDocument();
  });

  it('shows an expired cached task with the 24-hours-old text', async () => {
    localStorage.setItem(
      focusCacheKey('u1'),
      JSON.stringify(makeFocusCache(assignment({ title: 'Old task' }), 'u1', NOW - 25 * 60 * MIN)),
    );
    answerGets({ '/api/tasks/next-due': () => Promise.reject(networkError()) });
    renderModal();
    await flush();
    expect(screen.getByRole('heading', { name: 'Old task' })).toBeInTheDocument();
    expect(screen.getByText(FOCUS_CACHE_STALE)).toBeInTheDocument();
  });

  it('never shows another user’s cached task', async () => {
    localStorage.setItem(
      focusCacheKey('u1'),
      JSON.stringify(makeFocusCache(assignment({ title: 'Not yours' }), 'u2', NOW)),
    );
    answerGets({ '/api/tasks/next-due': () => Promise.reject(networkError()) });
    renderModal();
    await flush();
    expect(screen.queryByText('Not yours')).not.toBeInTheDocument();
    expect(screen.getByText(FOCUS_FETCH_FAILED)).toBeInTheDocument();
  });

  it('shows "Great Job!" when nothing is pending, and caches that', async () => {
    answerGets({ '/api/tasks/next-due': () => Promise.resolve(undefined) });
    const { onClose } = renderModal();
    await flush();
    expect(screen.getByRole('heading', { name: 'Great Job!' })).toBeInTheDocument();
    expect(screen.getByText('You have no pending tasks to focus on.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(focusCacheKey('u1')) ?? '{}')).toMatchObject({
      id: 'u1-next-due',
      task: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('opens a chosen assignment instead of the next due one', async () => {
    answerGets({
      '/api/assignment/a9': () =>
        Promise.resolve({ item: assignment({ id: 'a9', title: 'Chosen' }) }),
    });
    renderModal({ assignmentId: 'a9' });
    await flush();
    expect(screen.getByRole('heading', { name: 'Chosen' })).toBeInTheDocument();
  });

  it('closes on Escape and with the close button', async () => {
    answerGets({ '/api/tasks/next-due': () => Promise.resolve(assignment()) });
    const { onClose } = renderModal();
    await flush();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close Focus Mode' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('FocusModal task view', () => {
  async function openTask(task: Assignment = assignment()) {
    answerGets({ '/api/tasks/next-due': () => Promise.resolve(task) });
    const utils = renderModal();
    await flush();
    return utils;
  }

  it('shows the task: title, one urgency label, date, description, progress and checklist', async () => {
    await openTask();
    expect(screen.getByRole('heading', { name: 'Essay on the water cycle' })).toHaveFocus();
    // One label, in the board's due badge tint for the same urgency.
    expect(screen.getByText('Due Tomorrow')).toHaveClass('due-badge', 'due-badge--soon');
    expect(screen.getByText('Due Tomorrow')).toHaveAttribute('data-urgency', '3');
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
    expect(screen.getByText(/^tomorrow \d{1,2}:\d{2} [AP]M$/)).toBeInTheDocument();
    expect(screen.getByText('Write 500 words about evaporation.')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 completed')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Find three sources' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Write the outline' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Next Task Access' })).toBeInTheDocument();
  });

  it('says when there are no subtasks, and adds a step there (blank ones ignored)', async () => {
    await openTask(assignment({ subtasks: [], description: '' }));
    expect(screen.getByText('No subtasks defined for this assignment.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Add a step' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    expect(post).not.toHaveBeenCalledWith('/api/assignment/a1/subtasks', expect.anything());

    let answer: (v: unknown) => void = () => {};
    post.mockImplementation(((path: string) =>
      path === '/api/assignment/a1/subtasks'
        ? new Promise((r) => (answer = r))
        : Promise.resolve({})) as never);
    fireEvent.change(field, { target: { value: '  Open the atlas ' } });
    fireEvent.submit(field.closest('form')!);
    // Shown at once, sent as the editor sends a new subtask.
    expect(screen.getByRole('checkbox', { name: 'Open the atlas' })).not.toBeChecked();
    expect(post).toHaveBeenCalledWith('/api/assignment/a1/subtasks', {
      id: expect.stringMatching(/\S/),
      title: 'Open the atlas',
    });
    const saved = assignment({
      subtasks: [
        { id: 'x1', title: 'Open the atlas', completed: false, created_date: '2026-11-21' },
      ],
      description: '',
      updated_at: '2026-11-21T10:00:00.000Z',
    });
    await act(async () => answer({ item: saved }));
    expect(screen.getByRole('checkbox', { name: 'Open the atlas' })).toBeInTheDocument();
    expect(screen.getByText('0 of 1 completed')).toBeInTheDocument();
    expect(screen.queryByText('No subtasks defined for this assignment.')).not.toBeInTheDocument();
    // The field stays for the next step, empty.
    expect(screen.getByRole('textbox', { name: 'Add a step' })).toHaveValue('');
  });

  it('takes a step back that could not be saved, and says why', async () => {
    post.mockImplementation(((path: string) =>
      path === '/api/assignment/a1/subtasks'
        ? Promise.reject(new ApiError('network', 'Could not reach Brainboard.'))
        : Promise.resolve({})) as never);
    await openTask(assignment({ subtasks: [] }));
    const field = screen.getByRole('textbox', { name: 'Add a step' });
    fireEvent.change(field, { target: { value: 'Open the atlas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    await flush();
    expect(screen.queryByRole('checkbox', { name: 'Open the atlas' })).not.toBeInTheDocument();
    expect(screen.getByText('No subtasks defined for this assignment.')).toBeInTheDocument();
    expect(field).toHaveValue('Open the atlas');
    expect(cues).toEqual(['error']);
    expect(alertSpy).toHaveBeenCalledWith('Failed to save subtask: Could not reach Brainboard.');
  });

  it('runs the 25-minute timer from wall time, with the ring of radius 45', async () => {
    await openTask();
    expect(timerText()).toBe('25:00');
    expect(timerStatus()).toBe('Focus Time');
    const ring = screen.getByTestId('focus-ring-progress');
    expect(ring).toHaveAttribute('r', '45');
    await advance(61_000);
    expect(timerText()).toBe('23:59');
    expect(Number(ring.getAttribute('stroke-dashoffset'))).toBeCloseTo(
      2 * Math.PI * 45 * (61 / 1500),
      1,
    );
  });

  it('Space pauses and resumes, R resets; not with Ctrl or Cmd held', async () => {
    await openTask();
    await advance(60_000);
    pressKey(' ');
    await flush();
    expect(timerStatus()).toBe('Paused');
    await advance(30_000);
    expect(timerText()).toBe('24:00');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeEnabled();

    pressKey(' ');
    await advance(1_000);
    expect(timerStatus()).toBe('Focus Time');
    expect(timerText()).toBe('23:59');

    pressKey('r', { ctrlKey: true });
    pressKey('r', { metaKey: true });
    await flush();
    expect(timerText()).toBe('23:59');

    pressKey('r');
    await flush();
    expect(timerText()).toBe('25:00');
    expect(timerStatus()).toBe('Focus Time');
  });

  it('pause and reset buttons work too', async () => {
    await openTask();
    await advance(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(timerStatus()).toBe('Paused');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(timerText()).toBe('25:00');
    expect(timerStatus()).toBe('Focus Time');
  });

  it('at 0 it stops, says "Complete!", plays the sound, and cannot resume', async () => {
    await openTask(assignment({ subtasks: [] }));
    await advance(25 * MIN);
    expect(timerText()).toBe('00:00');
    expect(timerStatus()).toBe('Complete!');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeDisabled();
    expect(cues).toContain('timerComplete');
    pressKey(' ');
    await flush();
    expect(timerStatus()).toBe('Complete!');
  });

  it('saves the timer locally (100 ms debounce) and restores it within 30 minutes', async () => {
    const first = await openTask();
    await advance(5 * MIN);
    pressKey(' ');
    await advance(100);
    const saved = JSON.parse(localStorage.getItem(timerKey('u1')) ?? '{}');
    expect(saved).toMatchObject({ taskId: 'a1', isRunning: false, timeRemaining: 20 * MIN });
    first.unmount();

    vi.setSystemTime(Date.now() + 10 * MIN);
    await openTask();
    expect(timerText()).toBe('20:00');
    expect(timerStatus()).toBe('Paused');
  });

  it('starts a new session when the saved one is older than 30 minutes', async () => {
    localStorage.setItem(
      timerKey('u1'),
      JSON.stringify({ ...toSaved(startTimer(NOW - 40 * MIN), NOW - 31 * MIN), taskId: 'a1' }),
    );
    await openTask();
    expect(timerText()).toBe('25:00');
    expect(timerStatus()).toBe('Focus Time');
  });

  it('counts the time spent in a hidden tab', async () => {
    await openTask();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    vi.setSystemTime(Date.now() + 5 * MIN);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    fireEvent(document, new Event('visibilitychange'));
    await flush();
    expect(timerText()).toBe('20:00');
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('keeps the gate locked until 80 % of the timer, then opens it once with a celebration', async () => {
    post.mockResolvedValue({ streak: 3 });
    const { onGateChange } = await openTask();
    expect(
      screen.getByText('Complete timer (80%) or all subtasks to proceed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next Task' })).toBeDisabled();
    expect(onGateChange).toHaveBeenLastCalledWith(true);

    await advance(20 * MIN);
    expect(screen.getByText('Timer 80% complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next Task' })).toBeEnabled();
    expect(onGateChange).toHaveBeenLastCalledWith(false);

    expect(completePosts()).toHaveLength(1);
    expect(post).toHaveBeenCalledWith('/api/focus/complete', { date: '2026-11-21' });
    expect(cues.filter((c) => c === 'taskComplete')).toHaveLength(1);
    expect(screen.getByText('Focus gem +1 · Streak 3')).toBeInTheDocument();
    expect(screen.getByTestId('focus-bubbles').children).toHaveLength(15);

    await advance(1_400);
    expect(screen.getByTestId('focus-neon')).toHaveTextContent('FOCUS COMPLETE!');
    await advance(1_200);
    expect(screen.queryByTestId('focus-neon')).not.toBeInTheDocument();
    expect(screen.getByText('Focus gem +1 · Streak 3')).toBeInTheDocument();
    await advance(1_400 + 300);
    expect(screen.queryByText('Focus gem +1 · Streak 3')).not.toBeInTheDocument();

    // Once per task per session.
    pressKey('r');
    await advance(20 * MIN);
    expect(completePosts()).toHaveLength(1);
  });

  it('shows a pixel pet with 8 particles at random', async () => {
    vi.mocked(Math.random).mockReturnValue(0.75);
    post.mockResolvedValue({ streak: 1 });
    await openTask(assignment({ subtasks: [] }));
    await advance(20 * MIN);
    const pet = screen.getByTestId('focus-pet');
    expect(pet.querySelectorAll('.focus-pet__particle')).toHaveLength(8);
    await advance(1_300);
    expect(screen.getByTestId('focus-neon')).toBeInTheDocument();
  });

  it('with reduced motion shows only the snackbar', async () => {
    setReducedMotion(true);
    post.mockResolvedValue({ streak: 2 });
    await openTask();
    await advance(20 * MIN);
    expect(screen.getByText('Focus gem +1 · Streak 2')).toBeInTheDocument();
    expect(screen.queryByTestId('focus-bubbles')).not.toBeInTheDocument();
    expect(screen.queryByTestId('focus-pet')).not.toBeInTheDocument();
    await advance(1_400);
    expect(screen.queryByTestId('focus-neon')).not.toBeInTheDocument();
  });

  it('moves on through the gate to the next task, with a fresh timer', async () => {
    post.mockResolvedValue({ streak: 1 });
    const next = assignment({ id: 'b2', title: 'Math worksheet', subtasks: [] });
    answerGets({
      '/api/tasks/next-due': () => Promise.resolve(assignment()),
      '/api/focus/next': () => Promise.resolve(next),
    });
    renderModal();
    await flush();
    await advance(20 * MIN);
    fireEvent.click(screen.getByRole('button', { name: 'Next Task' }));
    expect(screen.getByText('Loading your next task...')).toBeInTheDocument();
    await flush();
    expect(get).toHaveBeenLastCalledWith('/api/focus/next', {
      query: { current: 'a1', seen: 'a1', t: expect.any(String) },
    });
    expect(screen.getByRole('heading', { name: 'Math worksheet' })).toBeInTheDocument();
    expect(timerText()).toBe('25:00');
    expect(screen.getByRole('button', { name: 'Next Task' })).toBeDisabled();
  });

  it('toggles a subtask optimistically, celebrates, and opens the gate when all are done', async () => {
    post.mockResolvedValue({ streak: 5 });
    let resolvePatch: (v: unknown) => void = () => {};
    patch.mockImplementation(() => new Promise((r) => (resolvePatch = r)) as never);
    await openTask();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Write the outline' }));
    expect(screen.getByRole('checkbox', { name: 'Write the outline' })).toBeChecked();
    expect(screen.getByText('2 of 2 completed')).toBeInTheDocument();
    expect(screen.getByText('Checklist completed')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/api/assignment/a1/subtasks/s2', { completed: true });
    expect(cues).toEqual(['subtaskComplete', 'taskComplete']);

    const saved = assignment();
    saved.subtasks[1]!.completed = true;
    await act(async () => resolvePatch({ item: saved }));
    expect(screen.getByRole('checkbox', { name: 'Write the outline' })).toBeChecked();
    expect(screen.getByText('Focus gem +1 · Streak 5')).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('undoes a failed toggle, plays the error sound and alerts the reason', async () => {
    patch.mockRejectedValue(
      new ApiError('bad-response', 'The database is busy.', {
        status: 503,
        serverError: 'The database is busy.',
      }),
    );
    await openTask();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Find three sources' }));
    expect(screen.getByRole('checkbox', { name: 'Find three sources' })).not.toBeChecked();
    await flush();
    expect(screen.getByRole('checkbox', { name: 'Find three sources' })).toBeChecked();
    expect(screen.getByText('1 of 2 completed')).toBeInTheDocument();
    expect(cues).toEqual(['error']);
    expect(alertSpy).toHaveBeenCalledWith('Failed to update subtask: The database is busy.');
  });

  it('does not celebrate what was already done on arrival', async () => {
    post.mockResolvedValue({ streak: 1 });
    await openTask(
      assignment({
        subtasks: [{ id: 's1', title: 'Only step', completed: true, created_date: '2026-11-20' }],
      }),
    );
    expect(screen.getByText('Checklist completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next Task' })).toBeEnabled();
    await flush();
    expect(completePosts()).toHaveLength(0);
  });

  it('bursts 0.9 s of confetti for a ticked subtask and the 1.5 s completion burst for "Mark as done"', async () => {
    post.mockResolvedValue({ streak: 1 });
    await openTask();
    const ticked = assignment();
    ticked.subtasks[1]!.completed = true;
    patch.mockResolvedValueOnce({ item: ticked });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Write the outline' }));
    await flush();
    await vi.waitFor(() => expect(bursts).toHaveLength(1));
    expect(bursts[0]).toMatchObject({ particleCount: 80, spread: 70 });
    expect(lifeMs(bursts[0])).toBe(900);

    patch.mockResolvedValueOnce({ item: { ...ticked, status: 'done' } });
    answerGets({ '/api/focus/next': () => Promise.resolve(null) });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    await flush();
    await vi.waitFor(() => expect(bursts).toHaveLength(2));
    expect(patch).toHaveBeenLastCalledWith('/api/assignment', { id: 'a1', status: 'done' });
    expect(bursts[1]).toMatchObject({ particleCount: 80, spread: 70 });
    expect(lifeMs(bursts[1])).toBe(1500);
  });

  /** The task with every step ticked, marked done: the pause shows; `next` comes after it. */
  async function markDone(next: Assignment | null = null) {
    const ticked = assignment();
    ticked.subtasks[1]!.completed = true;
    post.mockResolvedValue({ streak: 1 });
    const utils = await openTask(ticked);
    answerGets({ '/api/focus/next': () => Promise.resolve(next) });
    patch.mockResolvedValueOnce({ item: { ...ticked, status: 'done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    await flush();
    return utils;
  }

  it('after "Mark as done" pauses: no timer until the student chooses, focus on the first choice', async () => {
    const { onGateChange } = await markDone(
      assignment({ id: 'b2', title: 'Math worksheet', subtasks: [] }),
    );
    const pause = screen.getByRole('group', {
      name: 'Nice work. Take a break or start the next one',
    });
    expect(within(pause).getByRole('button', { name: 'Take a break' })).toHaveFocus();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('/api/focus/next', expect.anything());
    expect(onGateChange).toHaveBeenLastCalledWith(false);
    // Time goes by and nothing starts (no focus session is sent either).
    const posted = post.mock.calls.length;
    await advance(10 * MIN);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(post.mock.calls.length).toBe(posted);

    fireEvent.click(within(pause).getByRole('button', { name: 'Start the next one' }));
    await flush();
    expect(get).toHaveBeenLastCalledWith('/api/focus/next', {
      query: { current: 'a1', seen: 'a1', t: expect.any(String) },
    });
    expect(screen.getByRole('heading', { name: 'Math worksheet' })).toBeInTheDocument();
    expect(timerText()).toBe('25:00');
    await advance(61_000);
    expect(timerText()).toBe('23:59');
  });

  it('"Take a break" closes Focus Mode', async () => {
    const { onClose } = await markDone();
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
