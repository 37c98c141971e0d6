import {
  rankForNewCard,
  type PlacedCard,
  type SyllabusImportCounts,
  type SyllabusItem,
} from '@brainboard/domain';
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { assignmentsOf } from '../assignments/store.ts';
import { touchBoard } from '../board/stamp.ts';
import { readForSchedule } from '../reminderSchedule/schedule.ts';

/**
 * `users/{uid}/syllabus_previews/{fileId}`: the items the last preview of a file showed, so the
 * import adds exactly what the student saw (an AI reading is not asked twice). Removed with the
 * account, like everything under the profile.
 */
export interface PreviewDoc {
  course: string;
  items: SyllabusItem[];
  read_by: 'ai' | 'rules';
  created_at: string;
}

const previewsOf = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('syllabus_previews');

export async function savePreview(
  db: Firestore,
  uid: string,
  fileId: string,
  preview: PreviewDoc,
): Promise<void> {
  await previewsOf(db, uid).doc(fileId).set(preview);
}

export async function readPreview(
  db: Firestore,
  uid: string,
  fileId: string,
): Promise<PreviewDoc | null> {
  const snap = await previewsOf(db, uid).doc(fileId).get();
  return snap.exists ? (snap.data() as PreviewDoc) : null;
}

/** What the syllabus said last time: the card follows it only where the student changed nothing. */
interface SyllabusSeen {
  title: string;
  due_date: string;
}

interface CardDoc {
  title?: string;
  due_date?: string;
  status?: string;
  reminders?: number[] | null;
  created_at?: string;
  rank?: number;
  source?: { course?: string };
  lms_seen?: SyllabusSeen;
}

/** One item as the student imports it: the syllabus's words, and their own edits. */
export interface ImportItem {
  item: SyllabusItem;
  /** The student's title and date from the preview, where they changed them. */
  own: { title?: string | undefined; due_date?: string | undefined };
}

/** Items written in one transaction: each with its reminder entry, well inside 500 writes. */
const ROUND = 100;

const sourceOf = (item: SyllabusItem) => ({
  kind: 'syllabus',
  feed_id: 'syllabus',
  uid: item.key,
  course: item.course,
  url: '',
  name: 'Syllabus',
});

/**
 * Imports the items: a new key adds a card (placed in New by its due date); a card already
 * imported follows the syllabus only in what the student has not changed (a moved date is
 * noted as moved, like a school feed's), and nothing is ever deleted. Each round of items is
 * one transaction, with the cards' reminder entries and the board's stamp, so importing the
 * same file twice, or twice at once, adds each card once.
 */
export async function importItems(
  db: Firestore,
  uid: string,
  items: ImportItem[],
  now: Date,
): Promise<SyllabusImportCounts> {
  const counts: SyllabusImportCounts = { added: 0, updated: 0, unchanged: 0 };
  const col = assignmentsOf(db, uid);
  const board = await col.get();
  const newColumn: PlacedCard[] = board.docs
    .map((d) => ({ id: d.id, ...(d.data() as CardDoc) }))
    .filter((d) => d.status === 'new' || d.status === undefined)
    .map((d) => ({ id: d.id, due_date: d.due_date ?? '', rank: d.rank ?? 0 }));
  for (let at = 0; at < items.length; at += ROUND) {
    const round = items.slice(at, at + ROUND);
    const result = await db.runTransaction(async (tx) => {
      const tally: SyllabusImportCounts = { added: 0, updated: 0, unchanged: 0 };
      const refs = round.map(({ item }) => col.doc(item.key));
      const snaps = await tx.getAll(...refs);
      const schedule = await readForSchedule(
        tx,
        db,
        uid,
        round.map(({ item }) => item.key),
      );
      const placed = [...newColumn];
      round.forEach(({ item, own }, i) => {
        const snap = snaps[i]!;
        const ref = refs[i]!;
        const stamp = now.toISOString();
        if (!snap.exists) {
          const title = own.title ?? item.title;
          const due = own.due_date ?? item.due_date;
          const rank = rankForNewCard(placed, due);
          placed.push({ id: item.key, due_date: due, rank });
          const doc = {
            title,
            description: '',
            due_date: due,
            status: 'new',
            subtasks: {},
            notes: {},
            completed_date: null,
            deep_dive: {},
            rank,
            created_at: stamp,
            updated_at: stamp,
            version: 1,
            source: sourceOf(item),
            due_moved_from: null,
            source_gone: false,
            lms_seen: { title: item.title, due_date: item.due_date },
          };
          tx.create(ref, doc);
          schedule.write(tx, item.key, doc, now);
          tally.added++;
          return;
        }
        const card = snap.data() as CardDoc;
        const seen = card.lms_seen ?? { title: card.title ?? '', due_date: card.due_date ?? '' };
        const pairs: [string | FieldPath, unknown][] = [];
        const after = { title: card.title ?? '', due_date: card.due_date ?? '' };
        if (item.due_date !== seen.due_date) {
          if (card.due_date === seen.due_date) {
            pairs.push(['due_date', item.due_date], ['due_moved_from', card.due_date]);
            after.due_date = item.due_date;
          }
          pairs.push([new FieldPath('lms_seen', 'due_date'), item.due_date]);
        }
        if (item.course !== (card.source?.course ?? '')) {
          pairs.push([new FieldPath('source', 'course'), item.course]);
        }
        if (pairs.length === 0) {
          tally.unchanged++;
          return;
        }
        pairs.push(['version', FieldValue.increment(1)], ['updated_at', stamp]);
        const [first, ...rest] = pairs as [
          [string | FieldPath, unknown],
          ...[string | FieldPath, unknown][],
        ];
        tx.update(ref, first[0], first[1], ...rest.flat());
        schedule.write(
          tx,
          item.key,
          {
            title: after.title,
            due_date: after.due_date,
            status: card.status ?? 'new',
            reminders: card.reminders ?? null,
            created_at: card.created_at ?? '',
          },
          now,
        );
        tally.updated++;
      });
      if (tally.added + tally.updated > 0) touchBoard(tx, db, uid);
      return { tally, placed };
    });
    counts.added += result.tally.added;
    counts.updated += result.tally.updated;
    counts.unchanged += result.tally.unchanged;
    newColumn.splice(0, newColumn.length, ...result.placed);
  }
  return counts;
}
