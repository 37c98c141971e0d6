import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useFocusMode } from '../focus/focusContext.ts';
import { Icon } from '../ui/icons.tsx';
import { isWhatNowKey } from './whatNowKey.ts';
import './whatnow.css';

// The dialog's code loads when it is first opened (the service worker precaches it): the board's
// first paint has a budget (bench/bundle-size.ts), and many visits never ask.
const WhatNowDialog = lazy(() =>
  import('./WhatNowDialog.tsx').then((m) => ({ default: m.WhatNowDialog })),
);

/**
 * "What now?": the header button (and the N key on the board) opens the dialog that picks one
 * assignment to start with (WhatNowDialog.tsx).
 */
export function WhatNowButton() {
  const focus = useFocusMode();
  const [openedAt, setOpenedAt] = useState<Date | null>(null);

  const open = useCallback(() => setOpenedAt(new Date()), []);
  const close = useCallback(() => setOpenedAt(null), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isWhatNowKey(e)) return;
      if (focus.isOpen || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focus.isOpen, open]);

  return (
    <>
      <button
        type="button"
        className="button button--quiet what-now-button"
        onClick={open}
        aria-keyshortcuts="N"
        title="What now? (N)"
      >
        <Icon name="compass" />
        <span className="dashboard__label">What now?</span>
      </button>
      {openedAt && (
        <Suspense fallback={null}>
          <WhatNowDialog key={openedAt.getTime()} openedAt={openedAt} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
