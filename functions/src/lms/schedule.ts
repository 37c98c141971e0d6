import type { Firestore } from 'firebase-admin/firestore';
import { feedsOf, type FeedDoc } from './feeds.ts';
import { FEED_READERS_AT_ONCE, FeedLimitError, FeedReadersBusyError } from './limits.ts';
import { FeedFetchError, type SafeFetchOptions } from './safeFetch.ts';
import { NotACalendarError } from './parse.ts';
import { recordSync, syncFeed, SYNC_EVERY_MS, WritesUnfinishedError } from './sync.ts';

/** Feeds taken per run: small batches, so one run stays well inside its time limit. */
const SYNC_BATCH = 25;
/**
 * Feeds synced at once: each within its own budget (fetch, read, writes), so a feed that is
 * slow or past a limit holds up one lane, never the feeds after it.
 */
const SYNC_AT_ONCE = FEED_READERS_AT_ONCE;
/** A run takes no new feed after this long, so it ends well inside the function's 5 minutes. */
const RUN_BUDGET_MS = 180_000;

/** Reads the local-stack allowance for the LMS stand-in (unset in production). */
export function lmsFetchOptions(env: NodeJS.ProcessEnv = process.env): SafeFetchOptions {
  return env.LMS_ALLOWED_BASE_URL ? { allowedBase: env.LMS_ALLOWED_BASE_URL } : {};
}

/** Why a sync failed, as the sentence the student reads on the feed; null when unknown. */
function failureMessage(err: unknown): string | null {
  const known =
    err instanceof FeedFetchError ||
    err instanceof NotACalendarError ||
    err instanceof FeedLimitError ||
    err instanceof FeedReadersBusyError;
  return known ? err.message : null;
}

/**
 * Syncs the feeds whose turn has come, oldest turn first, SYNC_AT_ONCE at a time. A feed that
 * fails keeps its imported cards, records the reason and waits for its next turn. Two runs
 * at once are safe: each sync of a feed is (see sync.ts).
 */
export async function syncDueFeeds(
  db: Firestore,
  fetchOptions: SafeFetchOptions,
  now: Date,
  batch = SYNC_BATCH,
): Promise<{ synced: number; failed: number }> {
  const snap = await feedsOf(db)
    .where('next_sync_at', '<=', now.toISOString())
    .orderBy('next_sync_at')
    .limit(batch)
    .get();
  let synced = 0;
  let failed = 0;
  const syncOne = async (d: (typeof snap.docs)[number]) => {
    try {
      await syncFeed(db, d.id, d.data() as FeedDoc, fetchOptions, now);
      synced++;
    } catch (err) {
      failed++;
      // Writing that stopped early has recorded what it wrote, and why, already.
      if (err instanceof WritesUnfinishedError) return;
      const known = failureMessage(err);
      if (!known) console.error(`Syncing calendar feed ${d.id} failed`, err);
      await recordSync(db, d.id, {
        last_error: known ?? 'The last sync failed. We will try again later.',
        next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS).toISOString(),
      }).catch((recordErr: unknown) =>
        console.error(`Recording the failed sync of ${d.id} failed`, recordErr),
      );
    }
  };
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SYNC_AT_ONCE, snap.size) }, async () => {
      while (next < snap.size && Date.now() - started < RUN_BUDGET_MS) {
        await syncOne(snap.docs[next++] as (typeof snap.docs)[number]);
      }
    }),
  );
  return { synced, failed };
}
