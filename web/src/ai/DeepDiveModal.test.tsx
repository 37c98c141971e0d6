import {
  DEEP_DIVE_CONSENT_PROMPT,
  DEEP_DIVE_ERROR_SNIPPET,
  DEEP_DIVE_TOOLS,
} from '@brainboard/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { withSession } from './testSupport.tsx';

const fake = vi.hoisted(() => ({ stream: vi.fn(), get: vi.fn(), post: vi.fn(), patch: vi.fn() }));
vi.mock('../data/api.ts', () => ({ api: fake }));
const notify = vi.hoisted(() => ({ showAlert: vi.fn(), askToConfirm: vi.fn() }));
vi.mock('../ui/notify.ts', () => notify);

const { DeepDiveModal } = await import('./DeepDiveModal.tsx');

const CONTEXT = 'Title: Essay on bees\nDescription: Two pages';
const LONG = `${'Bees dance to share where flowers are. '.repeat(5)}The end.`;

function open(
  props: Partial<Parameters<typeof DeepDiveModal>[0]> = {},
  user: Parameters<typeof withSession>[1] = {},
) {
  const onGenerated = vi.fn();
  const session = withSession(
    <DeepDiveModal
      open
      onClose={() => {}}
      context={CONTEXT}
      assignmentId="a1"
      onGenerated={onGenerated}
      {...props}
    />,
    user,
  );
  render(session.ui);
  return { onGenerated, mergeUser: session.mergeUser };
}

