import {
  FieldPath,
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Timestamp,
} from 'firebase-admin/firestore';
import { isTimeZone, rankForNewCard, type PlacedCard } from '@brainboard/domain';
import { assignmentsOf } from '../assignments/store.ts';
import type { SyncCounts } from '@brainboard/domain';
import { assignmentIdFor, feedsOf, type FeedDoc } from './feeds.ts';
import { dueDateIn, dueInstant, parseFeed, type FeedItem, type ParsedFeed } from './parse.ts';
import { safeFetchText, type SafeFetchOptions } from './safeFetch.ts';

/**
 * One sync of one feed. Safe to run twice at once: a new item's assignment id
 * is derived from the feed and the item, and `create()` claims it (the loser
 * sees "already exists" and adds nothing); a change is a field-path update
 * with a precondition on the document's last update, so a write that raced
 * with another is re-read and decided again. The LMS's last-seen values
 * (`lms_seen`) tell "the LMS changed it" apart from "the student changed it":
 * only fields the student has not changed follow the LMS. Status is never
 * touched (a finished card stays Done) and nothing is ever deleted.
 */

const DAY_MS = 24 * 3600 * 1000;
/** Items due this long before the first import are history, not work. */
const SKIP_OLDER_THAN_MS = 14 * DAY_MS;
/** How often the scheduled sync takes a feed again. */
export const SYNC_EVERY_MS = 4 * 3600 * 1000;
const MAX_CHANGE_LINES = 20;

interface LmsSeen {
  title: string;
  due_date: string;
}

interface ImportedDoc {
  title?: string;
  due_date?: string;
  status?: string;
  rank?: number;
  source?: { feed_id?: string; uid?: string; course?: string; url?: string; name?: string };
  source_gone?: boolean;
  lms_seen?: LmsSeen;
}

export interface SyncResult {
  counts: SyncCounts;
  changes: string[];
}

/** The student's time zone (their profile's, else UTC). */
async function studentZone(db: Firestore, uid: string): Promise<string> {
  const snap = await db.collection('users').doc(uid).get();
  const zone: unknown = snap.get('time_zone');
  return typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC';
}

/** Fetches and parses a feed for the student. */
export async function readFeed(
  db: Firestore,
  uid: string,
  url: string,
  fetchOptions: SafeFetchOptions,
  now: Date,
): Promise<{ parsed: ParsedFeed; zone: string }> {
  const [body, zone] = await Promise.all([safeFetchText(url, fetchOptions), studentZone(db, uid)]);
  return { parsed: parseFeed(body, url, zone, now), zone };
}

/** Items a first import would take: those due no more than 14 days before `since`. */
export function importable(items: FeedItem[], zone: string, since: Date): FeedItem[] {
  const cutoff = since.getTime() - SKIP_OLDER_THAN_MS;
  return items.filter((item) => dueInstant(item, zone) >= cutoff);
}

const grpcCode = (err: unknown) => (err as { code?: unknown })?.code;
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;

/** Applies a parsed feed to the student's assignments. */
export async function applyFeed(
  db: Firestore,
  feedId: string,
  feed: Pick<FeedDoc, 'uid' | 'first_import_at' | 'label'>,
  parsed: ParsedFeed,
  zone: string,
  now: Date,
): Promise<SyncResult> {
  const counts: SyncCounts = { added: 0, updated: 0, unchanged: 0, gone: 0 };
  const changes: string[] = [];
  const note = (line: string) => {
    if (changes.length < MAX_CHANGE_LINES) changes.push(line);
  };
  const col = assignmentsOf(db, feed.uid);
  const snap = await col.get();
  const existing = new Map(snap.docs.map((d) => [d.id, d]));
  const newColumn: PlacedCard[] = snap.docs
    .map((d) => ({ id: d.id, ...(d.data() as ImportedDoc & { due_date?: string }) }))
    .filter((d) => d.status === 'new' || d.status === undefined);

  const inFeed = new Set<string>();
  const wanted = new Set(importable(parsed.items, zone, new Date(feed.first_import_at)));
  for (const item of parsed.items) {
    const id = assignmentIdFor(feedId, item.uid);
    inFeed.add(id);
    const due = dueDateIn(item, zone);
    const found = existing.get(id);
    if (!found) {
      if (!wanted.has(item)) continue;
      const rank = rankForNewCard(newColumn, due);
      try {
        await col.doc(id).create(newImportedDoc(feedId, feed.label, item, due, rank, now));
        newColumn.push({ id, due_date: due, rank });
        counts.added++;
        note(`Added: ${item.title}`);
      } catch (err) {
        // Another sync of this feed claimed it first.
        if (grpcCode(err) !== ALREADY_EXISTS) throw err;
        counts.unchanged++;
      }
      continue;
    }
    const outcome = await followItem(
      found.ref,
      { data: found.data() as ImportedDoc, updateTime: found.updateTime },
      item,
      due,
      now,
    );
    if (outcome === 'moved') note(`Moved: ${item.title}`);
    if (outcome === 'unchanged') counts.unchanged++;
    else counts.updated++;
  }

  for (const [id, d] of existing) {
    const data = d.data() as ImportedDoc;
    if (data.source?.feed_id !== feedId || inFeed.has(id) || data.source_gone === true) continue;
    await d.ref.update({
      source_gone: true,
      version: FieldValue.increment(1),
      updated_at: now.toISOString(),
    });
    counts.gone++;
    note(`No longer in ${feed.label}: ${data.title ?? ''}`);
  }
  return { counts, changes };
}

