import { createContext, useContext } from 'react';
import type { UseAssignments } from './storeTypes.ts';

/**
 * The signed-in student's assignments, one copy for the whole dashboard: the board and Focus
 * Mode read and write the same list, so a change in one shows in the other at once.
 */
export const AssignmentsContext = createContext<UseAssignments | null>(null);

export function useAssignmentsStore(): UseAssignments {
  const store = useContext(AssignmentsContext);
  if (!store) throw new Error('useAssignmentsStore must be used inside <AssignmentsProvider>.');
  return store;
}

/** The shared list where there is one (Focus Mode also works on its own, e.g. in tests). */
export const useOptionalAssignmentsStore = (): UseAssignments | null =>
  useContext(AssignmentsContext);
