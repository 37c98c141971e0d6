import {
  assignmentCreateSchema,
  compareAssignments,
  isClientId,
  REPEAT_NEEDS_DUE_DATE,
  repeatSchema,
  validate,
  type ImportReport,
  type Repeat,
  type RepeatInput,
  type Status,
} from '@brainboard/domain';
import type { Firestore } from 'firebase-admin/firestore';
import {
  assignmentsOf,
  isoDate,
  noteMap,
  subtaskMap,
  type AssignmentDoc,
} from '../assignments/store.ts';
import {
  isTimedDue,
  repeatOf,
  seriesOfInput,
  seriesRef,
  type SeriesDoc,
} from '../assignments/series.ts';
import { touchBoard } from '../board/stamp.ts';
import { HttpError } from '../http/errors.ts';
import { readForSchedule } from '../reminderSchedule/schedule.ts';
import { requireLiveAccount } from '../profile/liveAccount.ts';
import { ImportFormatError, parseImport, type ImportFormat } from './importParse.ts';

/** The most assignments one import takes. */
const IMPORT_MAX_ASSIGNMENTS = 2000;
/** The largest import file, in bytes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * New cards written per transaction: each is one create and one reminder-schedule write, at
 * most one repeat (series) created with it, and the board's stamp one more, well inside a
 * transaction's 500 writes.
 */
const CARDS_PER_WRITE = 100;

type Skip = ImportReport['skipped'][number];

/** A repeat of the file, checked as the API checks a new repeating assignment. */
interface ImportedSeries {
  repeat: NonNullable<RepeatInput>;
  /** What its next cards start from, and the first due date (the anchor). */
  input: Parameters<typeof seriesOfInput>[2];
  zone: string;
  open_id: string;
  stopped: boolean;
}

/** Where a card of a repeat belongs: laid out as `POST /api/assignment` with a repeat does. */
interface RepeatLink {
  series_id: string;
  repeat: Repeat;
}

/**
 * A series document of a Brainboard export as a repeat the API would start: its rule and
 * template checked with the create body's schema (`repeat`, title, description, steps,
 * reminders) and its first due date with a time, or the sentence why not. A series without a
 * zone takes the student's.
 */
function seriesOfFile(raw: Record<string, unknown>, zone: string): ImportedSeries | string {
  const t = (raw.template && typeof raw.template === 'object' ? raw.template : {}) as Record<
    string,
    unknown
  >;
  const result = validate(assignmentCreateSchema, {
    title: t.title,
    description: t.description,
    due_date: raw.anchor,
    subtasks: Array.isArray(t.subtasks) ? t.subtasks.map((title) => ({ title })) : t.subtasks,
    reminders: t.reminders ?? null,
    repeat: {
      rrule: raw.rrule,
      until: raw.until ?? null,
      ...(raw.zone === undefined ? {} : { zone: raw.zone }),
    },
  });
  if (!result.success) return result.error;
  const { repeat, ...data } = result.data;
  if (!repeat || !isTimedDue(data.due_date)) return REPEAT_NEEDS_DUE_DATE;
  if (typeof raw.open_id !== 'string' || !isClientId(raw.open_id)) {
    return 'Its open card (open_id) is not the id of a card.';
  }
  return {
    repeat,
    input: {
      title: data.title,
      description: data.description,
      due_date: data.due_date,
      subtasks: data.subtasks,
      reminders: data.reminders,
    },
    zone: repeat.zone ?? zone,
    open_id: raw.open_id,
    stopped: raw.stopped === true,
  };
}

/**
 * Which new cards of a Brainboard import keep their repeat. The repeats of the file (its
 * `series` list) are checked as the API checks a new repeating assignment; a card of one that
 * passes gets its `series_id` and its `repeat` (its own rule when that is a valid one, else the
 * series'), and the series is created with the cards. The cards of a repeat that fails, or that
 * the file does not hold, come in as single cards: said once, at the line of its first card.
 * Pure: `zone` is the student's.
 */
