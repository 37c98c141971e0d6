import { describe, expect, it } from 'vitest';
import {
  calendarText,
  cleanText,
  hasVisibleCharacter,
  importedText,
  isWellFormedText,
  textSchema,
  truncateGraphemes,
} from './safeText.ts';
import { formatValidationError } from './schemas.ts';

/** Right-to-left, emoji and combining marks: text that must come through untouched. */
const KEPT = [
  'واجب الرياضيات', // Arabic
  'שיעורי בית (פרק 2)', // Hebrew with brackets and a digit
  'Essay مقال 2 – draft', // mixed directions
  'می‌خواهم', // Persian with a zero-width non-joiner, which the word needs
  'café e\u0301 A\u0308', // precomposed and combining accents
  '📚 👩🏽‍💻 🇩🇪 ❤️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿', // surrogate pairs, a skin tone, a ZWJ sequence, a flag, VS16, tags
  'नमस्ते', // Devanagari with its marks
];

const BIDI_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

/** The sentence for a value the schema refuses. */
function errorOf(schema: ReturnType<typeof textSchema>, input: unknown): string {
  const r = schema.safeParse(input);
  if (r.success) throw new Error(`expected a refusal for ${JSON.stringify(input)}`);
  return formatValidationError(r.error);
}

describe('cleanText', () => {
  it('removes control characters: C0, DEL and C1', () => {
    expect(cleanText('a\u0000b\u0007c\u001Bd\u007Fe\u009Bf', 'line')).toBe('abcdef');
    expect(cleanText('a\u0000b\u0007c\u001Bd\u007Fe\u009Bf', 'multiline')).toBe('abcdef');
  });

  it('makes a single line of line breaks and tabs, each run one space', () => {
    expect(cleanText('Essay\r\ndraft\tone\n\n two\u2028three\u0085four', 'line')).toBe(
      'Essay draft one  two three four',
    );
  });

  it('keeps line breaks (as \\n) and tabs in multi-line text', () => {
    expect(cleanText('a\r\nb\rc\td\u2028e\u2029f\u0085g\u000Bh\u000Ci', 'multiline')).toBe(
      'a\nb\nc\td\ne\nf\ng\nh\ni',
    );
  });

  it.each(BIDI_CONTROLS.map((c) => [`U+${c.codePointAt(0)?.toString(16).toUpperCase()}`, c]))(
    'removes the bidirectional control %s',
    (_, c) => {
      expect(cleanText(`Homework${c}fdp.exe`, 'line')).toBe('Homeworkfdp.exe');
      expect(cleanText(`a${c}\nb${c}`, 'multiline')).toBe('a\nb');
    },
  );

  it.each(KEPT)('keeps %s exactly as it is', (text) => {
    expect(cleanText(text, 'line')).toBe(text);
    expect(cleanText(text, 'multiline')).toBe(text);
  });

  it('is idempotent', () => {
    const messy = ' a\u0000\r\n\u202Eb\t\u2067c\u2069 ';
    for (const shape of ['line', 'multiline'] as const) {
      expect(cleanText(cleanText(messy, shape), shape)).toBe(cleanText(messy, shape));
    }
  });

  it('drops a lone surrogate, and keeps a whole emoji', () => {
    expect(cleanText('a\uD800b\uDE00c📚', 'line')).toBe('abc📚');
    expect(cleanText('\uD83D\u0000\uDCDA', 'line')).toBe('');
  });
});

describe('isWellFormedText', () => {
  it('counts an emoji (a surrogate pair) as one well-formed character', () => {
    expect(isWellFormedText('📚')).toBe(true);
    expect(isWellFormedText('\uDBFF\uDFFF')).toBe(true);
    expect(isWellFormedText(KEPT.join(' '))).toBe(true);
  });
  it('finds a lone high or low surrogate anywhere', () => {
    expect(isWellFormedText('a\uD83D')).toBe(false);
    expect(isWellFormedText('\uDE00a')).toBe(false);
    expect(isWellFormedText('a\uD800b')).toBe(false);
    expect(isWellFormedText('\uDE00\uD83D')).toBe(false);
  });
});

describe('hasVisibleCharacter', () => {
  it.each([
    ['zero-width characters', '\u200B\u200C\u200D\u2060\uFEFF'],
    ['white space', ' \t\n\u00A0\u3000'],
    ['controls', '\u0000\u0007'],
    ['bidi controls', BIDI_CONTROLS.join('')],
    ['combining marks alone', '\u0301\u0308'],
    ['a variation selector', '\uFE0F'],
    ['Hangul fillers and a blank braille cell', '\u3164\u115F\u2800'],
  ])('is false for %s', (_, text) => {
    expect(hasVisibleCharacter(text)).toBe(false);
  });
  it.each(KEPT)('is true for %s', (text) => {
    expect(hasVisibleCharacter(text)).toBe(true);
  });
});

describe('truncateGraphemes', () => {
  it('never splits an emoji or a letter from its accent', () => {
    expect(truncateGraphemes('ab📚', 3)).toBe('ab');
    expect(truncateGraphemes('abe\u0301', 3)).toBe('ab');
    expect(truncateGraphemes('a👩🏽‍💻', 4)).toBe('a');
  });
});

