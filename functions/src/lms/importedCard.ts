import {
  FieldPath,
  FieldValue,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { touchBoard } from '../board/stamp.ts';
import type { Rescheduler } from '../reminderSchedule/schedule.ts';
import type { FeedItem } from './parse.ts';
import { answered, FAILED_PRECONDITION, grpcCode } from './writeRounds.ts';

/**
 * A card imported from a school feed: what it is made of, and how it follows its item when
 * the school changes the item, leaving alone what the student changed (`lms_seen` holds what
 * the school last said).
 */

interface LmsSeen {
  title: string;
  due_date: string;
}

export interface ImportedDoc {
  title?: string;
  due_date?: string;
  status?: string;
  reminders?: number[] | null;
  created_at?: string;
  rank?: number;
  source?: { feed_id?: string; uid?: string; course?: string; url?: string; name?: string };
  source_gone?: boolean;
  lms_seen?: LmsSeen;
}

export function newImportedDoc(
  feedId: string,
  name: string,
  item: FeedItem,
  due: string,
  rank: number,
  now: Date,
) {
  return {
    title: item.title,
    description: item.description,
    due_date: due,
    status: 'new',
    subtasks: {},
    notes: {},
    completed_date: null,
    deep_dive: {},
    rank,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    version: 1,
    source: {
      kind: 'lms',
      feed_id: feedId,
      uid: item.uid,
      course: item.course,
      url: item.url,
      name,
    },
    due_moved_from: null,
    source_gone: false,
    lms_seen: { title: item.title, due_date: due },
  };
}

type FieldPair = [FieldPath | string, unknown];

/** What the reminder schedule takes from a stored imported card. */
export const scheduled = (doc: ImportedDoc) => ({
  title: doc.title ?? '',
  due_date: doc.due_date ?? '',
  status: doc.status ?? 'new',
  reminders: doc.reminders ?? null,
  created_at: doc.created_at ?? '',
});

/**
 * The update that brings one imported assignment up to date with its item, leaving alone
 * what the student changed; null when nothing is to change.
 */
export function followPlan(
  doc: ImportedDoc,
  item: FeedItem,
  due: string,
  now: Date,
): {
  pairs: [FieldPair, ...FieldPair[]];
  moved: boolean;
  /** The card's title and due date after the update. */
  after: { title: string; due_date: string };
} | null {
  const seen: LmsSeen = doc.lms_seen ?? { title: doc.title ?? '', due_date: doc.due_date ?? '' };
  const pairs: FieldPair[] = [];
  let moved = false;
  const after = { title: doc.title ?? '', due_date: doc.due_date ?? '' };
  if (due !== seen.due_date) {
    if (doc.due_date === seen.due_date) {
      pairs.push(['due_date', due], ['due_moved_from', doc.due_date]);
      moved = true;
      after.due_date = due;
    }
    pairs.push([new FieldPath('lms_seen', 'due_date'), due]);
  }
  if (item.title !== seen.title) {
    if (doc.title === seen.title) {
      pairs.push(['title', item.title]);
      after.title = item.title;
    }
    pairs.push([new FieldPath('lms_seen', 'title'), item.title]);
  }
  if (item.course !== (doc.source?.course ?? '')) {
    pairs.push([new FieldPath('source', 'course'), item.course]);
  }
  if (item.url !== (doc.source?.url ?? '')) pairs.push([new FieldPath('source', 'url'), item.url]);
  if (doc.source_gone === true) pairs.push(['source_gone', false]);
  const [head, ...rest] = pairs;
  if (!head) return null;
  rest.push(['version', FieldValue.increment(1)], ['updated_at', now.toISOString()]);
  return { pairs: [head, ...rest], moved, after };
}

/** update()'s arguments for field-path pairs: field, value, field, value, ... */
export const updateArgs = ([head, ...rest]: [FieldPair, ...FieldPair[]]) =>
  [head[0], head[1], ...rest.flat()] as const;

/**
 * Reads one imported assignment again and brings it up to date (after a write raced with
 * the first attempt), again when yet another write comes between.
 */
export async function followItem(
  db: Firestore,
  uid: string,
  schedule: Rescheduler,
  ref: DocumentReference,
  item: FeedItem,
  due: string,
  now: Date,
  attempt = 1,
): Promise<'moved' | 'updated' | 'unchanged'> {
  const snap = await ref.get();
  if (!snap.exists || !snap.updateTime) return 'unchanged';
  const data = snap.data() as ImportedDoc;
  const plan = followPlan(data, item, due, now);
  if (!plan) return 'unchanged';
  try {
    const batch = db.batch();
    batch.update(ref, ...updateArgs(plan.pairs), { lastUpdateTime: snap.updateTime });
    schedule.write(batch, ref.id, { ...scheduled(data), ...plan.after }, now);
    touchBoard(batch, db, uid);
    await answered(batch.commit());
  } catch (err) {
    if (grpcCode(err) === FAILED_PRECONDITION && attempt < 3) {
      return followItem(db, uid, schedule, ref, item, due, now, attempt + 1);
    }
    throw err;
  }
  return plan.moved ? 'moved' : 'updated';
}
