import type { Assignment } from '@brainboard/domain';

export interface AssignmentAiActionsProps {
  /** The assignment being edited (edit mode only: SPEC §6). */
  assignment: Assignment;
  /** Called with the assignment as the server answered after AI changed it (e.g. approved subtasks). */
  onAssignmentChanged(next: Assignment): void;
}

/** Placeholder for the Help and Deep Dive buttons until AI help lands (issue 7). */
export function AssignmentAiActions(_props: AssignmentAiActionsProps) {
  return null;
}
