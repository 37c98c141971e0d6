import type { ReactNode } from 'react';
import { useAuthState } from '../firebase/authContext.ts';
import { AssignmentsContext } from './assignmentsContext.ts';
import { useAssignments } from './useAssignments.ts';

/** Loads and keeps the signed-in student's assignments for everything below it. */
export function AssignmentsProvider({ children }: { children: ReactNode }) {
  const auth = useAuthState();
  const store = useAssignments(auth.user?.uid ?? null);
  return <AssignmentsContext.Provider value={store}>{children}</AssignmentsContext.Provider>;
}
