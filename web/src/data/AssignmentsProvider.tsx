import type { ReactNode } from 'react';
import { useUid } from '../firebase/authContext.ts';
import { AssignmentsContext } from './assignmentsContext.ts';
import { useAssignments } from './useAssignments.ts';

/** Loads and keeps the signed-in student's assignments for everything below it. */
export function AssignmentsProvider({ children }: { children: ReactNode }) {
  const store = useAssignments(useUid());
  return <AssignmentsContext.Provider value={store}>{children}</AssignmentsContext.Provider>;
}
