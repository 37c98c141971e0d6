import {
  AI_CONSENT_PROMPT,
  AI_FILE_CONSENT_PROMPT,
  AI_NO_SUBTASKS,
  AI_SUGGEST_TITLE_REQUIRED,
  AI_SUGGESTIONS_FAILED,
} from '@brainboard/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { withSession } from './testSupport.tsx';

const fake = vi.hoisted(() => ({ stream: vi.fn(), get: vi.fn(), post: vi.fn(), patch: vi.fn() }));
vi.mock('../data/api.ts', () => ({ api: fake }));
const notify = vi.hoisted(() => ({ showAlert: vi.fn(), askToConfirm: vi.fn() }));
vi.mock('../ui/notify.ts', () => notify);

const { SuggestSubtasksButton } = await import('./SuggestSubtasksButton.tsx');
const { SuggestionsReviewModal } = await import('./SuggestionsReviewModal.tsx');
const { toSuggestions } = await import('./text.ts');

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function renderButton(
  props: Partial<Parameters<typeof SuggestSubtasksButton>[0]> = {},
  user: Parameters<typeof withSession>[1] = {},
) {
  const onApprove = vi.fn();
  const session = withSession(
    <SuggestSubtasksButton
      title="Science fair poster"
      description="About volcanoes"
      existingSubtasks={['Buy poster board']}
      onApprove={onApprove}
      {...props}
    />,
    user,
  );
  render(session.ui);
  return { onApprove, mergeUser: session.mergeUser };
}

const suggestButton = () => screen.getByRole('button', { name: /Suggest subtasks with AI/ });
const dialog = () => screen.getByRole('dialog', { name: 'Suggested subtasks' });
const titles = () =>
  within(dialog())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.ai-suggest__title')?.textContent);

/** The answer of POST /api/ai-suggest-subtasks: these titles, no estimates. */
const suggested = (...titles: string[]) => ({
  subtasks: titles.map((title) => ({ title, estimate_minutes: null })),
});

