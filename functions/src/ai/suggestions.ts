import { SUBTASK_MAX_LENGTH, toWellFormedText, truncateGraphemes } from '@brainboard/domain';
import { SUGGESTIONS_MAX } from './limits.ts';

/**
 * A title cut to `max` characters, at a word boundary when one is near, and never inside a
 * grapheme (an emoji's two halves stay together); lone surrogates are repaired.
 */
export function capTitle(title: string, max = SUBTASK_MAX_LENGTH): string {
  title = toWellFormedText(title);
  if (title.length <= max) return title;
  const cut = truncateGraphemes(title, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd();
}

/**
 * The subtask titles in a structured-output answer: `{ "subtasks": [...] }`
 * with strings or `{ title }` objects. Whitespace is collapsed, blanks and
 * repeats dropped, titles capped at 125 characters (SPEC §5). Null when the
 * answer is not the JSON asked for.
 */
export function suggestionsFromJson(content: string, max = SUGGESTIONS_MAX): string[] | null {
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
  const titles: string[] = [];
  for (const item of list) {
    const raw =
      typeof item === 'string'
        ? item
        : item &&
            typeof item === 'object' &&
            typeof (item as { title?: unknown }).title === 'string'
          ? (item as { title: string }).title
          : '';
    const title = capTitle(raw.replace(/\s+/g, ' ').trim());
    if (!title || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    titles.push(title);
    if (titles.length >= max) break;
  }
  return titles;
}