export function linkRepeats(
  cards: readonly { line: number; id: string; series_id?: string; repeat?: unknown }[],
  seriesList: readonly Record<string, unknown>[],
  zone: string,
): { series: Map<string, ImportedSeries>; links: Map<string, RepeatLink>; skipped: Skip[] } {
  const byId = new Map<string, Record<string, unknown>>();
  for (const raw of seriesList) {
    if (typeof raw.id === 'string' && isClientId(raw.id) && !byId.has(raw.id)) {
      byId.set(raw.id, raw);
    }
  }
  const series = new Map<string, ImportedSeries>();
  const links = new Map<string, RepeatLink>();
  const refused = new Map<string, { line: number; why: string; count: number }>();
  for (const card of cards) {
    const id = card.series_id;
    if (id === undefined) continue;
    const failed = refused.get(id);
    if (failed) {
      failed.count += 1;
      continue;
    }
    let kept = series.get(id);
    if (!kept) {
      const raw = byId.get(id);
      const checked = raw ? seriesOfFile(raw, zone) : 'The file does not hold this repeat.';
      if (typeof checked === 'string') {
        refused.set(id, { line: card.line, why: checked, count: 1 });
        continue;
      }
      kept = checked;
      series.set(id, kept);
    }
    const own = validate(repeatSchema, card.repeat);
    links.set(card.id, {
      series_id: id,
      repeat: repeatOf(own.success && own.data ? own.data : kept.repeat),
    });
  }
  const skipped = [...refused.values()].map(({ line, why, count }) => ({
    line,
    reason: `Repeat left out: ${why} ${
      count === 1
        ? 'The card comes in as a single card.'
        : `Its ${count} cards come in as single cards.`
    }`,
  }));
  return { series, links, skipped };
}

/**
 * The order new cards are written in, so each column comes back as the file had it: a card
 * with a rank (a Brainboard export's) in the board's order (rank, then when it was made, then
 * id), before those without one, which keep the file's order. Columns are apart: each card
 * goes to the end of its own.
 */
export function inBoardOrder<
  T extends { id: string; column: Status; rank?: number; created_at?: string },
>(cards: readonly T[]): T[] {
  const columns = new Map<Status, T[]>();
  for (const c of cards) {
    const list = columns.get(c.column);
    if (list) list.push(c);
    else columns.set(c.column, [c]);
  }
  return [...columns.values()].flatMap((list) =>
    [...list].sort((a, b) =>
      a.rank === undefined || b.rank === undefined
        ? Number(a.rank === undefined) - Number(b.rank === undefined)
        : compareAssignments(a, b),
    ),
  );
}

/**
 * Merges an import file into the student's board: new ids are created, ids the board holds are
 * left as they are (so importing the same file again adds nothing), and nothing is ever
 * deleted. Every card is validated with the same schema as `POST /api/assignment`; a card that
 * fails is skipped with its line and the sentence why. With `dryRun` nothing is written.
 * `onProgress` is told after each database step (the route's deadline moves on with it).
 */
