import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { isTimeZone, rankForNewCard, type PlacedCard } from '@brainboard/domain';
import { assignmentsOf } from '../assignments/store.ts';
import {
  profileReminders,
  readDevicesForBatch,
  readSnoozes,
  refreshIfDevicesChanged,
  reschedulerFrom,
} from '../reminderSchedule/schedule.ts';
import { profileRef } from '../profile/profile.ts';
import { isDatabaseUnavailable } from '../http/deadline.ts';
import type { SyncCounts } from '@brainboard/domain';
import { assignmentIdFor, feedsOf, type FeedDoc } from './feeds.ts';
import { readFeedInWorker } from './feedSandbox.ts';
import { HISTORY_MS } from './limits.ts';
import { dueDateIn, dueInstant, type FeedItem, type ParsedFeed } from './parse.ts';
import { safeFetchText, type SafeFetchOptions } from './safeFetch.ts';
import { nextSyncAt } from './turns.ts';
import {
  followItem,
  followPlan,
  newImportedDoc,
  scheduled,
  updateArgs,
  type ImportedDoc,
} from './importedCard.ts';
import {
  ALREADY_EXISTS,
  answered,
  FAILED_PRECONDITION,
  grpcCode,
  NOT_FOUND,
  writeInRounds,
  WritesUnfinishedError,
  type PlannedWrite,
  type SyncResult,
} from './writeRounds.ts';

/**
 * One sync of one feed. Safe to run twice at once: a new item's assignment id
 * is derived from the feed and the item, and `create()` claims it (the loser
 * sees "already exists" and adds nothing); a change is a field-path update
 * with a precondition on the document's last update, so a write that raced
 * with another is re-read and decided again. The LMS's last-seen values
 * (`lms_seen`) tell "the LMS changed it" apart from "the student changed it":
 * only fields the student has not changed follow the LMS. Status is never
 * touched (a finished card stays Done) and nothing is ever deleted.
 *
 * The writes go out in batches of a few hundred: an import of thousands of
 * items takes a few seconds, not a round trip per item. The result counts only
 * writes that landed; when writing stops early it says exactly what was
 * written and how many writes were not confirmed.
 */

/** The longest one import or sync keeps writing; the next sync does what is left. */
const WRITE_BUDGET_MS = 60_000;
const MAX_CHANGE_LINES = 20;

/** The student's time zone (their profile's, else UTC). */
async function studentZone(db: Firestore, uid: string): Promise<string> {
  const snap = await db.collection('users').doc(uid).get();
  const zone: unknown = snap.get('time_zone');
  return typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC';
}

/**
 * Fetches a feed for the student and reads it in a worker inside the feed limits. `since` is
 * the feed's first import (now for a new one): what is due 14 days before it is history.
 */
export async function readFeed(
  db: Firestore,
  uid: string,
  url: string,
  fetchOptions: SafeFetchOptions,
  now: Date,
  since: Date = now,
): Promise<{ parsed: ParsedFeed; zone: string }> {
  const [body, zone] = await Promise.all([safeFetchText(url, fetchOptions), studentZone(db, uid)]);
  const parsed = await readFeedInWorker({
    body,
    url,
    zone,
    nowMs: now.getTime(),
    sinceMs: since.getTime(),
  });
  return { parsed, zone };
}

/** Items a first import would take: those due no more than 14 days before `since`. */
export function importable(items: FeedItem[], zone: string, since: Date): FeedItem[] {
  const cutoff = since.getTime() - HISTORY_MS;
  return items.filter((item) => dueInstant(item, zone) >= cutoff);
}

/**
 * Applies a parsed feed to the student's assignments. Throws WritesUnfinishedError, with
 * what was written, when writing stops before the end.
 */
