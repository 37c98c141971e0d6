import { describe, expect, it } from 'vitest';
import { nextSyncAt, SYNC_EVERY_MS, turnOffsetMs } from './turns.ts';

const ids = Array.from({ length: 2000 }, (_, i) => `feed-${i.toString(16).padStart(24, '0')}`);
const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

describe('turns of the scheduled feed sync', () => {
  it('2,000 feeds created in the same second come due spread over the period', () => {
    const now = at('2026-11-25T09:00:00.000Z');
    const dues = ids.map((id) => ms(nextSyncAt(id, now)));
    // Each between half a period and one and a half from now.
    for (const due of dues) {
      expect(due - now.getTime()).toBeGreaterThan(SYNC_EVERY_MS / 2);
      expect(due - now.getTime()).toBeLessThanOrEqual((SYNC_EVERY_MS * 3) / 2);
    }
    // Sixteen slices of 15 minutes: every slice has its share, none more than twice it.
    const slices = new Array<number>(16).fill(0);
    for (const id of ids) slices[Math.floor(turnOffsetMs(id) / (SYNC_EVERY_MS / 16))]!++;
    for (const count of slices) {
      expect(count).toBeGreaterThan(2000 / 16 / 2);
      expect(count).toBeLessThan((2000 / 16) * 2);
    }
    // About 8 a minute on average; no minute has more than three times that (all at once: 2,000).
    const perMinute = new Map<number, number>();
    for (const due of dues) {
      const minute = Math.floor(due / 60_000);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(25);
  });

  it('a sync on time, or late, keeps the feed at its place: the next turn is one period on', () => {
    for (const id of ids.slice(0, 50)) {
      const first = nextSyncAt(id, at('2026-11-25T09:00:00.000Z'));
      for (const lateMs of [0, 1, 60_000, 30 * 60_000, SYNC_EVERY_MS / 2 - 1]) {
        const next = nextSyncAt(id, new Date(ms(first) + lateMs));
        expect(ms(next) - ms(first)).toBe(SYNC_EVERY_MS);
      }
      // A turn taken a little early (another clock) still moves one period on.
      expect(ms(nextSyncAt(id, new Date(ms(first) - 500))) - ms(first)).toBe(SYNC_EVERY_MS);
      // Every turn is at the feed's own place in the period.
      expect(ms(first) % SYNC_EVERY_MS).toBe(turnOffsetMs(id));
    }
  });

  it('the same feed and time give the same turn; other feeds other turns', () => {
    const now = at('2026-11-25T09:00:00.000Z');
    expect(nextSyncAt('feed-a', now)).toBe(nextSyncAt('feed-a', now));
    expect(new Set(ids.map((id) => nextSyncAt(id, now))).size).toBeGreaterThan(1990);
  });
});
