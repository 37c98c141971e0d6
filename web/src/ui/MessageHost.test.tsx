import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageHost } from './MessageHost.tsx';
import { askToConfirm, showAlert } from './notify.ts';

const DELETE = 'Are you sure you want to delete this assignment? This action cannot be undone.';

describe("the app's alert dialog for the spec's messages", () => {
  it('asks a confirmation with focus on Cancel; Escape is Cancel, OK is yes', async () => {
    const alertSpy = vi.spyOn(window, 'alert');
    const confirmSpy = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    render(<MessageHost />);

    let answer!: Promise<boolean>;
    act(() => void (answer = askToConfirm(DELETE)));
    const dialog = await screen.findByRole('alertdialog', { name: DELETE });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => void (answer = askToConfirm(DELETE)));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    expect(alertSpy).not.toHaveBeenCalled();
    expect(confirmSpy).not.toHaveBeenCalled();
  });

  it('shows alerts one at a time, in the order asked, each with OK', async () => {
    const user = userEvent.setup();
    render(<MessageHost />);
    let first!: Promise<void>;
    let second!: Promise<void>;
    act(() => {
      first = showAlert('Failed to save note: one.');
      second = showAlert('Failed to save note: two.');
    });
    await screen.findByRole('alertdialog', { name: 'Failed to save note: one.' });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await first;
    await screen.findByRole('alertdialog', { name: 'Failed to save note: two.' });
    await user.keyboard('{Escape}');
    await second;
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
