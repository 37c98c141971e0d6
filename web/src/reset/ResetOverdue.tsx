import { overdueOf, resetLine } from '@brainboard/domain';
import { lazy, Suspense, useState } from 'react';
import type { ResetOverdueProps } from './ResetSheet.tsx';
import './reset.css';

// The sheet (its dialog, date fields and repeat rules) loads when the student opens it.
const ResetSheet = lazy(() => import('./ResetSheet.tsx'));

export type { ResetOverdueProps };

/**
 * A reset without shame: when cards slipped past their time, one calm line instead of a wall of
 * red, and "Reset" opening a sheet to give each card a new time (ResetSheet.tsx). The line is in
 * the board's first frame, so the columns below it never move when it appears.
 */
export function ResetOverdue(props: ResetOverdueProps) {
  const [open, setOpen] = useState(false);
  const count = overdueOf(props.assignments, props.now ?? new Date()).length;
  if (count === 0 && !open) return null;
  return (
    <>
      {count > 0 && (
        <p className="reset-line">
          <span>{resetLine(count)}</span>{' '}
          <button type="button" className="button button--quiet" onClick={() => setOpen(true)}>
            Reset
          </button>
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <ResetSheet {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
