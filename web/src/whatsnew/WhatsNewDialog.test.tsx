import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderInApp } from '../app/testHelpers.tsx';
import { api } from '../firebase/api.ts';
import { WhatsNewDialog } from './WhatsNewDialog.tsx';

vi.mock('../firebase/api.ts', () => ({ api: { patch: vi.fn() } }));
const patch = vi.mocked(api.patch);

beforeEach(() => {
  patch.mockReset();
  patch.mockImplementation(async (_path: string, body: unknown) => ({ updated: body }));
});

const upgraded = makeUser({ last_used_version: '0.1.0', last_whats_new_version: '0.1.0' });

function show(user = upgraded) {
  return renderInApp(<WhatsNewDialog />, { session: { user } });
}

describe("What's New dialog", () => {
  it('opens after an upgrade with the newer features: title, intro, list and "Got it!"', () => {
    show();
    const dialog = screen.getByRole('dialog', { name: "What's New!" });
    expect(dialog).toHaveTextContent('Focus Mode');
    expect(dialog).toHaveTextContent('Enhanced Due Date Timing');
    // 0.1.0 features were seen before.
    expect(dialog).not.toHaveTextContent('AI Subtask Suggestions');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Got it!' })).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('shows every release to a first-time user', () => {
    show(makeUser({ last_used_version: null, last_whats_new_version: null }));
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('stays closed and changes nothing when everything is current', () => {
    show(makeUser({ last_used_version: '0.2.0', last_whats_new_version: '0.2.0' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('stays closed when already shown for this version, updating last_used_version silently', async () => {
    const { session } = show(
      makeUser({ last_used_version: '0.1.0', last_whats_new_version: '0.2.0' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/user/u1', { last_used_version: '0.2.0' }),
    );
    expect(patch).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(session!.mergeUser).toHaveBeenCalledWith({ last_used_version: '0.2.0' }),
    );
  });

  it('"Got it!" closes it and saves both versions', async () => {
    const { session } = show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const closed = { last_whats_new_version: '0.2.0', last_used_version: '0.2.0' };
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/user/u1', closed));
    await waitFor(() => expect(session!.mergeUser).toHaveBeenCalledWith(closed));
  });

  it('Escape closes it and saves both versions', async () => {
    show();
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/user/u1', {
        last_whats_new_version: '0.2.0',
        last_used_version: '0.2.0',
      }),
    );
    expect(patch).toHaveBeenCalledTimes(1);
  });

  it('a click on the overlay closes it and saves both versions', async () => {
    show();
    const overlay = document.querySelector('.modal-overlay');
    expect(overlay).not.toBeNull();
    // Radix starts listening for outside clicks one tick after opening.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await userEvent.setup().click(overlay!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
  });

  it('only logs a failed save, and stays closed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    patch.mockRejectedValue(new Error('offline'));
    show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it!' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
