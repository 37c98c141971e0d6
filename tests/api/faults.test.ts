import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { liteFirestorePidFile } from '../../scripts/stack/config.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { grantCalendarAccess } from '../support/signin.ts';

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
      const started = Date.now();
      const [write, read, health] = await Promise.all([
        as('POST', '/api/assignment', { title: 'Written while the database sleeps' }),
        as('GET', '/api/assignments'),
        call('GET', '/api/health'),
      ]);
      const elapsed = Date.now() - started;
      console.log(`[faults] 503 after ${elapsed} ms with Firestore paused`);
      for (const res of [write, read]) {
        expect(res.status, res.text).toBe(503);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(res.body).toEqual({ error: UNAVAILABLE });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ database: 'unreachable' });
      expect(elapsed).toBeLessThan(10_000);
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
    console.log(`[faults] the write that answered 503 landed later: ${titles.length > 0}`);
  });
});

describe('faults: the AI provider and Google Calendar', () => {
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

  it('Calendar down: the assignment stays saved and the alert has no internal details', async () => {
    const created = await as('POST', '/api/assignment', {
      title: 'Essay draft',
      due_date: '2030-05-01T10:00:00',
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { item: { id: string } }).item.id;
    const calendar = inject('stack').calendar;
    if (!calendar) {
      console.log('[faults] skipped the Calendar fault: a real Calendar is configured');
      return;
    }
    await grantCalendarAccess(me.user, me.csrf);
    const failed = await fetch(`${calendar}__standin/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, message: 'Backend Error' }),
    });
    expect(failed.ok).toBe(true);
    const res = await as('POST', `/api/assignment/${id}/save-to-calendar`, {
      time_zone: 'Europe/Berlin',
    });
    expect(res.status, res.text).toBe(503);
    expect((res.body as { error: string }).error).toMatch(/^Google Calendar /);
    expect(res.text).not.toMatch(/127\.0\.0\.1|localhost|https?:\/\/|ECONN|at \S+ \(/);
    const still = await as('GET', `/api/assignment/${id}`);
    expect(still.status).toBe(200);
  });
});