export async function importInto(
  db: Firestore,
  uid: string,
  input: { format: ImportFormat; content: string; dryRun: boolean },
  zone: string,
  now: Date,
  onProgress?: () => void,
): Promise<ImportReport> {
  let parsed;
  try {
    parsed = parseImport(input.format, input.content, zone);
  } catch (err) {
    if (err instanceof ImportFormatError) throw new HttpError(400, err.message);
    throw err;
  }
  if (parsed.candidates.length > IMPORT_MAX_ASSIGNMENTS) {
    throw new HttpError(
      413,
      `That file holds ${parsed.candidates.length} assignments; one import takes at most ${IMPORT_MAX_ASSIGNMENTS}. Split it and import each part.`,
    );
  }
  const skipped = [...parsed.skipped];
  const valid: {
    line: number;
    id: string;
    card: ReturnType<typeof toCard>;
    column: Status;
    mapped_from?: string;
    rank?: number;
    created_at?: string;
    series_id?: string;
    repeat?: unknown;
  }[] = [];
  const seen = new Set<string>();
  for (const c of parsed.candidates) {
    const result = validate(assignmentCreateSchema, c.body);
    if (!result.success) {
      skipped.push({ line: c.line, reason: result.error });
      continue;
    }
    const id = result.data.id!;
    if (seen.has(id)) {
      skipped.push({ line: c.line, reason: 'The same assignment appears twice in the file.' });
      continue;
    }
    seen.add(id);
    valid.push({
      line: c.line,
      id,
      card: toCard(result.data, c.completed_date),
      column: result.data.status,
      ...(c.mapped_from ? { mapped_from: c.mapped_from } : {}),
      ...(c.rank === undefined ? {} : { rank: c.rank }),
      ...(c.created_at === undefined ? {} : { created_at: c.created_at }),
      ...(c.series_id === undefined ? {} : { series_id: c.series_id, repeat: c.repeat }),
    });
  }

  const refs = valid.map((v) => assignmentsOf(db, uid).doc(v.id));
  const existing = new Set<string>();
  for (let i = 0; i < refs.length; i += 300) {
    const snaps = await db.getAll(...refs.slice(i, i + 300), { fieldMask: ['status'] });
    for (const s of snaps) if (s.exists) existing.add(s.id);
    onProgress?.();
  }
  const preview = valid.map((v) => ({
    line: v.line,
    id: v.id,
    title: v.card.title,
    column: v.column,
    due_date: v.card.due_date,
    steps: v.card.subtasks.length,
    ...(v.mapped_from ? { mapped_from: v.mapped_from } : {}),
    exists: existing.has(v.id),
  }));
  const fresh = valid.filter((v) => !existing.has(v.id));
  // Only new cards bring their repeat: a card the board holds is left as it is.
  const repeats = linkRepeats(fresh, parsed.series ?? [], zone);
  skipped.push(...repeats.skipped);
  skipped.sort((a, b) => a.line - b.line);
  if (input.dryRun) {
    return { added: fresh.length, unchanged: valid.length - fresh.length, skipped, preview };
  }

  // New cards go to the end of their column, in the file's order of that column.
  const last = new Map<string, number>();
  const board = await assignmentsOf(db, uid).select('status', 'rank').get();
  for (const d of board.docs) {
    const rank = Number(d.get('rank'));
    const status = String(d.get('status'));
    if (Number.isFinite(rank)) last.set(status, Math.max(last.get(status) ?? rank, rank));
  }
  const ordered = inBoardOrder(fresh);
  let added = 0;
  for (let i = 0; i < ordered.length; i += CARDS_PER_WRITE) {
    const chunk = ordered.slice(i, i + CARDS_PER_WRITE);
    const ranks = chunk.map((v) => {
      const rank = (last.get(v.column) ?? -1) + 1;
      last.set(v.column, rank);
      return rank;
    });
    const seriesIds = [...new Set(chunk.flatMap((v) => repeats.links.get(v.id)?.series_id ?? []))];
    added += await db.runTransaction(async (tx) => {
      await requireLiveAccount(tx, db, uid);
      const chunkRefs = chunk.map((v) => assignmentsOf(db, uid).doc(v.id));
      const snaps = await tx.getAll(...chunkRefs);
      // A repeat is created with its first card written; one the board holds is left as it is.
      const seriesSnaps = seriesIds.length
        ? await tx.getAll(...seriesIds.map((id) => seriesRef(db, uid, id)))
        : [];
      const toCreate = new Set(seriesSnaps.filter((s) => !s.exists).map((s) => s.id));
      const schedule = await readForSchedule(tx, db, uid, []);
      let written = 0;
      chunk.forEach((v, j) => {
        // Written meanwhile (another device, a second import at once): left as it is.
        if (snaps[j]!.exists) return;
        const link = repeats.links.get(v.id) ?? null;
        if (link && toCreate.delete(link.series_id)) {
          const series = repeats.series.get(link.series_id)!;
          tx.create(seriesRef(db, uid, link.series_id), importedSeriesDoc(series, now));
        }
        const doc = storedDoc(v.card, ranks[j]!, link, now);
        tx.create(chunkRefs[j]!, doc);
        schedule.write(tx, v.id, doc, now);
        written += 1;
      });
      if (written) touchBoard(tx, db, uid);
      return written;
    });
    onProgress?.();
  }
  return { added, unchanged: valid.length - added, skipped, preview };
}

/** The series document of a repeat brought back: as a new repeat's, with the file's state. */
function importedSeriesDoc(series: ImportedSeries, now: Date): SeriesDoc {
  return {
    ...seriesOfInput(series.repeat, series.open_id, series.input, series.zone, now),
    stopped: series.stopped,
  };
}

type ValidCard = ReturnType<typeof assignmentCreateSchema.parse>;

/** The parts of a validated body an import stores. */
function toCard(data: ValidCard, completedDate?: string) {
  return {
    completed_date: data.status === 'done' ? (completedDate ?? null) : null,
    title: data.title,
    description: data.description,
    due_date: data.due_date,
    status: data.status,
    subtasks: data.subtasks.map((s, i) => ({ ...s, id: s.id ?? `s${i + 1}` })),
    notes: data.notes.map((n, i) => ({ ...n, id: n.id ?? `n${i + 1}` })),
    reminders: data.reminders,
  };
}

/** The stored document of a new imported card, laid out as the assignments store lays it out. */
function storedDoc(
  card: ReturnType<typeof toCard>,
  rank: number,
  link: RepeatLink | null,
  now: Date,
): AssignmentDoc {
  const today = isoDate(now);
  return {
    title: card.title,
    description: card.description,
    due_date: card.due_date,
    status: card.status,
    subtasks: subtaskMap(card.subtasks, today),
    notes: noteMap(card.notes, today),
    // A Done card keeps the day it was finished (its focus streak and "done this week" count it
    // then); one without a date is finished as of the import.
    completed_date: card.status === 'done' ? (card.completed_date ?? now.toISOString()) : null,
    deep_dive: {},
    rank,
    reminders: card.reminders,
    version: 1,
    series_id: link?.series_id ?? null,
    repeat: link?.repeat ?? null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}
