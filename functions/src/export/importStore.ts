import {
  assignmentCreateSchema,
  validate,
  type ImportReport,
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
 * New cards written per transaction: each is one create and one reminder-schedule write, and
 * the board's stamp one more, well inside a transaction's 500 writes.
 */
const CARDS_PER_WRITE = 100;

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
    });
  }
  skipped.sort((a, b) => a.line - b.line);

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
  if (input.dryRun) {
    return { added: fresh.length, unchanged: valid.length - fresh.length, skipped, preview };
  }

  // New cards go to the end of their column, in file order.
  const last = new Map<string, number>();
  const board = await assignmentsOf(db, uid).select('status', 'rank').get();
  for (const d of board.docs) {
    const rank = Number(d.get('rank'));
    const status = String(d.get('status'));
    if (Number.isFinite(rank)) last.set(status, Math.max(last.get(status) ?? rank, rank));
  }
  let added = 0;
  for (let i = 0; i < fresh.length; i += CARDS_PER_WRITE) {
    const chunk = fresh.slice(i, i + CARDS_PER_WRITE);
    const ranks = chunk.map((v) => {
      const rank = (last.get(v.column) ?? -1) + 1;
      last.set(v.column, rank);
      return rank;
    });
    added += await db.runTransaction(async (tx) => {
      await requireLiveAccount(tx, db, uid);
      const chunkRefs = chunk.map((v) => assignmentsOf(db, uid).doc(v.id));
      const snaps = await tx.getAll(...chunkRefs);
      const schedule = await readForSchedule(tx, db, uid, []);
      let written = 0;
      chunk.forEach((v, j) => {
        // Written meanwhile (another device, a second import at once): left as it is.
        if (snaps[j]!.exists) return;
        const doc = storedDoc(v.card, ranks[j]!, now);
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
function storedDoc(card: ReturnType<typeof toCard>, rank: number, now: Date): AssignmentDoc {
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
    series_id: null,
    repeat: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}
