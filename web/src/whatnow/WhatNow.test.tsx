import type { Assignment } from '@brainboard/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../firebase/api.ts';
import { FocusModeContext } from '../focus/focusContext.ts';
import { WhatNowButton } from './WhatNow.tsx';

vi.mock('../firebase/api.ts', () => ({ api: { get: vi.fn() } }));

const item = (id: string, title: string, due_date: string, extra: Partial<Assignment> = {}) =>
  ({
    id,
    title,
    description: '',
    due_date,
    status: 'new',
    subtasks: [],
    notes: [],
    completed_date: null,
    deep_dive: {},
    rank: 0,
    version: 1,
    series_id: null,
    repeat: null,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...extra,
  }) as Assignment;

const open = vi.fn();

function renderButton() {
  render(
    <FocusModeContext.Provider value={{ open, isOpen: false, gateLocked: false }}>
      <WhatNowButton />
      <input aria-label="Somewhere to type" />
    </FocusModeContext.Provider>,
  );
}

beforeEach(() => {
  open.mockReset();
  vi.mocked(api.get).mockResolvedValue([
    item('later', 'Later', ''),
    item('soon', 'Soon', '2999-01-01T09:00:00', {
      subtasks: [{ id: 's1', title: 'Begin', completed: false, created_date: '' }],
    }),
    item('done', 'Done already', '2000-01-01T09:00:00', { status: 'done' }),
  ]);
});

describe('WhatNowButton', () => {
  it('picks one card with its first step and a reason; Start opens Focus Mode on it', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'What now?' }));
    const dialog = await screen.findByRole('dialog', { name: 'What now?' });
    expect(await screen.findByText('Soon')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('First step: Begin');
    expect(dialog).toHaveTextContent('Due 1/1 9:00 AM · 1 step left');
    await user.click(screen.getByRole('button', { name: 'Something else' }));
    expect(await screen.findByText('Later')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(open).toHaveBeenCalledWith('later');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens with the N key, but not while typing', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('textbox', { name: 'Somewhere to type' }));
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'What now?' })).toBeInTheDocument();
  });
});
