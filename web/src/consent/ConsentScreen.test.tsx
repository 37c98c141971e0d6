import { ACCEPTANCE_SAVE_ERROR, ACCEPTANCE_SAVE_FAILED } from '@brainboard/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import * as notify from '../ui/notify.ts';
import { ConsentScreen } from './ConsentScreen.tsx';
import { pageReload } from './pageReload.ts';

vi.mock('../data/api.ts', () => ({ api: { post: vi.fn() } }));

const post = vi.mocked(api.post);
let reload: ReturnType<typeof vi.spyOn>;
let alert: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  post.mockReset();
  reload = vi.spyOn(pageReload, 'run').mockImplementation(() => {});
  alert = vi.spyOn(notify, 'showAlert').mockResolvedValue();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function tickBoth() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
  await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
  return user;
}

describe('ConsentScreen', () => {
  it('links to both documents', () => {
    render(<ConsentScreen />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
  });

  it('enables Accept only when both boxes are ticked', async () => {
    const user = userEvent.setup();
    render(<ConsentScreen />);
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    expect(accept).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    expect(accept).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    expect(accept).toBeDisabled();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends both acceptances and reloads the page on success', async () => {
    post.mockResolvedValue({
      ok: true,
      privacy_accepted_at: '2026-11-21T10:00:00Z',
      tos_accepted_at: '2026-11-21T10:00:00Z',
    });
    render(<ConsentScreen />);
    const user = await tickBoth();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/api/acceptance', {
      privacyAccepted: true,
      tosAccepted: true,
    });
    expect(alert).not.toHaveBeenCalled();
  });

  it('says "Failed to save acceptance" when the server refuses', async () => {
    post.mockRejectedValue(
      new ApiError('bad-response', 'Firestore is down', { status: 503, serverError: 'down' }),
    );
    render(<ConsentScreen />);
    const user = await tickBoth();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ACCEPTANCE_SAVE_FAILED));
    expect(ACCEPTANCE_SAVE_FAILED).toBe('Failed to save acceptance. Please try again.');
    expect(reload).not.toHaveBeenCalled();
    // The student can try again.
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('says "Failed to save acceptance" when the answer is not ok', async () => {
    post.mockResolvedValue({ ok: false });
    render(<ConsentScreen />);
    const user = await tickBoth();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ACCEPTANCE_SAVE_FAILED));
    expect(reload).not.toHaveBeenCalled();
  });

  it('says "Error saving acceptance" when the request itself fails', async () => {
    post.mockRejectedValue(new ApiError('network', 'offline'));
    render(<ConsentScreen />);
    const user = await tickBoth();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ACCEPTANCE_SAVE_ERROR));
    expect(ACCEPTANCE_SAVE_ERROR).toBe('Error saving acceptance. Please try again.');
    expect(reload).not.toHaveBeenCalled();
  });
});
