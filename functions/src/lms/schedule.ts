import type { Firestore } from 'firebase-admin/firestore';
import { feedsOf, type FeedDoc } from './feeds.ts';
import { FeedFetchError, type SafeFetchOptions } from './safeFetch.ts';
import { NotACalendarError } from './parse.ts';
import { recordSync, syncFeed, SYNC_EVERY_MS } from './sync.ts';

/** Feeds taken per run: small batches, so one run stays well inside its time limit. */
const SYNC_BATCH = 25;

/** Reads the local-stack allowance for the LMS stand-in (unset in production). */
export function lmsFetchOptions(env: NodeJS.ProcessEnv = process.env): SafeFetchOptions {
  return env.LMS_ALLOWED_BASE_URL ? { allowedBase: env.LMS_ALLOWED_BASE_URL } : {};
}

/**
 * Syncs the feeds whose turn has come, oldest turn first. A feed that fails
 * keeps its imported cards, records the reason and waits for its next turn.
 * Two runs at once are safe: each sync of a feed is (see sync.ts).
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
  for (const d of snap.docs) {
    try {
      await syncFeed(db, d.id, d.data() as FeedDoc, fetchOptions, now);
      synced++;
    } catch (err) {
      failed++;
      const known = err instanceof FeedFetchError || err instanceof NotACalendarError;
      if (!known) console.error(`Syncing calendar feed ${d.id} failed`, err);
      await recordSync(db, d.id, {
        last_error: known ? err.message : 'The last sync failed. We will try again later.',
        next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS).toISOString(),
      });
    }
  }
  return { synced, failed };
}
