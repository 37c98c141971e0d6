import { useMemo, useState, type ReactNode } from 'react';
import { FocusModeContext, type FocusModeValue } from './focusContext.ts';

/** Placeholder until Focus Mode lands (issue 6): remembers the request only. */
export function FocusProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const value = useMemo<FocusModeValue>(
    () => ({ open: () => setOpen(true), isOpen, gateLocked: false }),
    [isOpen],
  );
  return <FocusModeContext.Provider value={value}>{children}</FocusModeContext.Provider>;
}
