import { AI_CONSENT_PROMPT, AI_FILE_CONSENT_PROMPT, type Assignment } from '@brainboard/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_NEEDS_CONNECTION } from '../offline/connection.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import { withSession } from './testSupport.tsx';

const fake = vi.hoisted(() => ({ stream: vi.fn(), get: vi.fn(), post: vi.fn(), patch: vi.fn() }));
vi.mock('../data/api.ts', () => ({ api: fake }));
const notify = vi.hoisted(() => ({ showAlert: vi.fn(), askToConfirm: vi.fn() }));
vi.mock('../ui/notify.ts', () => notify);

const { AssignmentAiActions } = await import('./AssignmentAiActions.tsx');

const assignment: Assignment = makeAssignment({
  id: 'a1',
  title: 'Essay on bees',
  description: 'Two pages',
  due_date: '2026-12-01T08:00:00',
  subtasks: [{ id: 's1', title: 'Read', completed: true, created_date: '2026-11-01' }],
  notes: [{ id: 'n1', text: 'Library Monday', created_date: '2026-11-01' }],
  deep_dive: { 'Thought Provoker': 'Why?' },
});

afterEach(() => vi.clearAllMocks());

function renderActions(user: Parameters<typeof withSession>[1] = {}, fileId?: string) {
  const onAssignmentChanged = vi.fn();
  render(
    withSession(
      <AssignmentAiActions
        assignment={assignment}
        onAssignmentChanged={onAssignmentChanged}
        fileId={fileId}
      />,
      user,
    ).ui,
  );
  return { onAssignmentChanged };
}

describe('AssignmentAiActions', () => {
  it('opens the chat with the assignment as context after consent on first use', async () => {
    notify.askToConfirm.mockResolvedValue(true);
    fake.patch.mockResolvedValue({ updated: { ai_help_enabled: true } });
    fake.get.mockResolvedValue({ ai_help: [] });
    fake.stream.mockImplementation(() => new Promise(() => {}));
    const user = userEvent.setup();
    renderActions({ ai_help_enabled: false }, 'f1');

    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(notify.askToConfirm).toHaveBeenCalledWith(AI_FILE_CONSENT_PROMPT);
    expect(await screen.findByRole('dialog', { name: 'AI Help' })).toBeInTheDocument();
    await waitFor(() => expect(fake.stream).toHaveBeenCalled());
    expect(fake.stream.mock.calls[0]![1]).toEqual({
      prompt:
        'Title: Essay on bees\nDue: Tue, Dec 1, 2026, 8:00 AM\nDescription: Two pages\nSubtasks:\n- [done] Read\nNotes:\n- Library Monday',
      file_id: 'f1',
      assignment_id: 'a1',
      messages: [],
    });
  });

  it('opens nothing when consent is declined', async () => {
    notify.askToConfirm.mockResolvedValue(false);
    const user = userEvent.setup();
    renderActions({ ai_help_enabled: false });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(notify.askToConfirm).toHaveBeenCalledWith(AI_CONSENT_PROMPT);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.patch).not.toHaveBeenCalled();
  });

  it('opens Deep Dive with the stored results and reports a new one', async () => {
    fake.get.mockResolvedValue({ item: { deep_dive: assignment.deep_dive } });
    fake.post.mockResolvedValue({ deep_dive: 'Like a map.' });
    const user = userEvent.setup();
    const { onAssignmentChanged } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Deep Dive' }));
    expect(await screen.findByRole('dialog', { name: 'Deep Dive' })).toBeInTheDocument();
    expect(screen.getByText('Why?')).toBeInTheDocument();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Analogy Generator' }));
    });
    expect(onAssignmentChanged).toHaveBeenCalledWith({
      ...assignment,
      deep_dive: { 'Thought Provoker': 'Why?', 'Analogy Generator': 'Like a map.' },
    });
  });

  it('says AI help needs a connection while offline, instead of offering requests that would fail', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderActions();
      expect(await screen.findByText(AI_NEEDS_CONNECTION)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Help/ })).toBeNull();
      expect(fake.stream).not.toHaveBeenCalled();
    } finally {
      offline.mockRestore();
    }
  });
});