async function applyFeed(
  db: Firestore,
  feedId: string,
  feed: Pick<FeedDoc, 'uid' | 'first_import_at' | 'label'>,
  parsed: ParsedFeed,
  zone: string,
  now: Date,
  budgetMs = WRITE_BUDGET_MS,
): Promise<SyncResult> {
  const started = Date.now();
  const counts: SyncCounts = { added: 0, updated: 0, unchanged: 0, gone: 0 };
  const changes: string[] = [];
  const note = (line: string) => {
    if (changes.length < MAX_CHANGE_LINES) changes.push(line);
  };
  const col = assignmentsOf(db, feed.uid);
  // The schedule entries of the cards it adds or moves go in the same batches (with the
  // student's defaults and devices, and snoozes kept).
  const [snap, profile, snoozes, devices] = await Promise.all([
    col.get(),
    profileRef(db, feed.uid).get(),
    readSnoozes(db, feed.uid),
    readDevicesForBatch(db, feed.uid),
  ]);
  const student = { ...profileReminders(profile), zone, devices: devices.devices };
  const schedule = reschedulerFrom(db, feed.uid, student, snoozes);
  const existing = new Map(snap.docs.map((d) => [d.id, d]));
  const newColumn: PlacedCard[] = snap.docs
    .map((d) => ({ id: d.id, ...(d.data() as ImportedDoc & { due_date?: string }) }))
    .filter((d) => d.status === 'new' || d.status === undefined);

  const writes: PlannedWrite[] = [];
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
      newColumn.push({ id, due_date: due, rank });
      const doc = newImportedDoc(feedId, feed.label, item, due, rank, now);
      writes.push({
        into: (batch) => {
          batch.create(col.doc(id), doc);
          schedule.write(batch, id, doc, now);
        },
        landed: () => {
          counts.added++;
          note(`Added: ${item.title}`);
        },
        // Another sync of this feed claimed it first.
        refused: async (err) => {
          if (grpcCode(err) !== ALREADY_EXISTS) return false;
          counts.unchanged++;
          return true;
        },
      });
      continue;
    }
    const data = found.data() as ImportedDoc;
    const plan = followPlan(data, item, due, now);
    if (!plan) {
      counts.unchanged++;
      continue;
    }
    const precondition = { lastUpdateTime: found.updateTime };
    const outcome = (moved: boolean) => {
      counts.updated++;
      if (moved) note(`Moved: ${item.title}`);
    };
    writes.push({
      into: (batch) => {
        batch.update(found.ref, ...updateArgs(plan.pairs), precondition);
        schedule.write(batch, found.id, { ...scheduled(data), ...plan.after }, now);
      },
      landed: () => outcome(plan.moved),
      // Another write came between the read and this one: read again and decide again.
      refused: async (err) => {
        if (grpcCode(err) !== FAILED_PRECONDITION) return false;
        const again = await followItem(db, feed.uid, schedule, found.ref, item, due, now);
        if (again === 'unchanged') counts.unchanged++;
        else outcome(again === 'moved');
        return true;
      },
    });
  }

  for (const [id, d] of existing) {
    const data = d.data() as ImportedDoc;
    if (data.source?.feed_id !== feedId || inFeed.has(id) || data.source_gone === true) continue;
    const gone = {
      source_gone: true,
      version: FieldValue.increment(1),
      updated_at: now.toISOString(),
    };
    writes.push({
      into: (batch) => batch.update(d.ref, gone),
      landed: () => {
        counts.gone++;
        note(`No longer in ${feed.label}: ${data.title ?? ''}`);
      },
      // Deleted meanwhile: nothing left to mark.
      refused: async (err) => grpcCode(err) === NOT_FOUND,
    });
  }

  try {
    await writeInRounds(db, feed.uid, writes, started + budgetMs, () => ({ counts, changes }));
  } finally {
    // The batches read no device list in a transaction: a device change that came between
    // may have missed the entries they wrote, so the list is copied again then. Within the
    // database deadline, and never in place of the import's own answer: when the database has
    // stopped answering, the entries keep the list they were written with until the next device
    // change, or the next write of their card.
    if (writes.length > 0) {
      await answered(refreshIfDevicesChanged(db, feed.uid, devices.readAt)).catch((err: unknown) =>
        console.error(`Copying the devices of ${feed.uid} again failed`, err),
      );
    }
  }
  return { counts, changes };
}

/**
 * The sentence for writing that stopped early: what was written for sure, how many writes
 * were not confirmed (not sent, or sent without an answer, so they may or may not have
 * landed), and `retry`, what to do about them. Doing it again is safe: an item is added once.
 */
export function unfinishedMessage(err: WritesUnfinishedError, retry: string): string {
  const { added, updated, gone } = err.done.counts;
  const marked = gone > 0 ? `, ${gone} marked as no longer in the calendar` : '';
  return `Brainboard stopped before it finished saving your school’s deadlines: ${added} added and ${updated} updated${marked}; ${err.left} more could not be confirmed. ${retry}`;
}

/**
 * Applies a read feed and records the outcome on the feed. When writing stops early the
 * feed records what was written (if the database still answers) and the error is thrown on.
 */
export async function applyAndRecord(
  db: Firestore,
  feedId: string,
  feed: Pick<FeedDoc, 'uid' | 'first_import_at' | 'label'>,
  parsed: ParsedFeed,
  zone: string,
  now: Date,
): Promise<SyncResult> {
  const synced = {
    last_synced_at: now.toISOString(),
    next_sync_at: nextSyncAt(feedId, now),
  };
  let result: SyncResult;
  try {
    result = await applyFeed(db, feedId, feed, parsed, zone, now);
  } catch (err) {
    if (!(err instanceof WritesUnfinishedError)) throw err;
    if (!isDatabaseUnavailable(err.cause)) console.error('Saving a feed sync stopped', err.cause);
    await recordSync(db, feedId, {
      ...synced,
      last_counts: err.done.counts,
      last_changes: err.done.changes,
      last_error: unfinishedMessage(err, 'The next sync saves the rest.'),
    }).catch(() => undefined);
    throw err;
  }
  try {
    await recordSync(db, feedId, {
      ...synced,
      last_counts: result.counts,
      last_changes: result.changes,
      last_error: null,
    });
  } catch (err) {
    // Every deadline was saved, only the note of it was not.
    throw new WritesUnfinishedError(result, 0, err);
  }
  return result;
}

/** Fetches a stored feed, reads it and applies it; records the outcome on the feed. */
export async function syncFeed(
  db: Firestore,
  feedId: string,
  feed: FeedDoc,
  fetchOptions: SafeFetchOptions,
  now: Date,
): Promise<SyncResult> {
  const since = new Date(feed.first_import_at);
  const { parsed, zone } = await readFeed(db, feed.uid, feed.url, fetchOptions, now, since);
  return applyAndRecord(db, feedId, feed, parsed, zone, now);
}

/** Writes a sync's outcome; a feed removed meanwhile stays removed. */
export async function recordSync(
  db: Firestore,
  feedId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  try {
    await answered(feedsOf(db).doc(feedId).update(fields));
  } catch (err) {
    if (grpcCode(err) !== 5) throw err;
  }
}
