/**
 * The text rules every way in shares (docs/product.md, Text rules): what the API accepts
 * (`textSchema`), what an import keeps (`importedText`: a school feed, AI answers, a file's name)
 * and what leaves for a notification or a calendar (`cleanText`, `calendarText`).
 *
 * - Control characters are removed. Multi-line text (a description, a note) keeps its line
 *   breaks, as "\n", and its tabs; single-line text (a title, a name) turns each run of line
 *   breaks and tabs into one space.
 * - Bidirectional controls (embeddings, overrides, isolates, and the marks LRM, RLM and ALM) are
 *   removed rather than wrapped in an isolate: inside a field an override still reverses what
 *   follows it ("Homework", U+202E, "fdp.exe" reads as "Homeworkexe.pdf") however the field is
 *   isolated from its neighbours, and Arabic or Hebrew text reads correctly without them (see
 *   docs/decisions/0011-text-rules.md).
 * - Text with nothing visible (white space, zero-width and format characters, marks alone)
 *   counts as blank.
 * - A lone UTF-16 surrogate (half of an emoji) is refused by the API and dropped from imports;
 *   Firestore cannot store one.
 *
 * Everything else is kept as typed: emoji, combining marks, joiners inside a word or an emoji,
 * right-to-left scripts.
 */
import { z } from 'zod';

/** 'line' for titles and names; 'multiline' for descriptions and notes. */
type TextShape = 'line' | 'multiline';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE, 'g');

/** Line breaks of every kind (CR LF counts as one), and the tab. */
const BREAK_OR_TAB = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
/** Control characters (C0, DEL, C1) but the line feed and the tab. */
const CONTROL = /(?![\n\t])\p{Cc}/gu;
/** LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM, ALM. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** True when `text` holds no lone surrogate. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/**
 * `text` without control characters, bidirectional controls or lone surrogates; `shape` says
 * what becomes of line breaks and tabs. Does not trim. Also what stored text passes through on
 * its way to a notification, so a document written before these rules existed leaves clean too.
 */
export function cleanText(text: string, shape: TextShape): string {
  // Surrogates first: halves that only meet once a control between them is gone stay apart.
  const whole = text.replace(LONE_SURROGATES, '');
  const breaks =
    shape === 'line' ? whole.replace(BREAK_OR_TAB, ' ') : whole.replace(LINE_BREAK, '\n');
  return breaks.replace(CONTROL, '').replace(BIDI_CONTROL, '');
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

/** `text` if it fits in `max`, else cut so that it and a closing "…" make exactly `max` at most. */
function cutWithEllipsis(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${truncateGraphemes(text, max - 1).trimEnd()}…`;
}

/**
 * Text that arrives from outside, ready to store: broken characters dropped, cleaned, trimmed
 * and cut to `max` with "…". '' when it is not text or has nothing visible (a required field
 * then has nothing to take).
 */
export function importedText(value: unknown, max: number, shape: TextShape = 'line'): string {
  if (typeof value !== 'string') return '';
  const text = cleanText(value, shape).trim();
  return hasVisibleCharacter(text) ? cutWithEllipsis(text, max) : '';
}

/**
 * Stored text on its way to a calendar (an iCalendar feed, a Google Calendar event): cleaned,
 * with tabs as spaces, so the only control character left is the line break the format escapes.
 */
export function calendarText(text: string, shape: TextShape): string {
  return cleanText(text, shape).replace(/\t/g, ' ');
}

/**
 * A free-text field of an API body. A missing value reads "<field> is required.", another type
 * "<field> must be text.", a lone surrogate "<field> contains a broken character. Please retype
 * it."; then the text is cleaned (unless `clean: false`: ids and version numbers are refused by
 * their own pattern instead of being changed), trimmed when asked, treated as missing when
 * `required` and nothing is visible, and held to `max` ("<field> must be at most <max>
 * characters.", counted on what is stored).
 */
/* @__NO_SIDE_EFFECTS__ */
export function textSchema(
  field: string,
  max: number,
  opts: { shape?: TextShape; trim?: boolean; required?: boolean; clean?: boolean } = {},
) {
  const required = `${field} is required.`;
  let s = z
    .string({
      error: (issue) => (issue.input === undefined ? required : `${field} must be text.`),
    })
    .refine(isWellFormedText, {
      message: `${field} contains a broken character. Please retype it.`,
      abort: true,
    });
  if (opts.clean !== false) {
    const shape = opts.shape ?? 'line';
    s = s.overwrite((v) => cleanText(v, shape));
  }
  if (opts.trim) s = s.trim();
  if (opts.required) {
    s = s.min(1, required).refine((v) => v === '' || hasVisibleCharacter(v), required);
  }
  return s.max(max, `${field} must be at most ${max} characters.`);
}