describe('importedText', () => {
  it('keeps text within the limit as it is, trimmed', () => {
    expect(importedText('  Essay draft  ', 125)).toBe('Essay draft');
    expect(importedText('x'.repeat(125), 125)).toBe('x'.repeat(125));
  });

  it('cuts text over the limit to exactly the limit, ending with "…"', () => {
    const title = importedText(`Long ${'t'.repeat(195)}`, 125);
    expect(title).toHaveLength(125);
    expect(title).toBe(`Long ${'t'.repeat(119)}…`);
    const description = importedText('d'.repeat(5000), 2000, 'multiline');
    expect(description).toHaveLength(2000);
    expect(description.endsWith('d…')).toBe(true);
  });

  it('never cuts an emoji in half', () => {
    const cut = importedText(`${'a'.repeat(123)}📚📚`, 125);
    expect(cut).toBe(`${'a'.repeat(123)}…`);
    expect(isWellFormedText(cut)).toBe(true);
  });

  it('removes controls and bidi controls; keeps line breaks only in multi-line text', () => {
    expect(importedText('Essay\u0000 draft\u202Efdp.exe\u0007', 125)).toBe('Essay draftfdp.exe');
    expect(importedText('Line\u0000 one\r\nLine two\u001B', 2000, 'multiline')).toBe(
      'Line one\nLine two',
    );
    expect(importedText('Line one\nLine two', 125)).toBe('Line one Line two');
  });

  it('drops lone surrogates, so nothing broken is ever stored', () => {
    expect(importedText('Es\uD83Dsay\uDE00', 125)).toBe('Essay');
  });

  it('answers "" for text with nothing visible, and for anything that is not text', () => {
    expect(importedText('\u200B\u200C\u2060', 125)).toBe('');
    expect(importedText('\u202E\u0000 \uD800', 125)).toBe('');
    expect(importedText(undefined, 125)).toBe('');
    expect(importedText(42, 125)).toBe('');
  });

  it.each(KEPT)('keeps %s readable', (text) => {
    expect(importedText(text, 125)).toBe(text);
  });
});

describe('cleanText and calendarText on the way out', () => {
  it('give a notification or a calendar no control, bidi control or broken character', () => {
    expect(cleanText('Lab\u0000 report\u202E\uD800', 'line')).toBe('Lab report');
    expect(cleanText('a\u0000\r\nb\tc', 'multiline')).toBe('a\nb\tc');
    expect(calendarText('a\u0000\r\nb\tc\u2067', 'multiline')).toBe('a\nb c');
    expect(calendarText('Quiz\tone\r\n', 'line')).toBe('Quiz one ');
  });
  it.each(KEPT)('keep %s', (text) => {
    expect(cleanText(text, 'line')).toBe(text);
    expect(calendarText(text, 'multiline')).toBe(text);
  });
});

describe('textSchema (the API)', () => {
  const title = textSchema('title', 125, { trim: true, required: true });
  const description = textSchema('description', 2000, { shape: 'multiline' });

  it('stores the cleaned text', () => {
    expect(title.parse(' Essay\u0000 draft\u202E\r\n')).toBe('Essay draft');
    expect(description.parse('a\u0000\r\nb\tc\u2066')).toBe('a\nb\tc');
  });

  it('counts the length of what is stored, and names the field and the limit', () => {
    expect(title.parse(`${'x'.repeat(125)}\u0000\u202E`)).toHaveLength(125);
    expect(errorOf(title, 'x'.repeat(126))).toBe('title must be at most 125 characters.');
  });

  it('treats text with nothing visible as blank: "<field> is required."', () => {
    for (const blank of ['', '  ', '\u200B\u200B', '\u202E\u0000', '\u2060\uFEFF\t', '\u0301']) {
      expect(errorOf(title, blank)).toBe('title is required.');
    }
  });

  it('refuses a lone surrogate with a sentence, before any other check', () => {
    expect(errorOf(title, 'ab\uD800c')).toBe(
      'title contains a broken character. Please retype it.',
    );
    expect(errorOf(title, `${'x'.repeat(200)}\uDC00`)).toBe(
      'title contains a broken character. Please retype it.',
    );
    expect(errorOf(description, 'a\uDBFF')).toBe(
      'description contains a broken character. Please retype it.',
    );
  });

  it('answers "<field> is required." when missing and "<field> must be text." for another type', () => {
    expect(errorOf(title, undefined)).toBe('title is required.');
    expect(errorOf(title, 5)).toBe('title must be text.');
  });

  it.each(KEPT)('accepts %s as typed', (text) => {
    expect(title.parse(text)).toBe(text);
  });

  it('with clean: false refuses instead of cleaning (ids and versions are not prose)', () => {
    const id = textSchema('id', 128, { required: true, clean: false }).regex(
      /^[a-z]+$/,
      'id is not valid.',
    );
    expect(errorOf(id, 'ab\u0000c')).toBe('id is not valid.');
  });
});
