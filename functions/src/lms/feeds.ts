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

export const feedsOf = (db: Firestore) => db.collection('lms_feeds');

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
