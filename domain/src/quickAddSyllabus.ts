/**
 * The rule-based reading of a syllabus (docs/product.md, Syllabus to deadlines): the quick-add
 * parser over the text's lines, table rows and sentences. Every piece of text that names a day
 * ("Sep 14", "9/14", "Wed Jan 13") and says what is due becomes one item; week headers, office
 * hours and days off are passed over. A term named in the text ("Fall 2026") anchors dates
 * without a year to that term; otherwise a date is the one nearest to now.
 *
 * Pure, with the present, zone and locale passed in; used by the server when AI Help is off.
 */
import { parseQuickAdd, type QuickAddContext } from './quickAdd.ts';
import { instantOfWallTime } from './timeZone.ts';

export const SYLLABUS_KINDS = ['assignment', 'quiz', 'exam', 'reading'] as const;
export type SyllabusKind = (typeof SYLLABUS_KINDS)[number];

export interface SyllabusItemRead {
  title: string;
  /** 'YYYY-MM-DDTHH:MM:00' on the student's wall clock. */
  due_date: string;
  kind: SyllabusKind;
}

/** What a title says it is: an exam, a quiz, a reading, else an assignment. */
function kindOf(title: string): SyllabusKind {
  if (/\b(?:exam|exams|midterm|final test|test)\b/i.test(title)) return 'exam';
  if (/\bquiz(?:zes)?\b/i.test(title)) return 'quiz';
  if (/\b(?:read|reading|readings|chapters?|ch\.)\b/i.test(title)) return 'reading';
  return 'assignment';
}

const COURSE_RE = /\b([A-Z]{2,5})[ -]?(\d{3,4}[A-Z]?)\b/;

/** The course code the text names first ("HIST 210"), else `fallback`. */
export function courseOf(text: string, fallback: string): string {
  const m = COURSE_RE.exec(text.slice(0, 2000));
  return m ? `${m[1]} ${m[2]}` : fallback;
}

const TERM_RE = /\b(spring|summer|fall|autumn|winter)\s+(20\d\d)\b/i;
const TERM_START_MONTH: Record<string, number> = {
  spring: 1,
  winter: 1,
  summer: 5,
  fall: 8,
  autumn: 8,
};

/** Text that names a day but is no deadline: days off, office hours, registration dates. */
const NOT_DUE =
  /\b(?:no class(?:es)?|no school|holiday|break|office hours?|recess|last day to|add\/drop|withdraw(?:al)?|posted on)\b/i;
/** A heading that names a span of days, not something due ("Week 3 (Jan 25-29): ..."). */
const HEADING = /^(?:week|class|session|lecture|day|unit|module)\s*\d+\b/i;
/** Words at the start of a sentence that belong to no title. */
const LEAD_WORDS =
  /^(?:(?:the|your|our|a|an|there (?:is|will be) an?|before our discussion|please|also|then|finally)[\s,]+)+/i;

/** A kind written as a table's last column ("Final paper Assignment"). */
const KIND_LABEL = /\s+(?:Assignment|Homework|Project|Reading|Quiz|Exam|Test)$/;

/**
 * The pieces of a syllabus's text that may each be one item: lines, with wrapped prose joined
 * back into sentences, split at sentence ends and semicolons.
 */
function pieces(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const joined: string[] = [];
  for (const line of lines) {
    const last = joined[joined.length - 1];
    // A long line that stops mid-sentence was wrapped: the next line goes on with it.
    if (last !== undefined && last.length >= 60 && !/[.!?:;]$/.test(last)) {
      joined[joined.length - 1] = `${last} ${line}`;
    } else joined.push(line);
  }
  return joined.flatMap((line) =>
    line
      .split(/(?<=[.!?])\s+(?=[A-Z])|;\s*/)
      .map((p) => p.trim())
      .filter(Boolean),
  );
}

const normal = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The dated items of a syllabus's text, in the order they appear, each once. */
export function readSyllabusText(text: string, ctx: QuickAddContext): SyllabusItemRead[] {
  const term = TERM_RE.exec(text.slice(0, 2000));
  const from = term
    ? {
        now: instantOfWallTime(
          {
            year: Number(term[2]),
            month: TERM_START_MONTH[(term[1] as string).toLowerCase()] as number,
            day: 1,
            hour: 0,
            minute: 0,
          },
          ctx.zone,
        ),
        forward: true,
      }
    : { forward: false };
  const items: SyllabusItemRead[] = [];
  const seen = new Set<string>();
  for (const piece of pieces(text)) {
    if (NOT_DUE.test(piece)) continue;
    const read = parseQuickAdd(piece.replace(/^[•*\-–]\s*/, ''), {
      ...ctx,
      ...from,
      requireDay: true,
    });
    if (!read.due_date || HEADING.test(read.title)) continue;
    const title = read.title.replace(LEAD_WORDS, '').replace(/\s+(?:is|are)$/i, '');
    if (!/\p{L}/u.test(title) || read.title === piece) continue;
    // A table's "Type" column ends the row: it says the kind and is no part of the title.
    const kind = kindOf(title);
    const bare = title.split(' ').length >= 3 ? title.replace(KIND_LABEL, '') : title;
    const shown = bare.charAt(0).toUpperCase() + bare.slice(1);
    const key = `${normal(shown)}|${read.due_date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ title: shown, due_date: read.due_date, kind });
  }
  return items;
}
