import {
  cleanText,
  hasVisibleCharacter,
  SUBTASK_MAX_LENGTH,
  storedEstimate,
  truncateGraphemes,
  type SuggestedSubtask,
} from '@brainboard/domain';
import { SUGGESTIONS_MAX } from './limits.ts';

/**
 * A title cleaned by the text rules (domain/src/safeText.ts: no control or bidirectional
 * characters, no lone surrogate) and cut to `max` characters, at a word boundary when one is
 * near, and never inside a grapheme (an emoji's two halves stay together).
 */
export function capTitle(title: string, max = SUBTASK_MAX_LENGTH): string {
  title = cleanText(title, 'line').replace(/\s+/g, ' ').trim();
  if (title.length <= max) return title;
  const cut = truncateGraphemes(title, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd();
}

/** A suggested estimate as whole minutes from 1 to 600, or null. */
function estimateOf(item: unknown): number | null {
  const raw = (item as { estimate_minutes?: unknown } | null)?.estimate_minutes;
  return typeof raw === 'number' ? storedEstimate(Math.round(raw)) : null;
}

/**
 * The subtasks in a structured-output answer: `{ "subtasks": [...] }` with
 * strings or `{ title, estimate_minutes }` objects. Whitespace is collapsed,
 * blanks and repeats dropped, titles capped at 125 characters (docs/product.md, Limits),
 * estimates kept only as whole minutes from 1 to 600. Null when the answer is
 * not the JSON asked for.
 */
export function suggestionsFromJson(
  content: string,
  max = SUGGESTIONS_MAX,
): SuggestedSubtask[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object'
      ? (parsed as { subtasks?: unknown }).subtasks
      : undefined;
  if (!Array.isArray(list)) return null;
  const seen = new Set<string>();
  const suggestions: SuggestedSubtask[] = [];
  for (const item of list) {
    const raw =
      typeof item === 'string'
        ? item
        : item &&
            typeof item === 'object' &&
            typeof (item as { title?: unknown }).title === 'string'
          ? (item as { title: string }).title
          : '';
    const title = capTitle(raw);
    if (!hasVisibleCharacter(title) || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    suggestions.push({ title, estimate_minutes: estimateOf(item) });
    if (suggestions.length >= max) break;
  }
  return suggestions;
}