describe('SuggestSubtasksButton', () => {
  it('needs a title first', async () => {
    const user = userEvent.setup();
    renderButton({ title: '   ' });
    await user.click(suggestButton());
    expect(notify.showAlert).toHaveBeenCalledWith(AI_SUGGEST_TITLE_REQUIRED);
    expect(fake.post).not.toHaveBeenCalled();
  });

  it('asks for consent on first use; declining sends nothing', async () => {
    notify.askToConfirm.mockResolvedValue(false);
    const user = userEvent.setup();
    renderButton({}, { ai_help_enabled: false });
    await user.click(suggestButton());
    expect(notify.askToConfirm).toHaveBeenCalledWith(AI_CONSENT_PROMPT);
    expect(fake.patch).not.toHaveBeenCalled();
    expect(fake.post).not.toHaveBeenCalled();
  });

  it('saves the consent, then asks with the title, description, existing subtasks and file', async () => {
    notify.askToConfirm.mockResolvedValue(true);
    fake.patch.mockResolvedValue({ updated: { ai_help_enabled: true } });
    fake.post.mockResolvedValue(suggested('Research volcano types', 'Sketch'));
    const user = userEvent.setup();
    const { mergeUser } = renderButton({ fileId: 'f1' }, { ai_help_enabled: false });
    await user.click(suggestButton());

    expect(notify.askToConfirm).toHaveBeenCalledWith(AI_FILE_CONSENT_PROMPT);
    expect(fake.patch).toHaveBeenCalledWith('/api/user/u1', { ai_help_enabled: true });
    expect(mergeUser).toHaveBeenCalledWith({ ai_help_enabled: true });
    expect(fake.post).toHaveBeenCalledWith('/api/ai-suggest-subtasks', {
      prompt:
        'Title: Science fair poster\nDescription: About volcanoes\nExisting subtasks:\n- Buy poster board',
      file_id: 'f1',
    });
    await waitFor(() => expect(titles()).toEqual(['Research volcano types', 'Sketch']));
  });

  it('does not ask again once AI Help is on', async () => {
    fake.post.mockResolvedValue(suggested('One'));
    const user = userEvent.setup();
    renderButton();
    await user.click(suggestButton());
    expect(notify.askToConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(titles()).toEqual(['One']));
  });

  it('shows the failure texts when nothing comes back or the request fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderButton();
    fake.post.mockResolvedValueOnce(suggested('  ', ''));
    await user.click(suggestButton());
    await waitFor(() => expect(notify.showAlert).toHaveBeenCalledWith(AI_NO_SUBTASKS));

    fake.post.mockRejectedValueOnce(
      new ApiError('bad-request', 'Too many', { status: 429, serverError: 'Too many' }),
    );
    await user.click(suggestButton());
    await waitFor(() => expect(notify.showAlert).toHaveBeenCalledWith(AI_SUGGESTIONS_FAILED));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('adds the approved titles in the reviewed order; Reject adds nothing', async () => {
    fake.post.mockResolvedValue(suggested('Read', 'Outline', 'Write'));
    const user = userEvent.setup();
    const { onApprove } = renderButton();
    await user.click(suggestButton());
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(onApprove).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(suggestButton());
    await user.click(await screen.findByRole('button', { name: 'Move down: Read' }));
    await user.click(screen.getByRole('button', { name: 'Approve & Add to Assignment' }));
    expect(onApprove).toHaveBeenCalledWith([
      { id: expect.stringMatching(/^suggested-\d+-1$/), title: 'Outline' },
      { id: expect.stringMatching(/^suggested-\d+-0$/), title: 'Read' },
      { id: expect.stringMatching(/^suggested-\d+-2$/), title: 'Write' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('SuggestionsReviewModal', () => {
  function review(list = ['Read the brief', 'Outline', 'Write a draft']) {
    const onApprove = vi.fn();
    const onReject = vi.fn();
    render(
      <SuggestionsReviewModal
        open
        suggestions={toSuggestions(list, 1700000000000)}
        onApprove={onApprove}
        onReject={onReject}
      />,
    );
    return { onApprove, onReject };
  }

  it('gives each suggestion a "suggested-<timestamp>-<index>" id and is at least 500x400', () => {
    review();
    const items = within(dialog()).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.id)).toEqual([
      'suggested-1700000000000-0',
      'suggested-1700000000000-1',
      'suggested-1700000000000-2',
    ]);
    expect(dialog()).toHaveStyle({ minWidth: '500px', minHeight: '400px' });
  });

  it('moves up and down, keeping focus on the control used', async () => {
    const user = userEvent.setup();
    review();
    expect(screen.getByRole('button', { name: 'Move up: Read the brief' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: Write a draft' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move up: Write a draft' }));
    expect(titles()).toEqual(['Read the brief', 'Write a draft', 'Outline']);
    expect(screen.getByRole('button', { name: 'Move up: Write a draft' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Moved "Write a draft" to position 2 of 3.',
    );
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Write a draft', 'Read the brief', 'Outline']);
    // At the top, Move up is disabled: focus goes to Move down.
    expect(screen.getByRole('button', { name: 'Move down: Write a draft' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Move down: Read the brief' }));
    expect(titles()).toEqual(['Write a draft', 'Outline', 'Read the brief']);
  });

  it('edits a title (Enter saves, Escape cancels without closing) and deletes one', async () => {
    const user = userEvent.setup();
    const { onApprove, onReject } = review();
    await user.click(screen.getByRole('button', { name: 'Edit: Outline' }));
    const field = screen.getByRole('textbox', { name: 'Subtask 2' });
    expect(field).toHaveAttribute('maxLength', '125');
    await user.clear(field);
    await user.type(field, 'Outline three sections{Enter}');
    expect(titles()).toEqual(['Read the brief', 'Outline three sections', 'Write a draft']);
    expect(screen.getByRole('button', { name: 'Edit: Outline three sections' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit: Read the brief' }));
    await user.type(screen.getByRole('textbox', { name: 'Subtask 1' }), ' later{Escape}');
    expect(onReject).not.toHaveBeenCalled();
    expect(titles()).toEqual(['Read the brief', 'Outline three sections', 'Write a draft']);

    await user.click(screen.getByRole('button', { name: 'Delete: Read the brief' }));
    expect(titles()).toEqual(['Outline three sections', 'Write a draft']);
    expect(screen.getByRole('button', { name: 'Delete: Outline three sections' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Approve & Add to Assignment' }));
    expect(onApprove).toHaveBeenCalledWith([
      expect.objectContaining({ title: 'Outline three sections' }),
      expect.objectContaining({ title: 'Write a draft' }),
    ]);
  });

  it('drops blank titles on approval, and cannot approve when none are left', async () => {
    const user = userEvent.setup();
    const { onApprove, onReject } = review(['Keep me', 'Blank me']);
    await user.click(screen.getByRole('button', { name: 'Edit: Blank me' }));
    await user.clear(screen.getByRole('textbox', { name: 'Subtask 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Approve & Add to Assignment' }));
    expect(onApprove).toHaveBeenCalledWith([expect.objectContaining({ title: 'Keep me' })]);

    await user.click(screen.getByRole('button', { name: 'Delete: Keep me' }));
    await user.click(screen.getByRole('button', { name: /^Delete:/ }));
    expect(screen.getByText('No suggestions left.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve & Add to Assignment' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onReject).toHaveBeenCalled();
  });
});
