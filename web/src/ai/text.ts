import { DEEP_DIVE_SNIPPET_LENGTH, suggestedSubtaskId } from '@brainboard/domain';

/** The first 100 characters of a deep-dive response (docs/product.md, Constants). */
export const snippetOf = (text: string) => text.slice(0, DEEP_DIVE_SNIPPET_LENGTH);

export interface Suggestion {
  /** "suggested-<timestamp>-<index>" (docs/product.md, Data the student sees). */
  id: string;
  title: string;
  /** The AI's guess in minutes, when it gave one. */
  estimate_minutes?: number;
}

/** The suggestions with their ids, numbered in the order the AI gave them. */
export function toSuggestions(
  steps: readonly (string | { title: string; estimate_minutes?: number })[],
  now = Date.now(),
): Suggestion[] {
  return steps.map((step, index) => {
    const id = suggestedSubtaskId(index, now);
    return typeof step === 'string' ? { id, title: step } : { id, ...step };
  });
}
