/**
 * Quick add: a task typed in plain words ("history essay fri 5pm", "lab report due 12/3", "quiz
 * in 2 weeks at 9") read into a title and a due date (docs/product.md, Quick add). Pure, with
 * the present, the student's IANA zone and locale passed in, so the browser (offline, no AI) and
 * the server read the same words the same way.
 *
 * The date words are read by chrono-node's English parser (docs/decisions/0024-quick-add.md):
 * its US (month/day) or day-first configuration by the locale's own date order. It reads on the
 * student's wall clock: "now" is turned into the wall time of their zone and chrono works on that
 * as if it were UTC, so a date is the day the student means wherever the code runs; only "in 3
 * hours" is counted from the real instant (across a daylight-saving change it lands on the wall
 * time a clock would show).
 *
 * It never guesses: a number that counts something ("ch 4", "page 12", "2/3 of the essay") is not
 * a date, and text without a date reads as no due date. Imported by its own path
 * (`@brainboard/domain/quickAdd`), never from the package's index, so the app loads it (and
 * chrono) only when quick add opens.
 */
import { casual, GB, type Chrono, type ParsedResult } from 'chrono-node/en';
import { DEFAULT_DUE_TIME, DUE_TIME_RE } from './quickAddTime.ts';
import { wallTimeAt } from './timeZone.ts';

/** The student's present: an instant, their IANA zone, their locale, their default due time. */
export interface QuickAddContext {
  now: Date | number;
  zone: string;
  /** BCP 47, e.g. "en-US" (month/day) or "en-GB" (day/month). */
  locale: string;
  /** 'HH:MM' (24 h) for a date given without a time; 23:59 when left out. */
  defaultTime?: string | undefined;
  /**
   * True (quick add): a date without a year is the next one to come. False (a syllabus): the
   * one nearest to now, so a term's earlier weeks stay in this year.
   */
  forward?: boolean;
  /** Only a date that names its day counts ("Sep 14", "9/14"; not "Friday" or "tomorrow"). */
  requireDay?: boolean;
}

export interface QuickAddResult {
  /** What is left once the date words are taken out; the whole text when nothing is left. */
  title: string;
  /** 'YYYY-MM-DDTHH:MM:00' on the student's wall clock, or null when no date was found. */
  due_date: string | null;
  /** The words read as the date, as typed ("fri 5pm"), or null. */
  date_text: string | null;
}

/** The longest text one quick add reads (a title is at most 125 characters anyway). */
export const QUICK_ADD_MAX_CHARS = 500;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** True when the locale writes the day before the month (en-GB, de, fr, ...). */
export function isDayFirst(locale: string): boolean {
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(Date.UTC(2000, 10, 22)));
    const order = parts.map((p) => p.type).filter((t) => t === 'day' || t === 'month');
    return order[0] === 'day';
  } catch {
    return false;
  }
}

/** Words before a number that make it a count, not a date ("ch 4", "page 12", "problems 1-3"). */
const COUNT_WORD =
  /\b(?:ch|chap|chapter|chapters|p|pp|pg|page|pages|problem|problems|question|questions|q|ex|exercise|exercises|section|sections|sec|unit|units|lesson|lessons|part|parts|no|number|week|weeks|module|modules|lecture|lectures|slide|slides|vol|volume|step|steps|#)\.?\s*$/i;
/** Only digits and separators: "4", "12/3", "1-3". */
const NUMERIC_ONLY = /^[\d\s/.\-–]+$/;

/** False for a match that is a count or a fraction, not a date. */
function isDate(result: ParsedResult, text: string): boolean {
  const before = text.slice(0, result.index);
  const after = text.slice(result.index + result.text.length);
  if (NUMERIC_ONLY.test(result.text)) {
    if (COUNT_WORD.test(before)) return false;
    // "2/3 of the essay", "1/2 the reading": a fraction.
    if (/^\s*(?:of|the)\b/i.test(after)) return false;
    // A lone number is never a date ("4"), nor is a time without "at" ("by 9" reads as a count).
    if (/^\s*\d{1,2}\s*$/.test(result.text)) return false;
  }
  // "4 pages", "12 problems": a count after the number.
  if (/^\d+$/.test(result.text.trim()) && /^\s*[a-z]/i.test(after)) return false;
  return true;
}

/** Words that tie a date to the task and go with it ("due", "by", "on", "at"). */
const LINK_WORDS = /(?:^|\s)(?:due|by|on|at|before|until|till|for|in|is|are|-|–|—|:|,)\s*$/i;

/** The title: the text without the date words and the words that linked them. */
function titleWithout(text: string, result: ParsedResult | undefined): string {
  let title = text;
  if (result) {
    let left = text.slice(0, result.index).trimEnd();
    for (let i = 0; i < 3 && LINK_WORDS.test(left); i++) {
      left = left.replace(LINK_WORDS, '').trimEnd();
    }
    const right = text
      .slice(result.index + result.text.length)
      .replace(/^[\s,.;:)]+/, '')
      .trim();
    title = `${left} ${right}`;
  }
  title = title
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—:,;.•*]+|[\s\-–—:,;(]+$/g, '')
    .trim();
  if (!title) title = text.replace(/\s+/g, ' ').trim();
  return title.charAt(0).toUpperCase() + title.slice(1);
}

