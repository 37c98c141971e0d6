import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  firestoreRateLimiter,
  rateCounterPath,
  rateWindowIndex,
  rateWindowsFromEnv,
  uploadRateWindowsFromEnv,
} from './rateLimit.ts';

/**
 * Just enough of Firestore for the limiter: `doc(path)`, a batch of merged sets whose `count`
 * is `FieldValue.increment(1)`, and `getAll`. The clock is the `now` each hit is given, so no
 * test waits for a window to pass.
 */
function memoryDb() {
  const docs = new Map<string, Record<string, unknown>>();
  const increment = FieldValue.increment(1);
  const db = {
    doc: (path: string) => ({ path }),
    batch() {
      const writes: (() => void)[] = [];
      return {
        set(ref: { path: string }, data: Record<string, unknown>) {
          writes.push(() => {
            const before = docs.get(ref.path) ?? {};
            const after: Record<string, unknown> = { ...before, ...data };
            if (increment.isEqual(data.count as FieldValue)) {
              after.count = Number(before.count ?? 0) + 1;
            }
            docs.set(ref.path, after);
          });
        },
        async commit() {
          writes.forEach((write) => write());
        },
      };
    },
    async getAll(...refs: DocumentReference[]) {
      return refs.map((ref) => ({ get: (field: string) => docs.get(ref.path)?.[field] }));
    },
  };
  return { db: db as unknown as Firestore, docs };
}

const MINUTE = 60_000;
/** 10:00:00 UTC on a day, the start of a minute window. */
const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);
const windows = [
  { limit: 3, seconds: 60 },
  { limit: 5, seconds: 86_400 },
];

describe('firestoreRateLimiter', () => {
  it('allows `limit` requests in a minute, then answers with the seconds left in it', async () => {
    const limiter = firestoreRateLimiter(memoryDb().db, windows);
    for (let i = 0; i < 3; i++)
      expect(await limiter.hit('u1', T0 + i * 1000)).toEqual({ ok: true });
    expect(await limiter.hit('u1', T0 + 15_000)).toEqual({ ok: false, retryAfterSeconds: 45 });
    // A part of a second left still counts as one second to wait.
    expect(await limiter.hit('u1', T0 + 59_500)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('starts counting afresh in the next minute window', async () => {
    const limiter = firestoreRateLimiter(memoryDb().db, windows);
    for (let i = 0; i < 4; i++) await limiter.hit('u1', T0 + 50_000);
    expect(await limiter.hit('u1', T0 + MINUTE)).toEqual({ ok: true });
  });

  it('windows are fixed: requests at the end of one minute do not count in the next', async () => {
    const limiter = firestoreRateLimiter(memoryDb().db, windows);
    for (let i = 0; i < 3; i++) await limiter.hit('u1', T0 + 59_000);
    expect(await limiter.hit('u1', T0 + MINUTE)).toEqual({ ok: true });
    expect(await limiter.hit('u1', T0 + MINUTE + 1)).toEqual({ ok: true });
  });

  it('past the daily limit, waits until the day window ends, the longer of the two', async () => {
    const limiter = firestoreRateLimiter(memoryDb().db, windows);
    for (let m = 0; m < 5; m++) {
      expect(await limiter.hit('u1', T0 + m * MINUTE)).toEqual({ ok: true });
    }
    const at = T0 + 5 * MINUTE;
    const endOfDay = Date.UTC(2026, 10, 24);
    expect(await limiter.hit('u1', at)).toEqual({
      ok: false,
      retryAfterSeconds: Math.ceil((endOfDay - at) / 1000),
    });
    expect(await limiter.hit('u1', endOfDay)).toEqual({ ok: true });
  });

  it('counts each user and each kind apart', async () => {
    const { db } = memoryDb();
    const ai = firestoreRateLimiter(db, windows, 'ai');
    const upload = firestoreRateLimiter(db, windows, 'upload');
    for (let i = 0; i < 4; i++) await ai.hit('u1', T0);
    expect((await ai.hit('u1', T0)).ok).toBe(false);
    expect(await ai.hit('u2', T0)).toEqual({ ok: true });
    expect(await upload.hit('u1', T0)).toEqual({ ok: true });
  });

  it('counts each scope of a student apart (one calendar link does not hold back another)', async () => {
    const { db, docs } = memoryDb();
    const links = firestoreRateLimiter(db, windows, 'calendar-link');
    for (let i = 0; i < 3; i++) await links.hit('u1', T0, 'old');
    expect((await links.hit('u1', T0, 'old')).ok).toBe(false);
    expect(await links.hit('u1', T0, 'new')).toEqual({ ok: true });
    expect(
      docs.has(rateCounterPath('u1', 'calendar-link', 60, rateWindowIndex(60, T0), 'new')),
    ).toBe(true);
    expect(rateCounterPath('u1', 'calendar-link', 60, 7, 'ab12')).toBe(
      'users/u1/private/calendar-link-ab12-rate-60s-7',
    );
    await expect(links.hit('u1', T0, '../other')).rejects.toThrow(/scope/);
  });

  it('keeps one counter document per user, kind and window, with its limit and expiry', async () => {
    const { db, docs } = memoryDb();
    await firestoreRateLimiter(db, windows, 'upload').hit('u1', T0 + 30_000);
    const minute = docs.get(rateCounterPath('u1', 'upload', 60, rateWindowIndex(60, T0)));
    expect(minute).toEqual({
      count: 1,
      limit: 3,
      // One window after the window ends, for a Firestore TTL policy.
      expires_at: new Date(T0 + 2 * MINUTE),
    });
    expect(docs.get(rateCounterPath('u1', 'upload', 86_400, rateWindowIndex(86_400, T0)))).toEqual(
      expect.objectContaining({ count: 1, limit: 5 }),
    );
    expect(rateCounterPath('u1', 'upload', 60, 7)).toBe('users/u1/private/upload-rate-60s-7');
  });
});

describe('rate windows from the environment', () => {
  it('defaults to 20 AI requests a minute and 300 a day, 10 uploads a minute and 100 a day', () => {
    expect(rateWindowsFromEnv({})).toEqual([
      { limit: 20, seconds: 60 },
      { limit: 300, seconds: 86_400 },
    ]);
    expect(uploadRateWindowsFromEnv({})).toEqual([
      { limit: 10, seconds: 60 },
      { limit: 100, seconds: 86_400 },
    ]);
  });

  it('takes positive whole numbers and ignores anything else', () => {
    expect(
      rateWindowsFromEnv({ AI_RATE_LIMIT_PER_MINUTE: '5.7', AI_RATE_LIMIT_PER_DAY: '-1' }),
    ).toEqual([
      { limit: 5, seconds: 60 },
      { limit: 300, seconds: 86_400 },
    ]);
    expect(
      uploadRateWindowsFromEnv({
        UPLOAD_RATE_LIMIT_PER_MINUTE: 'many',
        UPLOAD_RATE_LIMIT_PER_DAY: '',
      }),
    ).toEqual([
      { limit: 10, seconds: 60 },
      { limit: 100, seconds: 86_400 },
    ]);
  });
});
