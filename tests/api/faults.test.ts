import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { liteFirestorePidFile } from '../../scripts/stack/config.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';

/**
 * Faults injected into one part of the running stack while the rest keeps going: the lite
 * Firestore paused (SIGSTOP, as a database that stops answering), the AI provider dropping
 * its stream, Google Calendar failing. Every answer is quick, JSON, and changes nothing.
 */
const UNAVAILABLE =
  'Brainboard cannot reach its database right now, so nothing was changed. Please try again in a few seconds.';

let me: { user: TestUser; csrf: string };
let paused = false;
let firestorePid = 0;

const litePid = () => Number(readFileSync(liteFirestorePidFile(), 'utf8'));

function pause() {
  process.kill(firestorePid, 'SIGSTOP');
  paused = true;
}
function resume() {
  if (paused) process.kill(firestorePid, 'SIGCONT');
  paused = false;
}

const as = (method: string, path: string, body?: unknown) =>
  call(method, path, {
    token: me.user.idToken,
    csrf: me.csrf,
    ...(body === undefined ? {} : { body }),
  });

beforeAll(async () => {
  const user = await createTestUser('faults');
  const { csrf_token } = await sessionOf(user);
  me = { user, csrf: csrf_token };
});
afterAll(() => resume());

describe.runIf(inject('stack').mode === 'lite')('faults: the database stops answering', () => {
  beforeAll(() => {
    firestorePid = litePid();
  });

  it('answers 503 with Retry-After within the deadline, writes nothing late, and recovers', async () => {
    const before = await as('GET', '/api/assignments');
    expect(before.status, before.text).toBe(200);
    expect((await call('GET', '/api/health')).body).toMatchObject({ database: 'reachable' });

    pause();
    try {
      const timed = async <T>(work: Promise<T>) => {
        const started = Date.now();
        const res = await work;
        return { res, ms: Date.now() - started };
      };
      const write = await timed(as('POST', '/api/assignment', { title: 'Written while asleep' }));
      const read = await timed(as('GET', '/api/assignments'));
      const health = await timed(call('GET', '/api/health'));
      console.log(
        `[faults] Firestore paused: write 503 after ${write.ms} ms, read after ${read.ms} ms, health after ${health.ms} ms`,
      );
      for (const { res, ms } of [write, read]) {
        expect(res.status, res.text).toBe(503);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(res.body).toEqual({ error: UNAVAILABLE });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(ms).toBeLessThan(10_000);
      }
      expect(health.res.status).toBe(503);
      expect(health.res.body).toMatchObject({ database: 'unreachable' });
    } finally {
      resume();
    }

    // Recovery without a restart.
    await expect
      .poll(async () => (await call('GET', '/api/health')).status, { timeout: 30_000 })
      .toBe(200);
    const after = await as('GET', '/api/assignments');
    expect(after.status, after.text).toBe(200);
    const titles = (after.body as unknown as { title: string }[]).map((a) => a.title);
    console.log(`[faults] after resuming, stored titles: ${JSON.stringify(titles)}`);
    expect(titles).not.toContain('Written while asleep');
  });
});

describe('faults: the AI provider', () => {
  it('a stream the provider drops ends with an error event, not a hang', async () => {
    const on = await as('PATCH', `/api/user/${me.user.uid}`, { ai_help_enabled: true });
    expect(on.status, on.text).toBe(200);
    const res = await fetch(`${inject('stack').api}/api/ai-help-chat`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${me.user.idToken}`,
        'x-csrf-token': me.csrf,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ prompt: 'Explain fractions [[standin:fail-mid-stream]]' }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    expect(text).toContain('event: error');
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|ECONN|at \S+ \(/);
  });
});
