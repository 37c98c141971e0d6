import { CONFIRM_DELETE_ASSIGNMENT } from '@brainboard/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FocusModeContext } from '../focus/focusContext.ts';
import { api as fake } from '../data/testApi.ts';
import type { AssignmentsListener } from '../data/subscribeToAssignments.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import * as notify from '../ui/notify.ts';
import type * as BadgeClock from './useBadgeClock.ts';

const live = vi.hoisted(() => ({ listener: null as AssignmentsListener | null }));
vi.mock('../data/api.ts', async () => (await import('../data/testApi.ts')).apiModule);
vi.mock('../firebase/authContext.ts', () => ({ useUid: () => 'u1' }));
vi.mock('../data/subscribeToAssignments.ts', () => ({
  subscribeToAssignments: (_uid: string, listener: AssignmentsListener) => {
    live.listener = listener;
    return Object.assign(() => {}, { refresh: () => {} });
  },
}));
vi.mock('../loading/LoadingScreen.tsx', () => ({
  LoadingScreen: ({ done, onFinished }: { done: boolean; onFinished(): void }) => {
    if (done) queueMicrotask(onFinished);
    return <p role="status">Loading your dashboard</p>;
  },
}));
// Counts the board's renders: KanbanBoard calls this hook once in each.
const boardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./useBadgeClock.ts', async (importOriginal) => {
  const real = await importOriginal<typeof BadgeClock>();
  return {
    ...real,
    useBadgeClock: (...args: Parameters<typeof real.useBadgeClock>) => {
      boardRenders.count += 1;
      return real.useBadgeClock(...args);
    },
  };
});
vi.mock('../ai/AssignmentAiActions.tsx', () => ({ AssignmentAiActions: () => null }));
vi.mock('../ai/SuggestSubtasksButton.tsx', () => ({ SuggestSubtasksButton: () => null }));

const { Board } = await import('./Board.tsx');
const { AssignmentsProvider } = await import('../data/AssignmentsProvider.tsx');

// Wednesday 2026-11-18, noon.
const NOW = new Date(2026, 10, 18, 12, 0, 0);

const list = [
  makeAssignment({ id: 'late', title: 'Late essay', rank: 1, due_date: '2026-11-16T08:00:00' }),
  makeAssignment({ id: 'soon', title: 'Quiz prep', rank: 2, due_date: '2026-11-19T09:30:00' }),
  makeAssignment({
    id: 'far',
    title: 'Project',
    rank: 0,
    status: 'in progress',
    due_date: '2026-12-20T08:00:00',
  }),
  makeAssignment({
    id: 'fin',
    title: 'Reading',
    rank: 3,
    status: 'done',
    completed_date: '2026-11-17T10:00:00.000Z',
  }),
];

function renderBoard() {
  return render(
    <FocusModeContext.Provider value={{ open: vi.fn(), isOpen: false, gateLocked: false }}>
      <AssignmentsProvider>
        <Board />
      </AssignmentsProvider>
    </FocusModeContext.Provider>,
  );
}

