import { createHash } from 'node:crypto';

/**
 * When the scheduled sync takes a feed (docs/decisions/0018-feeds-on-cloud-tasks.md). Each feed
 * has its own place in the period, derived from its id, so a school's feeds arrive spread over
 * the period instead of all at once (every feed imported in the same lesson would otherwise
 * come due in the same minute, and again every period after).
 */

/** How often the scheduled sync takes a feed again. */
export const SYNC_EVERY_MS = 4 * 3600 * 1000;

/** The feed's place in the period: milliseconds after each multiple of SYNC_EVERY_MS. */
export function turnOffsetMs(feedId: string): number {
  const hash = createHash('sha256').update(feedId).digest();
  return hash.readUInt32BE(0) % SYNC_EVERY_MS;
}

/**
 * The feed's next turn after a sync (or its creation) at `now`: the first instant at its place
 * in the period that is more than half a period away. A sync on time (or up to half a period
 * late) is followed by the next turn exactly one period after its own, so the feed keeps its
 * place; a new feed or a manual sync waits between half a period and one and a half.
 */
export function nextSyncAt(feedId: string, now: Date): string {
  const offset = turnOffsetMs(feedId);
  const earliest = now.getTime() + SYNC_EVERY_MS / 2;
  const periods = Math.floor((earliest - offset) / SYNC_EVERY_MS) + 1;
  return new Date(periods * SYNC_EVERY_MS + offset).toISOString();
}
