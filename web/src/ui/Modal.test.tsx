import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
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

function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return (
    outer && (
      <Modal open onClose={() => setOuter(false)} title="Editor">
        <button type="button" onClick={() => setInner(true)}>
          Ask
        </button>
        <button type="button" onClick={() => setOuter(false)}>
          Close editor
        </button>
        {inner && (
          <Modal open onClose={() => setInner(false)} title="Question">
            <button type="button" onClick={() => setInner(false)}>
              Answer
            </button>
          </Modal>
        )}
      </Modal>
    )
  );
}

describe('Modal: the page behind', () => {
  const marked = () => document.body.classList.contains('modal-open');

  it('is marked while any dialog is open, a question over another one included', async () => {
    const user = userEvent.setup();
    render(<Nested />);
    await screen.findByRole('dialog', { name: 'Editor' });
    expect(marked()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog', { name: 'Question' });
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Question' })).toBeNull();
    // The editor is still open: the toasts still wait.
    expect(marked()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close editor' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(marked()).toBe(false);
  });

  it('does not scroll under a wheel over the overlay, with no lock on <body>', async () => {
    render(<Nested />);
    await screen.findByRole('dialog', { name: 'Editor' });
    const overlay = document.querySelector('.modal-overlay');
    expect(overlay).not.toBeNull();
    const turn = (target: Element) => {
      const wheel = new WheelEvent('wheel', { deltaY: 300, bubbles: true, cancelable: true });
      target.dispatchEvent(wheel);
      return wheel.defaultPrevented;
    };
    expect(turn(overlay!)).toBe(true);
    // No lock on the page itself: no attribute and no overflow on <body>.
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
    expect(document.body.style.overflow).toBe('');
  });
});

describe('Modal: Escape over two dialogs', () => {
  const escape = () =>
    document.activeElement?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
  const closedOuter = vi.fn();
  function Pair() {
    const [inner, setInner] = useState(false);
    return (
      <Modal open onClose={closedOuter} title="Deep Dive">
        <button type="button" onClick={() => setInner(true)}>
          Open the full text
        </button>
        {inner && (
          <Modal open onClose={() => setInner(false)} title="Full text">
            <p>All of it</p>
          </Modal>
        )}
      </Modal>
    );
  }
  const opener = () => screen.getByRole('button', { name: 'Open the full text' });
  const topIsGone = () =>
    expect.poll(() => screen.queryByRole('dialog', { name: 'Full text' })).toBeNull();

  it('closes the dialog on top only, also when pressed as soon as it has the focus', async () => {
    closedOuter.mockClear();
    render(<Pair />);
    await screen.findByRole('dialog', { name: 'Deep Dive' });

    // Outside act(): React's own scheduler decides when its pending work runs, as in a browser.
    // The top dialog opens as a key's click opens it (a synchronous render). Radix learns which
    // dialog is on top in a render of its own, scheduled after that: a key pressed before it
    // (a busy phone, a quick hand) reached the dialog below, and closed both.
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      flushSync(() => opener().click());
      const top = screen.getByRole('dialog', { name: 'Full text' });
      expect(top.contains(document.activeElement)).toBe(true);
      escape();
    } finally {
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    expect(closedOuter).not.toHaveBeenCalled();
    await topIsGone();
    expect(screen.getByRole('dialog', { name: 'Deep Dive' })).toBeTruthy();

    // Opened at a calm moment, the same: Escape closes the top one, and the one below stays.
    await act(async () => opener().click());
    await screen.findByRole('dialog', { name: 'Full text' });
    await act(async () => {
      escape();
    });
    await topIsGone();
    expect(closedOuter).not.toHaveBeenCalled();
    // With nothing over it, Escape closes the one below.
    await act(async () => {
      escape();
    });
    expect(closedOuter).toHaveBeenCalledTimes(1);
  });
});
