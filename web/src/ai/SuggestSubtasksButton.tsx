export interface SuggestSubtasksButtonProps {
  title: string;
  description: string;
  existingSubtasks: string[];
  /** Called with the approved, non-blank titles (SPEC §4 Subtask suggestions). */
  onApprove(titles: string[]): void;
}

/** Placeholder until AI help lands (issue 7). */
export function SuggestSubtasksButton(_props: SuggestSubtasksButtonProps) {
  return null;
}
