import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      {open && (
        <Modal open onClose={() => setOpen(false)} title="Settings">
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('gives focus back to the control that opened it (no Radix Trigger involved)', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.tab();
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Settings' });
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => document.activeElement).toBe(opener);

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await expect.poll(() => document.activeElement).toBe(opener);
  });
});
