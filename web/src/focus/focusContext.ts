import { createContext, useContext } from 'react';

/** Opens Focus Mode from anywhere on the dashboard (header button, shortcut, editor). */
export interface FocusModeValue {
  /** Open with the next due task, or with the given assignment. */
  open(assignmentId?: string): void;
  isOpen: boolean;
  /** The focus button is disabled while focus mode is open and the gate is locked. */
  gateLocked: boolean;
}

export const FocusModeContext = createContext<FocusModeValue | null>(null);

export function useFocusMode(): FocusModeValue {
  const value = useContext(FocusModeContext);
  if (!value) throw new Error('useFocusMode must be used inside <FocusProvider>.');
  return value;
}
