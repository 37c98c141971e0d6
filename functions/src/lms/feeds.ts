import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { LmsFeed, LmsSource, SyncCounts } from '@brainboard/domain';

/**
 * Stored feeds: `lms_feeds/{id}`, a top-level collection that no client rule
 * reaches (the feed URL is a credential: whoever has it reads the student's
 * calendar). The API answers a masked URL only.
 */

export interface FeedDoc {
  uid: string;
  url: string;
  source: LmsSource;
  label: string;
  created_at: string;
  /** Items due more than 14 days before this are never imported. */
  first_import_at: string;
  last_synced_at: string | null;
  last_counts: SyncCounts;
  /** Short lines saying what the last sync changed. */
  last_changes: string[];
  /** When the scheduled sync should take this feed next. */
  next_sync_at: string;
  /** Why the last scheduled sync failed, else null. */
  last_error?: string | null;
}

export const MAX_FEEDS_PER_STUDENT = 10;
export const TOO_MANY_FEEDS = `You can import from at most ${MAX_FEEDS_PER_STUDENT} calendars. Remove one first.`;

/** A feed refused because the student already has MAX_FEEDS_PER_STUDENT. */
export class TooManyFeedsError extends Error {
  override name = 'TooManyFeedsError';
  constructor() {
    super(TOO_MANY_FEEDS);
  }
}

export const feedsOf = (db: Firestore) => db.collection('lms_feeds');

/**
 * A server-only document every new feed of the student writes in the transaction that
 * creates it: two imports at once both write it, so one of them runs again and counts the
 * other's feed (a query alone would not see a feed created meanwhile).
 */
const feedListLock = (db: Firestore, uid: string) =>
  db.collection('users').doc(uid).collection('private').doc('lms_feeds');

/**
 * Stores a new feed unless the student already has MAX_FEEDS_PER_STUDENT (TooManyFeedsError),
 * in one transaction. The same link added twice at once is one feed: the later call answers
 * the stored one.
 */
export async function claimFeed(db: Firestore, id: string, doc: FeedDoc): Promise<FeedDoc> {
  return db.runTransaction(
    async (tx) => {
      const ref = feedsOf(db).doc(id);
      const lock = feedListLock(db, doc.uid);
      const [found, , mine] = await Promise.all([
        tx.get(ref),
        tx.get(lock),
        tx.get(feedsOf(db).where('uid', '==', doc.uid)),
      ]);
      if (found.exists) return found.data() as FeedDoc;
      if (mine.size >= MAX_FEEDS_PER_STUDENT) throw new TooManyFeedsError();
      tx.create(ref, doc);
      tx.set(lock, { changed_at: doc.created_at });
      return doc;
    },
    { maxAttempts: 10 },
  );
}

/** One id per student and link, so adding the same link twice keeps one feed. */
export function feedIdFor(uid: string, url: string): string {
  return `feed-${createHash('sha256').update(`${uid}\n${url}`).digest('hex').slice(0, 24)}`;
}

/** The assignment id of one feed item: the same on every sync and on every server. */
export function assignmentIdFor(feedId: string, itemUid: string): string {
  return `lms-${feedId.replace(/^feed-/, '')}-${createHash('sha256').update(itemUid).digest('hex').slice(0, 24)}`;
}

/** Scheme and host, the rest hidden: enough to recognise the link, not to use it. */
function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}/…`;
  } catch {
    return '…';
  }
}

export function feedView(id: string, doc: FeedDoc): LmsFeed {
  return {
    id,
    source: doc.source,
    label: doc.label,
    url_masked: maskUrl(doc.url),
    last_synced_at: doc.last_synced_at,
    counts: doc.last_counts,
    changes: doc.last_changes ?? [],
    last_error: doc.last_error ?? null,
  };
}

/** The caller's feed, or null when it does not exist or is someone else's. */
export async function readOwnFeed(db: Firestore, uid: string, id: string) {
  const snap = await feedsOf(db).doc(id).get();
  if (!snap.exists) return null;
  const doc = snap.data() as FeedDoc;
  return doc.uid === uid ? doc : null;
}

export async function listOwnFeeds(db: Firestore, uid: string): Promise<LmsFeed[]> {
  const snap = await feedsOf(db).where('uid', '==', uid).get();
  return snap.docs
    .map((d) => feedView(d.id, d.data() as FeedDoc))
    .sort((a, b) => a.label.localeCompare(b.label) || a.id.localeCompare(b.id));
}

/** How many feeds the student has (a first look before a fetch; claimFeed decides). */
export async function ownFeedCount(db: Firestore, uid: string): Promise<number> {
  return (await feedsOf(db).where('uid', '==', uid).get()).size;
}

/** Removes one feed (its cards stay on the board). */
export async function deleteFeed(db: Firestore, id: string): Promise<void> {
  await feedsOf(db).doc(id).delete();
}
