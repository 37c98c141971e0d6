import type { Assignment } from '@brainboard/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignmentsContext } from '../data/assignmentsContext.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import type { AssignmentsStatus, UseAssignments } from '../data/storeTypes.ts';
import { rememberPlan } from '../data/planCache.ts';
import { FocusModeContext } from '../focus/focusContext.ts';
import { SessionContext, type SessionValue } from '../session/sessionContext.ts';
import { WhatNowButton } from './WhatNow.tsx';

const board = [
  makeAssignment({ id: 'later', title: 'Later' }),
  makeAssignment({
    id: 'soon',
    title: 'Soon',
    due_date: '2999-01-01T09:00:00',
    subtasks: [{ id: 's1', title: 'Begin', completed: false, created_date: '' }],
  }),
  makeAssignment({
    id: 'done',
    title: 'Done already',
    due_date: '2000-01-01T09:00:00',
    status: 'done',
  }),
];

const open = vi.fn();

/** The button under the board's shared store, which only holds a status and a list here. */
function renderButton(status: AssignmentsStatus, assignments: readonly Assignment[]) {
  const session = { user: { id: 'u1' } } as SessionValue;
  const ui = (s: AssignmentsStatus, list: readonly Assignment[]) => (
    <SessionContext.Provider value={session}>
      <AssignmentsContext.Provider value={{ status: s, assignments: list } as UseAssignments}>
        <FocusModeContext.Provider value={{ open, isOpen: false, gateLocked: false }}>
          <WhatNowButton />
          <input aria-label="Somewhere to type" />
        </FocusModeContext.Provider>
      </AssignmentsContext.Provider>
    </SessionContext.Provider>
  );
  const view = render(ui(status, assignments));
  return {
    update: (s: AssignmentsStatus, list: readonly Assignment[]) => view.rerender(ui(s, list)),
  };
}

beforeEach(() => {
  open.mockReset();
  localStorage.clear();
});

describe('WhatNowButton', () => {
  it('picks one card with its first step and a reason; Start opens Focus Mode on it', async () => {
    const user = userEvent.setup();
    renderButton('ready', board);
    await user.click(screen.getByRole('button', { name: 'What now?' }));
    const dialog = await screen.findByRole('dialog', { name: 'What now?' });
    expect(await screen.findByText('Soon')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('First step: Begin');
    expect(dialog).toHaveTextContent('Due Jan 1, 2999, 9:00 AM · 1 step left');
    await user.click(screen.getByRole('button', { name: 'Something else' }));
    expect(await screen.findByText('Later')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(open).toHaveBeenCalledWith('later');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('picks the work session planned for now first (Plan my week, as this browser saw it)', async () => {
    const user = userEvent.setup();
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    rememberPlan('u1', [
      { id: 'p1', assignment_id: 'later', start: at(-5), end: at(40), by_hand: false },
    ]);
    renderButton('ready', board);
    await user.click(screen.getByRole('button', { name: 'What now?' }));
    const dialog = await screen.findByRole('dialog', { name: 'What now?' });
    expect(await screen.findByText('Later')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Planned for now · No due date, next on your board');
    await user.click(screen.getByRole('button', { name: 'Something else' }));
    expect(await screen.findByText('Soon')).toBeInTheDocument();
  });

  it('reads the board it is shown with: waits for the first load, then follows changes', async () => {
    const user = userEvent.setup();
    const { update } = renderButton('loading', []);
    await user.click(screen.getByRole('button', { name: 'What now?' }));
    const dialog = await screen.findByRole('dialog', { name: 'What now?' });
    expect(dialog).toHaveTextContent('Looking at your board…');
    act(() => update('ready', board));
    expect(await screen.findByText('Soon')).toBeInTheDocument();
    act(() => update('ready', [board[0]!]));
    expect(await screen.findByText('Later')).toBeInTheDocument();
    act(() => update('ready', []));
    expect(dialog).toHaveTextContent('Nothing is waiting for you.');
  });

  it('says the board could not be read when the first load failed', async () => {
    const user = userEvent.setup();
    renderButton('error', []);
    await user.click(screen.getByRole('button', { name: 'What now?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your board could not be read just now.',
    );
  });

  it('opens with the N key, but not while typing', async () => {
    const user = userEvent.setup();
    renderButton('ready', board);
    await user.click(screen.getByRole('textbox', { name: 'Somewhere to type' }));
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'What now?' })).toBeInTheDocument();
  });
});
