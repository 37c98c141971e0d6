import { makeAssignment } from '@brainboard/domain/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as fake } from '../data/testApi.ts';
import BrainDumpDialog from './BrainDumpDialog.tsx';

vi.mock('../data/api.ts', async () => (await import('../data/testApi.ts')).apiModule);

/** A stand-in for the browser's speech recognition: the test says what it heard. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = true;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.started = false;
    this.onend?.();
  }
  hear(...phrases: string[]) {
    this.onresult?.({ results: phrases.map((transcript) => [{ transcript }]) });
  }
}

const w = window as unknown as Record<string, unknown>;

function renderDialog() {
  const props = { onClose: vi.fn(), onAdded: vi.fn(), onAddedAll: vi.fn() };
  render(<BrainDumpDialog {...props} trackWrite={(write) => write} />);
  return props;
}

beforeEach(() => {
  for (const fn of Object.values(fake)) fn.mockReset();
});
afterEach(() => {
  delete w.webkitSpeechRecognition;
  FakeRecognition.last = null;
});

describe('Add several', () => {
  it('hides Speak where the browser cannot listen', () => {
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Speak' })).toBeNull();
  });

  it('puts what it hears in the text, in the browser’s language, until Stop listening', async () => {
    w.webkitSpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    renderDialog();
    const text = screen.getByLabelText('Everything on your mind, in your own words');
    await user.type(text, 'Read chapter 4');
    await user.click(screen.getByRole('button', { name: 'Speak' }));
    const heard = FakeRecognition.last!;
    expect(heard).toMatchObject({ started: true, continuous: true, interimResults: false });
    expect(heard.lang).toBe(navigator.language || 'en-US');
    heard.hear('chem lab on Thursday', ' and the essay outline');
    await waitFor(() =>
      expect(text).toHaveValue('Read chapter 4\nchem lab on Thursday  and the essay outline'),
    );
    await user.click(screen.getByRole('button', { name: 'Stop listening', pressed: true }));
    expect(heard.started).toBe(false);
    expect(screen.getByRole('button', { name: 'Speak', pressed: false })).toBeInTheDocument();
  });

  it('adds each chosen proposal once, also when it is tried again after a failure', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await user.type(
      screen.getByLabelText('Everything on your mind, in your own words'),
      'Lab report. Essay outline',
    );
    const read = screen.getByRole('button', { name: 'Read my list' });
    await waitFor(() => expect(read).toBeEnabled());
    await user.click(read);
    await screen.findByRole('list', { name: 'Proposed assignments' });
    const bodies = () =>
      fake.post.mock.calls.map(([, body]) => body as { id: string; title: string });
    fake.post
      .mockImplementationOnce((_path: string, body: { id: string; title: string }) =>
        Promise.resolve({ item: makeAssignment({ id: body.id, title: body.title }) }),
      )
      .mockRejectedValueOnce(new Error('offline for a moment'))
      .mockImplementation((_path: string, body: { id: string; title: string }) =>
        Promise.resolve({ item: makeAssignment({ id: body.id, title: body.title }) }),
      );
    await user.click(screen.getByRole('button', { name: 'Add 2 assignments' }));
    await screen.findByRole('alert');
    expect(props.onAddedAll).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Add 2 assignments' }));
    await waitFor(() => expect(props.onAddedAll).toHaveBeenCalledTimes(1));
    const [first, second, again, last] = bodies();
    expect([first?.title, second?.title]).toEqual(['Lab report', 'Essay outline']);
    // The retry sends the same ids: the server's idempotent create adds each card once.
    expect([again?.id, last?.id]).toEqual([first?.id, second?.id]);
  });
});
