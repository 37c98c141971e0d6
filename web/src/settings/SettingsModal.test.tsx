import {
  CONFIRM_DELETE_ACCOUNT,
  DELETE_ACCOUNT_FAILED,
  LOGOUT_ERROR,
  LOGOUT_FAILED,
  SETTINGS_SAVE_FAILED,
  SETTINGS_SAVED,
} from '@brainboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from 'firebase/auth';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { readSessionHint, writeSessionHint } from '../data/storage.ts';
import { at, fakeAuth, makeUser, renderInApp } from '../app/testHelpers.tsx';
import { api } from '../data/api.ts';
import * as notify from '../ui/notify.ts';
import { SettingsModal } from './SettingsModal.tsx';

vi.mock('../data/api.ts', () => ({
  api: {
    // The reminders section lists this device's subscriptions when it opens.
    get: vi.fn(async () => []),
    patch: vi.fn(),
    post: vi.fn(),
    delete: vi.fn(),
    clearSession: vi.fn(),
  },
}));
vi.mock('firebase/auth', () => ({ signOut: vi.fn(async () => {}) }));
vi.mock('../firebase/loadAuth.ts', async () => {
  const { fakeAuth: auth } = await import('../app/testHelpers.tsx');
  return { loadAuth: async () => auth };
});

const patch = vi.mocked(api.patch);
const post = vi.mocked(api.post);
const del = vi.mocked(api.delete);

beforeEach(() => {
  localStorage.clear();
  at('/dashboard');
  patch.mockReset();
  post.mockReset();
  del.mockReset();
  vi.mocked(signOut).mockClear();
  vi.mocked(api.clearSession).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderSettings(user = makeUser(), onClose = vi.fn()) {
  const result = renderInApp(
    <>
      <SettingsModal open onClose={onClose} user={user} />
      <Toaster />
    </>,
    { session: { user } },
  );
  return { ...result, onClose, mergeUser: result.session!.mergeUser };
}

describe('SettingsModal', () => {
  it('renders nothing while the user is undefined', () => {
    const onClose = vi.fn();
    renderInApp(<SettingsModal open onClose={onClose} user={undefined} />, {
      session: { user: undefined },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes when the user is null', () => {
    const onClose = vi.fn();
    renderInApp(<SettingsModal open onClose={onClose} user={null} />, {
      session: { user: null },
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the two AI opt-ins with the saved values', () => {
    renderSettings(makeUser({ ai_help_enabled: true, ai_deep_dive_enabled: false }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Enable AI Help' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Enable AI Deep Dive' })).not.toBeChecked();
  });

  it('saves both flags, merges the answer into the session and says "Settings saved" for 3 s', async () => {
    const success = vi.spyOn(toast, 'success');
    patch.mockResolvedValue({ updated: { ai_help_enabled: true, ai_deep_dive_enabled: true } });
    const { mergeUser } = renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Enable AI Help' }));
    await user.click(screen.getByRole('checkbox', { name: 'Enable AI Deep Dive' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/api/user/u1', {
      ai_help_enabled: true,
      ai_deep_dive_enabled: true,
    });
    expect(mergeUser).toHaveBeenCalledWith({ ai_help_enabled: true, ai_deep_dive_enabled: true });
    expect(success).toHaveBeenCalledWith(SETTINGS_SAVED, { duration: 3000 });
  });

  it('asks "Discard your changes?" before closing with an unsaved AI choice', async () => {
    const { onClose } = renderSettings(makeUser({ ai_help_enabled: false }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Enable AI Help' }));
    await user.keyboard('{Escape}');
    const ask = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(within(ask).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Enable AI Help' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(patch).not.toHaveBeenCalled();
  });

  it('closes without a question once the AI choice is saved, or when nothing changed', async () => {
    const success = vi.spyOn(toast, 'success');
    patch.mockResolvedValue({ updated: { ai_help_enabled: true, ai_deep_dive_enabled: false } });
    const { onClose } = renderSettings(makeUser({ ai_help_enabled: false }));
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('checkbox', { name: 'Enable AI Help' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SETTINGS_SAVED, { duration: 3000 }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('puts Save Settings at the end of the AI section, apart from Logout', () => {
    renderSettings();
    const ai = screen.getByRole('group', { name: 'AI features' });
    expect(within(ai).getByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
    expect(within(ai).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('says "Failed to save settings. Please try again." when saving fails', async () => {
    const error = vi.spyOn(toast, 'error');
    patch.mockRejectedValue(new ApiError('bad-response', 'down', { status: 503 }));
    const { mergeUser } = renderSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_SAVE_FAILED)).toBeInTheDocument();
    expect(SETTINGS_SAVE_FAILED).toBe('Failed to save settings. Please try again.');
    expect(error).toHaveBeenCalledWith(SETTINGS_SAVE_FAILED, { duration: 3000 });
    expect(mergeUser).not.toHaveBeenCalled();
  });

  it('logs out: POST /api/auth/logout, forgets the hint, goes to / and signs out of Firebase', async () => {
    writeSessionHint('accepted');
    post.mockResolvedValue({ ok: true });
    renderSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledWith(fakeAuth));
    expect(post).toHaveBeenCalledWith('/api/auth/logout');
    expect(window.location.pathname).toBe('/');
    expect(readSessionHint()).toBeNull();
    await waitFor(() => expect(api.clearSession).toHaveBeenCalled());
  });

  it.each([
    ['the server refuses', new ApiError('bad-response', 'down', { status: 500 }), LOGOUT_FAILED],
    ['the request fails', new ApiError('network', 'offline'), LOGOUT_ERROR],
  ])('says the logout toast when %s, and stays', async (_case, failure, text) => {
    writeSessionHint('accepted');
    post.mockRejectedValue(failure);
    renderSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/dashboard');
    expect(readSessionHint()).toBe('accepted');
  });

  it('asks before deleting the account, and does nothing when the student says no', async () => {
    const confirm = vi.spyOn(notify, 'askToConfirm').mockResolvedValue(false);
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(confirm).toHaveBeenCalledWith(CONFIRM_DELETE_ACCOUNT);
    expect(CONFIRM_DELETE_ACCOUNT).toBe(
      'Are you sure you want to delete your account? This action is permanent and cannot be undone.',
    );
    expect(del).not.toHaveBeenCalled();
  });

  it('deletes the account after confirmation, then signs out and goes to /', async () => {
    vi.spyOn(notify, 'askToConfirm').mockResolvedValue(true);
    del.mockResolvedValue({ ok: true });
    writeSessionHint('accepted');
    renderSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(del).toHaveBeenCalledWith('/api/user/u1');
    expect(window.location.pathname).toBe('/');
    expect(readSessionHint()).toBeNull();
  });

  it('says "Failed to delete account" when deletion fails', async () => {
    vi.spyOn(notify, 'askToConfirm').mockResolvedValue(true);
    del.mockRejectedValue(new ApiError('bad-response', 'down', { status: 500 }));
    renderSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText(DELETE_ACCOUNT_FAILED)).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/dashboard');
  });
});
