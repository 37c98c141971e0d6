/**
 * Text rules shared by every text field: well-formed Unicode (no lone UTF-16 surrogate, the
 * remains of a broken emoji) and at least one visible character where text is required.
 */

/** True when `text` holds no lone surrogate. */
export function isWellFormedText(text: string): boolean {
  // A high surrogate not followed by a low one, or a low one not preceded by a high one.
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** `text` with every lone surrogate replaced by U+FFFD (what `toWellFormed` does). */
export function toWellFormedText(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/**
 * Characters that draw nothing: white space, controls, format characters (zero-width
 * spaces and joiners, bidirectional marks), combining marks on their own, and the
 * variation selectors.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** True when `text` has at least one character that draws something. */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

/** `text` cut to at most `max` UTF-16 code units without splitting a grapheme (an emoji, say). */
export function truncateGraphemes(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(
    text,
  )) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out;
}
