import { FieldValue, type Firestore } from 'firebase-admin/firestore';

/** At most `limit` requests of one kind per user in each fixed window of `seconds`. */
export interface RateWindow {
  limit: number;
  seconds: number;
}

type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts one request of `uid` and says whether it is within the limits. With a `scope` (one
   * calendar link, say) it counts that scope of the student's apart from the others.
   */
  hit(uid: string, now?: number, scope?: string): Promise<RateDecision>;
  /** Says whether one more request of `uid` would be within the limits, counting nothing. */
  check?(uid: string, now?: number): Promise<RateDecision>;
}

/** A positive whole number from the environment, else the fallback. */
function limitFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0
    ? Math.floor(n)
    : fallback;
}

const perMinuteAndDay = (perMinute: number, perDay: number): RateWindow[] => [
  { limit: perMinute, seconds: 60 },
  { limit: perDay, seconds: 86_400 },
];

/**
 * AI requests. Defaults: 20 a minute (a person chatting, or all eight deep-dive tools in a
 * row, stays well under it) and 300 a day (caps the cost of a runaway script).
 * AI_RATE_LIMIT_PER_MINUTE and AI_RATE_LIMIT_PER_DAY change them.
 */
export function rateWindowsFromEnv(env: NodeJS.ProcessEnv = process.env): RateWindow[] {
  return perMinuteAndDay(
    limitFrom(env.AI_RATE_LIMIT_PER_MINUTE, 20),
    limitFrom(env.AI_RATE_LIMIT_PER_DAY, 300),
  );
}

/**
 * PDF uploads that would be stored (each up to 20 MB, read page by page). Defaults: 10 a
 * minute (a student attaching a few readings stays well under it) and 100 a day (caps the
 * storage a runaway script can fill). UPLOAD_RATE_LIMIT_PER_MINUTE and
 * UPLOAD_RATE_LIMIT_PER_DAY change them.
 */
export function uploadRateWindowsFromEnv(env: NodeJS.ProcessEnv = process.env): RateWindow[] {
  return perMinuteAndDay(
    limitFrom(env.UPLOAD_RATE_LIMIT_PER_MINUTE, 10),
    limitFrom(env.UPLOAD_RATE_LIMIT_PER_DAY, 100),
  );
}

export type RateKind = 'ai' | 'upload' | 'feed' | 'calendar-link' | 'export' | 'import';

/** The window of `seconds` that the instant `now` (ms since the epoch) falls in, counted from the epoch. */
export function rateWindowIndex(seconds: number, now: number): number {
  return Math.floor(now / 1000 / seconds);
}

/** Where the counter of one user, kind (and scope, when there is one) and window lives. */
export function rateCounterPath(
  uid: string,
  kind: RateKind,
  seconds: number,
  index: number,
  scope?: string,
) {
  return `users/${uid}/private/${kind}${scope ? `-${scope}` : ''}-rate-${seconds}s-${index}`;
}

/**
 * Calendar feed fetches (preview, import, Sync now): each makes the server fetch a URL.
 * Defaults: 30 a minute and 300 a day. FEED_RATE_LIMIT_PER_MINUTE and
 * FEED_RATE_LIMIT_PER_DAY change them.
 */
export function feedRateWindowsFromEnv(env: NodeJS.ProcessEnv = process.env): RateWindow[] {
  return perMinuteAndDay(
    limitFrom(env.FEED_RATE_LIMIT_PER_MINUTE, 30),
    limitFrom(env.FEED_RATE_LIMIT_PER_DAY, 300),
  );
}

/**
 * Fixed-window counters in Firestore, one document per user, kind (and scope) and window at
 * `users/{uid}/private/{kind}[-{scope}]-rate-{seconds}s-{index}`, bumped with
 * `FieldValue.increment` (no read-modify-write, so it is exact on real
 * Firestore and in lite mode alike, and shared by every function instance),
 * then read back. Counters carry `expires_at` for a Firestore TTL policy.
 * `private` is server-only in firestore.rules and removed with the account.
 */
export function firestoreRateLimiter(
  db: Firestore,
  windows: RateWindow[],
  kind: RateKind = 'ai',
): RateLimiter {
  const refsAt = (uid: string, now: number) =>
    windows.map((w) => {
      const index = Math.floor(now / 1000 / w.seconds);
      return {
        window: w,
        end: (index + 1) * w.seconds * 1000,
        ref: db
          .collection('users')
          .doc(uid)
          .collection('private')
          .doc(`${kind}-rate-${w.seconds}s-${index}`),
      };
    });
  return {
    async check(uid, now = Date.now()) {
      const refs = refsAt(uid, now);
      const snaps = await db.getAll(...refs.map((r) => r.ref));
      let retryAfter = 0;
      snaps.forEach((snap, i) => {
        const { window, end } = refs[i]!;
        const count = Number(snap.get('count') ?? 0);
        if (count >= window.limit) retryAfter = Math.max(retryAfter, Math.ceil((end - now) / 1000));
      });
      return retryAfter > 0 ? { ok: false, retryAfterSeconds: retryAfter } : { ok: true };
    },
    async hit(uid, now = Date.now(), scope) {
      if (scope !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(scope)) {
        throw new Error('A rate limit scope is a short id.');
      }
      const refs = windows.map((w) => {
        const index = rateWindowIndex(w.seconds, now);
        return {
          window: w,
          end: (index + 1) * w.seconds * 1000,
          ref: db.doc(rateCounterPath(uid, kind, w.seconds, index, scope)),
        };
      });
      const batch = db.batch();
      for (const { ref, end, window } of refs) {
        batch.set(
          ref,
          {
            count: FieldValue.increment(1),
            limit: window.limit,
            expires_at: new Date(end + window.seconds * 1000),
          },
          { merge: true },
        );
      }
      await batch.commit();
      const snaps = await db.getAll(...refs.map((r) => r.ref));
      let retryAfter = 0;
      snaps.forEach((snap, i) => {
        const { window, end } = refs[i]!;
        const count = Number(snap.get('count') ?? 0);
        if (count > window.limit) retryAfter = Math.max(retryAfter, Math.ceil((end - now) / 1000));
      });
      return retryAfter > 0 ? { ok: false, retryAfterSeconds: retryAfter } : { ok: true };
    },
  };
}