const chronoFor = (locale: string): Chrono => (isDayFirst(locale) ? GB : casual);

/** Parts of the day chrono names, with the hour a student means ("morning" is 9 AM). */
const PART_OF_DAY_HOUR: Record<string, number | null> = {
  'casualReference/morning': 9,
  'casualReference/afternoon': null,
  'casualReference/evening': null,
  'casualReference/tonight': null,
  'casualReference/noon': null,
  'casualReference/midnight': null,
};

/** 'HH:MM' into hour and minute, or 23:59 for anything else. */
function timeParts(value: string | undefined): [number, number] {
  const m = DUE_TIME_RE.exec(value ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [23, 59];
}

/**
 * Reads one task typed in plain words. The date is the first date the text names; a date without
 * a time takes the student's default time; a weekday named alone is the next one (today's name
 * means a week from today).
 */
export function parseQuickAdd(input: string, ctx: QuickAddContext): QuickAddResult {
  const text = input.replace(/\s+/g, ' ').trim().slice(0, QUICK_ADD_MAX_CHARS);
  const nowMs = new Date(ctx.now).getTime();
  const wall = wallTimeAt(nowMs, ctx.zone);
  // The student's wall clock, read as UTC: chrono's days are then the student's days.
  const refMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const results = chronoFor(ctx.locale).parse(
    text,
    { instant: new Date(refMs), timezone: 0 },
    { forwardDate: ctx.forward ?? true },
  );
  const result = results.find(
    (r) =>
      isDate(r, text) &&
      (!ctx.requireDay || (r.start.isCertain('day') && !r.tags().has('result/relativeDate'))),
  );
  const title = titleWithout(text, result);
  if (!result) return { title, due_date: null, date_text: null };

  const tags = result.tags();
  const start = result.start;
  let at = start.date().getTime();
  if (tags.has('result/relativeDateAndTime')) {
    // "in 3 hours": counted from the real instant, then read on the student's clock.
    const w = wallTimeAt(nowMs + (at - refMs), ctx.zone);
    at = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  }
  const d = new Date(at);
  let [hour, minute] = [d.getUTCHours(), d.getUTCMinutes()];
  const partOfDay = [...tags].find((t) => t in PART_OF_DAY_HOUR);
  if (partOfDay) [hour, minute] = [PART_OF_DAY_HOUR[partOfDay] ?? hour, 0];
  else if (!start.isCertain('hour') && !tags.has('result/relativeDateAndTime')) {
    [hour, minute] = timeParts(ctx.defaultTime ?? DEFAULT_DUE_TIME);
  }
  let day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const loneWeekday =
    start.isCertain('weekday') &&
    !start.isCertain('day') &&
    !/\b(?:this|today|tonight)\b/i.test(result.text);
  const today = Date.UTC(wall.year, wall.month - 1, wall.day);
  if (loneWeekday && day === today && (ctx.forward ?? true)) day += 7 * 86_400_000;
  const date = new Date(day);
  const due =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(hour)}:${pad(minute)}:00`;
  return { title, due_date: due, date_text: result.text };
}

/**
 * A pasted paragraph or a spoken brain dump as one task per line or sentence: bullets and
 * numbering taken off, blanks dropped.
 */
export function splitTasks(text: string): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((line) => line.split(/(?<=[.!?;])\s+(?=\S)/))
    .map((part) =>
      part
        .replace(/^\s*(?:[-*•–]|\d{1,2}[.)])\s+/, '')
        .replace(/[.!?;]+\s*$/, '')
        .trim(),
    )
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
}
