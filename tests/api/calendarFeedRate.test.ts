import { describe, expect, inject, it } from 'vitest';
import { studentApi } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';

/** One read of a feed path, straight to the function (calendar apps send no sign-in). */
async function read(path: string) {
  const res = await fetch(`${inject('stack').api}${path}`);
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get('content-type') ?? '' };
}

const pathOf = (url: unknown) => new URL(String(url)).pathname;

describe('the calendar feed rate limit counts each link apart', () => {
  it('an old link read past its limit does not block the freshly rotated one', async () => {
    const user = await createTestUser('feed-rate');
    const { as } = await studentApi(user.idToken);
    const old = pathOf((await as('GET', '/api/calendar-feed')).body.url);

    // The limit is 30 reads a minute, counted in windows of whole minutes. Starting late in a
    // minute could spread the reads over two windows; waiting for the next window to begin
    // (at most 20 s) keeps them in one. This wait is on the clock the limit itself counts.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 200));

    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await read(old)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await read(old);
    expect(refused.status).toBe(429);
    expect(refused.type).toContain('application/json');
    expect(JSON.parse(refused.text)).toEqual({
      error: 'This calendar link was read too often. Try again later.',
    });

    const rotated = await as('POST', '/api/calendar-feed/rotate', {});
    expect(rotated.status).toBe(200);
    const fresh = await read(pathOf(rotated.body.url));
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.type).toMatch(/^text\/calendar/);
    expect((await read(old)).status).toBe(404);
  });
});
