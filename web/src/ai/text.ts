import { DEEP_DIVE_SNIPPET_LENGTH, suggestedSubtaskId } from '@brainboard/domain';

/** The first 100 characters of a deep-dive response (SPEC §9). */
export const snippetOf = (text: string) => text.slice(0, DEEP_DIVE_SNIPPET_LENGTH);

export interface Suggestion {
  /** "suggested-<timestamp>-<index>" (SPEC §3). */
  id: string;
  title: string;
}

/** The suggestions with their ids, numbered in the order the AI gave them. */
export function toSuggestions(titles: string[], now = Date.now()): Suggestion[] {
  return titles.map((title, index) => ({ id: suggestedSubtaskId(index, now), title }));
}