let confirms: string[];
let confirmAnswer: boolean;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  confirms = [];
  confirmAnswer = true;
  vi.spyOn(notify, 'askToConfirm').mockImplementation(async (m) => {
    confirms.push(m);
    return confirmAnswer;
  });
  vi.spyOn(notify, 'showAlert').mockResolvedValue();
  for (const fn of Object.values(fake)) fn.mockReset();
  fake.get.mockResolvedValue(list);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const cardTitles = (name: string) =>
  within(column(name))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('Board', () => {
  it('shows the loading screen, then three columns with their add buttons and texts', async () => {
    fake.get.mockResolvedValue([]);
    renderBoard();
    expect(screen.getByText('Loading your dashboard')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /^New/ })).toBeInTheDocument();
    for (const [name, status] of [
      ['New', 'New'],
      ['In progress', 'In progress'],
      ['Done', 'Done'],
    ]) {
      const col = column(name as string);
      expect(within(col).getByRole('button', { name: `Add ${name} Task` })).toHaveAttribute(
        'title',
        `Add ${name} Task`,
      );
      expect(within(col).getByText(`Tap + to add a task in the ${status} status`)).toBeVisible();
    }
    // The floating button, and its twin in the phone column switch (CSS shows one of them).
    const adds = screen.getAllByRole('button', { name: 'Add Assignment' });
    expect(adds).toHaveLength(2);
    for (const add of adds) expect(add).toHaveAttribute('title', 'Add Assignment');
    // The loading screen finishes on its own once the data is there.
    await vi.waitFor(() => expect(screen.queryByText('Loading your dashboard')).toBeNull());
  });

  it('puts cards in their columns by rank with status colours, urgency and completion', async () => {
    renderBoard();
    await screen.findByText('Late essay');
    expect(cardTitles('New')).toEqual(['Late essay', 'Quiz prep']);
    expect(cardTitles('In progress')).toEqual(['Project']);
    expect(cardTitles('Done')).toEqual(['Reading']);

    const card = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
    expect(card('Late essay')).toHaveClass('card--new');
    expect(card('Project')).toHaveClass('card--progress');
    expect(card('Reading')).toHaveClass('card--done');

    const late = within(card('Late essay')).getByText('Overdue by 2 days').closest('.due-badge');
    expect(late).toHaveClass('due-badge--overdue');
    const soon = within(card('Quiz prep')).getByText('Due Tomorrow').closest('.due-badge');
    expect(soon).toHaveClass('due-badge--soon');
    const far = card('Project').querySelector('.due-badge');
    expect(far).toHaveClass('due-badge--none');
    expect(far?.textContent).toMatch(/^Due /);
    expect(within(card('Reading')).getByText(/^Completed: /)).toBeInTheDocument();
    // The month's name; the year only once it is not this year (domain/src/dateWords.ts).
    expect(within(card('Reading')).getByText(/^Completed: /).textContent).toMatch(
      /^Completed: Nov 17(, 2026)?$/,
    );
  });

  it('deletes only after the exact confirmation', async () => {
    const user = userEvent.setup();
    fake.delete.mockResolvedValue({ ok: true });
    renderBoard();
    await screen.findByText('Quiz prep');
    confirmAnswer = false;
    await user.click(screen.getByRole('button', { name: 'Delete Quiz prep' }));
    expect(confirms).toEqual([CONFIRM_DELETE_ASSIGNMENT]);
    expect(fake.delete).not.toHaveBeenCalled();
    confirmAnswer = true;
    await user.click(screen.getByRole('button', { name: 'Delete Quiz prep' }));
    expect(fake.delete).toHaveBeenCalledWith('/api/assignment', { id: 'soon' });
    await vi.waitFor(() => expect(screen.queryByText('Quiz prep')).toBeNull());
  });

  it('asks once which cards a delete of a repeating card is for, and shows the next one', async () => {
    const user = userEvent.setup();
    const repeat = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null };
    const weekly = makeAssignment({
      id: 'wk',
      title: 'Weekly reading',
      rank: 4,
      due_date: '2026-11-20T17:00:00',
      series_id: 'series-wk',
      repeat,
    });
    const next = { ...weekly, id: 'wk-next', due_date: '2026-11-27T17:00:00' };
    fake.get.mockResolvedValue([...list, weekly]);
    fake.delete.mockResolvedValue({ ok: true, next });
    renderBoard();
    await screen.findByText('Weekly reading');
    await user.click(screen.getByRole('button', { name: 'Delete Weekly reading' }));
    // The question loads with its own chunk, beside the reset sheet's (an overdue card).
    const question = await screen.findByRole(
      'alertdialog',
      { name: 'Delete a repeating assignment' },
      { timeout: 15_000 },
    );
    // Instead of the plain confirmation, not beside it.
    expect(confirms).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(fake.delete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Weekly reading' }));
    await user.click(await screen.findByRole('button', { name: 'Only this one' }));
    expect(fake.delete).toHaveBeenCalledWith('/api/assignment', { id: 'wk', scope: 'this' });
    await vi.waitFor(() => expect(screen.getByText(/Nov 27/)).toBeInTheDocument());
    expect(cardTitles('New').filter((t) => t === 'Weekly reading')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens the editor from a card click, the Edit button and the add buttons', async () => {
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByText('Project'));
    expect(
      await screen.findByRole('dialog', { name: 'Edit Assignment' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Project');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Reading' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('Reading');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Add Done Task' }));
    expect(
      await screen.findByRole('dialog', { name: 'Add Assignment' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Status', { selector: 'select' })).toHaveValue('done');
    // The editor is loaded lazily and opened three times: more than the default 5 s on a busy machine.
  }, 15_000);

  it('opens and closes the editor without drawing the columns again', async () => {
    const user = userEvent.setup();
    renderBoard();
    const edit = await screen.findByRole('button', { name: 'Edit Project' });
    const before = boardRenders.count;
    await user.click(edit);
    expect(
      await screen.findByRole('dialog', { name: 'Edit Assignment' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(boardRenders.count).toBe(before);
  }, 15_000);

  it('shows a change from another device without a reload', async () => {
    renderBoard();
    await screen.findByText('Project');
    act(() => {
      live.listener?.({
        assignments: [
          ...list.filter((a) => a.id !== 'far'),
          makeAssignment({
            id: 'far',
            title: 'Project',
            rank: 0,
            status: 'done',
            updated_at: '2026-11-18T11:00:00.000Z',
          }),
          makeAssignment({ id: 'new1', title: 'From the phone', rank: -9 }),
        ],
        requestedAt: performance.now(),
        kind: 'poll',
      });
    });
    expect(cardTitles('New')).toEqual(['From the phone', 'Late essay', 'Quiz prep']);
    expect(cardTitles('Done')).toEqual(['Project', 'Reading']);
  });

  it('gives every card a keyboard drag handle with instructions', async () => {
    renderBoard();
    const handle = await screen.findByRole('button', { name: 'Move Project' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    const describedBy = handle.getAttribute('aria-describedby') ?? '';
    // dnd-kit draws them once its chunk is here, right after the board (boardDragChunk.ts).
    await waitFor(() =>
      expect(document.getElementById(describedBy)?.textContent).toMatch(/press Space or Enter/),
    );
  });
});
