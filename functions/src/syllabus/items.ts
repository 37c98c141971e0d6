import { createHash } from 'node:crypto';
import type { SyllabusItem } from '@brainboard/domain';

/**
 * An item's key, which is also its card's id: the same course and title (lower case, words
 * only) give the same key in every upload of the syllabus, so an import finds the card an
 * earlier one made.
 */
function itemKey(course: string, title: string): string {
  const normal = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const hash = createHash('sha256')
    .update(`${normal(course)}\n${normal(title)}`)
    .digest('hex');
  return `syl-${hash.slice(0, 24)}`;
}

export const ITEM_KEY_RE = /^syl-[a-f0-9]{24}$/;

/** Items with their keys, each key once (the first item of a title wins). */
export function keyed(items: Omit<SyllabusItem, 'key'>[]): SyllabusItem[] {
  const seen = new Set<string>();
  const out: SyllabusItem[] = [];
  for (const item of items) {
    const key = itemKey(item.course, item.title);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, ...item });
  }
  return out;
}
