import { CHAT_ERROR_REPLY } from '@brainboard/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { controlledStream, withSession } from './testSupport.tsx';

const fake = vi.hoisted(() => ({
  stream: vi.fn(),
  get: vi.fn(),
  post: vi.fn(),
  patch: vi.fn(),
}));
vi.mock('../data/api.ts', () => ({ api: fake }));

const { ChatModal } = await import('./ChatModal.tsx');

const CONTEXT = 'Title: Essay on bees\nDescription: Two pages';

function open(props: Partial<Parameters<typeof ChatModal>[0]> = {}) {
  const onClose = vi.fn();
  const { ui } = withSession(<ChatModal open onClose={onClose} context={CONTEXT} {...props} />);
  render(ui);
  return { onClose };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const input = () => screen.getByRole('textbox', { name: 'Your message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

beforeEach(() => {
  fake.post.mockResolvedValue({ ok: true });
  fake.get.mockResolvedValue({ ai_help: [] });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('ChatModal', () => {
  it('starts a new conversation with the context and streams the reply as it arrives', async () => {
    const stream = controlledStream();
    fake.stream.mockResolvedValue(stream.response);
    open();

    expect(screen.getByRole('dialog', { name: 'AI Help' })).toBeInTheDocument();
    await waitFor(() => expect(fake.stream).toHaveBeenCalledTimes(1));
    expect(fake.stream).toHaveBeenCalledWith(
      '/api/ai-help-chat',
      { prompt: CONTEXT, messages: [] },
      expect.any(AbortSignal),
    );
    expect(within(log()).getByText(/Essay on bees/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Thinking...');

    act(() => stream.send('data', 'Start with '));
    await waitFor(() => expect(log()).toHaveTextContent('AI helperStart with'));
    expect(screen.getByRole('status')).toHaveTextContent('Thinking...');
    act(() => stream.send('data', 'the reading.'));
    await waitFor(() => expect(log()).toHaveTextContent('Start with the reading.'));
    act(() => stream.end());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads the saved chat of an existing assignment and sends the next message with it', async () => {
    fake.get.mockResolvedValue({
      ai_help: [
        { role: 'user', content: 'Title: Essay on bees' },
        { role: 'assistant', content: 'Bees pollinate flowers.' },
      ],
    });
    const stream = controlledStream();
    fake.stream.mockResolvedValue(stream.response);
    const user = userEvent.setup();
    open({ assignmentId: 'a1', fileId: 'f1' });

    await waitFor(() => expect(log()).toHaveTextContent('Bees pollinate flowers.'));
    expect(fake.get).toHaveBeenCalledWith('/api/ai-help-load', {
      query: { assignment_id: 'a1' },
      signal: expect.any(AbortSignal),
    });
    expect(fake.stream).not.toHaveBeenCalled();

    await user.type(input(), 'What about wasps?');
    await user.click(sendButton());
    expect(fake.stream).toHaveBeenCalledWith(
      '/api/ai-help-chat',
      {
        prompt: 'What about wasps?',
        file_id: 'f1',
        assignment_id: 'a1',
        messages: [
          { role: 'user', content: 'Title: Essay on bees' },
          { role: 'assistant', content: 'Bees pollinate flowers.' },
        ],
      },
      expect.any(AbortSignal),
    );
    expect(input()).toHaveValue('');
    act(() => {
      stream.send('data', 'Wasps hunt.');
      stream.end();
    });
    await waitFor(() => expect(log()).toHaveTextContent('Wasps hunt.'));
  });

  it('shows the counter as n/512, red above 512, with the input capped at 1024', async () => {
    fake.stream.mockImplementation(() => new Promise(() => {}));
    const user = userEvent.setup();
    open({ context: '' });
    expect(input()).toHaveAttribute('maxLength', '1024');
    expect(screen.getByText('0/512')).toBeInTheDocument();

    await user.click(input());
    await user.paste('x'.repeat(512));
    expect(screen.getByText('512/512').parentElement).not.toHaveClass('ai-counter--over');
    expect(input()).toHaveAccessibleDescription('512 of 512 characters');
    await user.type(input(), 'y');
    expect(screen.getByText('513/512').parentElement).toHaveClass('ai-counter--over');
    expect(input()).toHaveAccessibleDescription('513 of 512 characters, longer than recommended');
    // The input refuses more than 1024 characters.
    await user.paste('z'.repeat(600));
    expect(input()).toHaveValue('x'.repeat(512) + 'y' + 'z'.repeat(511));
    expect(screen.getByText('1024/512')).toBeInTheDocument();
  });

  it('sends nothing blank, and blocks sending while a reply runs', async () => {
    const stream = controlledStream();
    fake.stream.mockResolvedValue(stream.response);
    const user = userEvent.setup();
    open({ context: '' });

    expect(sendButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '{Enter}');
    expect(fake.stream).not.toHaveBeenCalled();

    await user.clear(input());
    await user.type(input(), 'First question{Enter}');
    expect(fake.stream).toHaveBeenCalledTimes(1);
    await user.type(input(), 'Second question');
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '{Enter}');
    expect(fake.stream).toHaveBeenCalledTimes(1);
    expect(input()).toHaveValue('Second question');

    act(() => stream.end());
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it('shows an error event in the error area and appends "Sorry, error."', async () => {
    const stream = controlledStream();
    fake.stream.mockResolvedValue(stream.response);
    open();
    await waitFor(() => expect(fake.stream).toHaveBeenCalled());
    act(() => {
      stream.send('data', 'Partial ');
      stream.send('error', 'The AI service stopped before finishing its answer. Please try again.');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The AI service stopped before finishing its answer. Please try again.',
    );
    expect(log()).toHaveTextContent('Partial');
    expect(within(log()).getByText(CHAT_ERROR_REPLY)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the message of a refused request, or "Error", and appends "Sorry, error."', async () => {
    fake.stream.mockRejectedValueOnce(
      new ApiError('bad-request', 'AI Help is turned off.', {
        status: 403,
        serverError: 'AI Help is turned off.',
      }),
    );
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('AI Help is turned off.');
    expect(within(log()).getAllByText(CHAT_ERROR_REPLY)).toHaveLength(1);

    fake.stream.mockRejectedValueOnce(new Error(''));
    await user.type(input(), 'Again{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Error$/));
    expect(within(log()).getAllByText(CHAT_ERROR_REPLY)).toHaveLength(2);
  });

  it('saves the conversation on close and stops a running reply', async () => {
    const stream = controlledStream();
    fake.stream.mockResolvedValue(stream.response);
    const user = userEvent.setup();
    const { onClose } = open({ assignmentId: 'a1' });
    await waitFor(() => expect(fake.stream).toHaveBeenCalled());
    act(() => stream.send('data', 'Half an answer'));
    await waitFor(() => expect(log()).toHaveTextContent('Half an answer'));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    const signal = fake.stream.mock.calls[0]![2] as AbortSignal;
    expect(signal.aborted).toBe(true);
    expect(fake.post).toHaveBeenCalledWith('/api/ai-help-save', {
      assignment_id: 'a1',
      messages: [
        { role: 'user', content: CONTEXT },
        { role: 'assistant', content: 'Half an answer' },
      ],
    });
  });

  it('logs a failed load and starts fresh; logs a failed save', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.get.mockRejectedValue(new Error('offline'));
    fake.post.mockRejectedValue(new Error('offline'));
    const stream = controlledStream();
    fake.stream.mockResolvedValue(stream.response);
    const user = userEvent.setup();
    open({ assignmentId: 'a1' });
    await waitFor(() => expect(fake.stream).toHaveBeenCalled());
    expect(errors).toHaveBeenCalledWith('Could not load the saved chat', expect.any(Error));
    act(() => stream.end());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Could not save the chat', expect.any(Error)),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps its submit from reaching a form it is rendered in (the assignment editor's)", async () => {
    fake.stream.mockImplementation(() => new Promise(() => {}));
    const outerSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    const user = userEvent.setup();
    render(
      withSession(
        <form onSubmit={outerSubmit}>
          <ChatModal open onClose={() => {}} context="" />
        </form>,
      ).ui,
    );
    await user.type(input(), 'Hello{Enter}');
    expect(fake.stream).toHaveBeenCalledTimes(1);
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('uses the idea endpoint in idea mode', async () => {
    fake.stream.mockImplementation(() => new Promise(() => {}));
    open({ mode: 'idea' });
    expect(screen.getByRole('dialog', { name: 'AI Ideas' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.stream).toHaveBeenCalledWith(
        '/api/ai-idea-chat',
        expect.anything(),
        expect.anything(),
      ),
    );
  });
});