function newImportedDoc(
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

/**
 * Brings one imported assignment up to date with its item, leaving alone what
 * the student changed. Re-reads and decides again when another write came
 * between the read and the update.
 */
async function followItem(
  ref: DocumentReference,
  first: { data: ImportedDoc; updateTime: Timestamp },
  item: FeedItem,
  due: string,
  now: Date,
  attempt = 0,
): Promise<'moved' | 'updated' | 'unchanged'> {
  let doc = first.data;
  let updateTime = first.updateTime;
  if (attempt > 0) {
    const snap = await ref.get();
    if (!snap.exists || !snap.updateTime) return 'unchanged';
    doc = snap.data() as ImportedDoc;
    updateTime = snap.updateTime;
  }
  const seen: LmsSeen = doc.lms_seen ?? { title: doc.title ?? '', due_date: doc.due_date ?? '' };
  const pairs: [FieldPath | string, unknown][] = [];
  let moved = false;
  if (due !== seen.due_date) {
    if (doc.due_date === seen.due_date) {
      pairs.push(['due_date', due], ['due_moved_from', doc.due_date]);
      moved = true;
    }
    pairs.push([new FieldPath('lms_seen', 'due_date'), due]);
  }
  if (item.title !== seen.title) {
    if (doc.title === seen.title) pairs.push(['title', item.title]);
    pairs.push([new FieldPath('lms_seen', 'title'), item.title]);
  }
  if (item.course !== (doc.source?.course ?? '')) {
    pairs.push([new FieldPath('source', 'course'), item.course]);
  }
  if (item.url !== (doc.source?.url ?? '')) pairs.push([new FieldPath('source', 'url'), item.url]);
  if (doc.source_gone === true) pairs.push(['source_gone', false]);
  if (pairs.length === 0) return 'unchanged';
  pairs.push(['version', FieldValue.increment(1)], ['updated_at', now.toISOString()]);
  try {
    const [head, ...rest] = pairs as [
      [FieldPath | string, unknown],
      ...[FieldPath | string, unknown][],
    ];
    await ref.update(head[0], head[1], ...rest.flat(), { lastUpdateTime: updateTime });
  } catch (err) {
    if (grpcCode(err) === FAILED_PRECONDITION && attempt < 3) {
      return followItem(ref, first, item, due, now, attempt + 1);
    }
    throw err;
  }
  return moved ? 'moved' : 'updated';
}

/** Fetches a stored feed and applies it; records the outcome on the feed. */
export async function syncFeed(
  db: Firestore,
  feedId: string,
  feed: FeedDoc,
  fetchOptions: SafeFetchOptions,
  now: Date,
): Promise<SyncResult> {
  const { parsed, zone } = await readFeed(db, feed.uid, feed.url, fetchOptions, now);
  const result = await applyFeed(db, feedId, feed, parsed, zone, now);
  await recordSync(db, feedId, {
    last_synced_at: now.toISOString(),
    last_counts: result.counts,
    last_changes: result.changes,
    last_error: null,
    next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS).toISOString(),
  });
  return result;
}

/** Writes a sync's outcome; a feed removed meanwhile stays removed. */
export async function recordSync(
  db: Firestore,
  feedId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  try {
    await feedsOf(db).doc(feedId).update(fields);
  } catch (err) {
    if (grpcCode(err) !== 5) throw err;
  }
}