const toolCard = (tool: string) =>
  screen.getByRole('button', { name: tool }).closest('li') as HTMLElement;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  fake.get.mockResolvedValue({ item: { deep_dive: {} } });
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('DeepDiveModal', () => {
  it('has two ARIA tabs, "Task Details" and "Deep-Dive Tools", with arrow-key navigation', async () => {
    const user = userEvent.setup();
    open();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Task Details', 'Deep-Dive Tools']);
    const [details, tools] = tabs as [HTMLElement, HTMLElement];
    expect(tools).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Deep-Dive Tools' })).toBeVisible();

    await user.click(details);
    expect(details).toHaveAttribute('aria-selected', 'true');
    expect(tools).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Task Details' });
    expect(panel).toHaveTextContent('Title: Essay on bees Description: Two pages');
    expect(panel).toHaveAttribute('aria-labelledby', details.id);
    expect(screen.queryByRole('tabpanel', { name: 'Deep-Dive Tools' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tools).toHaveFocus();
    expect(tools).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(details).toHaveFocus();
  });

  it('shows the eight tools, each with a button and a snippet', async () => {
    fake.get.mockResolvedValue({ item: { deep_dive: { 'Trend Spotter': LONG } } });
    open();
    for (const tool of DEEP_DIVE_TOOLS) {
      expect(screen.getByRole('button', { name: tool })).toBeInTheDocument();
    }
    await waitFor(() =>
      expect(within(toolCard('Trend Spotter')).getByText(LONG.slice(0, 100))).toBeInTheDocument(),
    );
    expect(fake.get).toHaveBeenCalledWith('/api/assignment/a1', {
      signal: expect.any(AbortSignal),
    });
    expect(within(toolCard('Feedback Loop')).getByText('Not generated yet.')).toBeInTheDocument();
  });

  it('asks for deep-dive consent first, then fills the snippet; the snippet opens the full text', async () => {
    notify.askToConfirm.mockResolvedValue(true);
    fake.patch.mockResolvedValue({ updated: { ai_deep_dive_enabled: true } });
    const reply = deferred<{ deep_dive: string }>();
    fake.post.mockReturnValue(reply.promise);
    const user = userEvent.setup();
    const { onGenerated, mergeUser } = open({ fileId: 'f1' }, { ai_deep_dive_enabled: false });

    await user.click(screen.getByRole('button', { name: 'Analogy Generator' }));
    expect(notify.askToConfirm).toHaveBeenCalledWith(DEEP_DIVE_CONSENT_PROMPT);
    expect(fake.patch).toHaveBeenCalledWith('/api/user/u1', { ai_deep_dive_enabled: true });
    expect(mergeUser).toHaveBeenCalledWith({ ai_deep_dive_enabled: true });
    expect(fake.post).toHaveBeenCalledWith(
      '/api/ai-deep-dive',
      { file_id: 'f1', assignment_id: 'a1', prompt: CONTEXT, feature: 'Analogy Generator' },
      { signal: expect.any(AbortSignal) },
    );
    expect(within(toolCard('Analogy Generator')).getByText('Generating...')).toBeInTheDocument();

    await act(async () => reply.resolve({ deep_dive: LONG }));
    const snippet = within(toolCard('Analogy Generator')).getByText(LONG.slice(0, 100));
    expect(snippet.textContent).toHaveLength(100);
    expect(onGenerated).toHaveBeenCalledWith('Analogy Generator', LONG);

    await user.click(snippet);
    const viewer = screen.getByRole('dialog', { name: 'Analogy Generator' });
    expect(viewer).toHaveTextContent(LONG);
  });

  it('never requests a loaded tool again: its button opens the full text', async () => {
    const user = userEvent.setup();
    open({ initial: { 'Thought Provoker': 'Why do bees dance?' } });
    await user.click(screen.getByRole('button', { name: 'Thought Provoker' }));
    expect(fake.post).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Thought Provoker' })).toHaveTextContent(
      'Why do bees dance?',
    );
  });

  it('runs one request at a time', async () => {
    const reply = deferred<{ deep_dive: string }>();
    fake.post.mockReturnValue(reply.promise);
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Trend Spotter' }));
    const other = screen.getByRole('button', { name: 'Inspiration Portal' });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    await user.click(other);
    await user.click(screen.getByRole('button', { name: 'Trend Spotter' }));
    expect(fake.post).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Generating Trend Spotter...');

    await act(async () => reply.resolve({ deep_dive: 'Trends.' }));
    expect(other).toHaveAttribute('aria-disabled', 'false');
    fake.post.mockResolvedValue({ deep_dive: 'Ideas.' });
    await user.click(other);
    expect(fake.post).toHaveBeenCalledTimes(2);
  });

  it('shows the error snippet and "Error occurred: <message>", and can try again', async () => {
    fake.post.mockRejectedValueOnce(
      new ApiError('bad-response', 'The AI service could not answer. Please try again.', {
        status: 502,
        serverError: 'The AI service could not answer. Please try again.',
      }),
    );
    const user = userEvent.setup();
    const { onGenerated } = open();
    await user.click(screen.getByRole('button', { name: 'Feedback Loop' }));
    const snippet = await within(toolCard('Feedback Loop')).findByText(DEEP_DIVE_ERROR_SNIPPET);
    expect(onGenerated).not.toHaveBeenCalled();
    await user.click(snippet);
    expect(screen.getByRole('dialog', { name: 'Feedback Loop' })).toHaveTextContent(
      'Error occurred: The AI service could not answer. Please try again.',
    );
    await user.keyboard('{Escape}');

    fake.post.mockResolvedValueOnce({ deep_dive: 'Three strengths.' });
    await user.click(screen.getByRole('button', { name: 'Feedback Loop' }));
    expect(await within(toolCard('Feedback Loop')).findByText('Three strengths.')).toBeVisible();
  });

  it('declining consent requests nothing', async () => {
    notify.askToConfirm.mockResolvedValue(false);
    const user = userEvent.setup();
    open({}, { ai_deep_dive_enabled: false });
    await user.click(screen.getByRole('button', { name: 'Time Machine Feature' }));
    expect(fake.post).not.toHaveBeenCalled();
    expect(within(toolCard('Time Machine Feature')).getByText('Not generated yet.')).toBeVisible();
  });
});
