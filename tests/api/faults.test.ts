import { readFileSync } from 'node:fs';
import { calendarFailed } from '@brainboard/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readGoogleConfig } from '../../functions/src/auth/config.ts';
import { storeGoogleGrant } from '../../functions/src/auth/grant.ts';
import { CALENDAR_UNREACHABLE } from '../../functions/src/calendar/googleCalendar.ts';
import { LOCAL_TOKEN_ENCRYPTION_KEY, liteFirestorePidFile } from '../../scripts/stack/config.ts';
import { calendarOutcomeMessage } from '../../web/src/calendar/calendarOutcome.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { postForEvents } from './eventStream.ts';

/**
 * Faults injected into one part of the running stack while the rest keeps going: the lite
 * Firestore paused (SIGSTOP, as a database that stops answering) and killed, the AI provider
 * dropping its stream, Google Calendar down. Every answer is quick, JSON, and changes nothing.
 * Parts are stopped and started again through the stack's fault control
 * (scripts/stack/faultControl.ts), so they stay the stack's own.
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

/** Stops or starts one part of the running stack alone. */
async function control(part: 'firestore' | 'calendar', action: 'stop' | 'start') {
  const res = await fetch(`${inject('stack').control}/parts/${part}/${action}`, {
    method: 'POST',
  });
  expect(res.status, await res.text()).toBe(200);
}

async function partsRunning(): Promise<Record<string, { running: boolean }>> {
  return (await fetch(`${inject('stack').control}/parts`)).json() as Promise<
    Record<string, { running: boolean }>
  >;
}

/** Whatever a failed test left stopped runs again for the suites after this one. */
afterAll(async () => {
  for (const [part, { running }] of Object.entries(await partsRunning())) {
    if (!running) await control(part as 'firestore' | 'calendar', 'start');
  }
});

const timed = async <T>(work: Promise<T>) => {
  const started = Date.now();
  const res = await work;
  return { res, ms: Date.now() - started };
};

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

/**
 * With the database unreachable, a write and a read answer 503 with the sentence and a
 * Retry-After well within the 10 s a student would wait, and /api/health says so.
 */
async function expectUnavailable(how: string, title: string): Promise<void> {
  const write = await timed(as('POST', '/api/assignment', { title }));
  const read = await timed(as('GET', '/api/assignments'));
  const health = await timed(call('GET', '/api/health'));
  console.log(
    `[faults] Firestore ${how}: write 503 after ${write.ms} ms, read after ${read.ms} ms, health after ${health.ms} ms`,
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
}

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
      await expectUnavailable('paused', 'Written while asleep');
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
    const res = await postForEvents(
      me,
      `${inject('stack').api}/api/ai-help-chat`,
      { prompt: 'Explain fractions [[standin:fail-mid-stream]]' },
      AbortSignal.timeout(20_000),
    );
    const text = await res.text();
    expect(text).toContain('event: error');
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|ECONN|at \S+ \(/);
  });
});

describe('faults: Google Calendar is down', () => {
  it('keeps the assignment saved and answers the calendar alert without internal details', async () => {
    const user = await createTestUser('faults-calendar');
    const { csrf_token } = await sessionOf(user);
    // A working grant, as the consent flow stores it (the refresh token is the stand-in's).
    await storeGoogleGrant(
      admin().db,
      readGoogleConfig({ TOKEN_ENCRYPTION_KEY: LOCAL_TOKEN_ENCRYPTION_KEY }),
      user.uid,
      {
        refreshToken: 'standin-refresh-standin-code-faults',
        scope: 'https://www.googleapis.com/auth/calendar.events',
      },
    );
    const student = (method: string, path: string, body?: unknown) =>
      call(method, path, {
        token: user.idToken,
        csrf: csrf_token,
        ...(body === undefined ? {} : { body }),
      });

    await control('calendar', 'stop');
    try {
      // "Save to Google Calendar" ticked: the assignment is saved first, then the event.
      const saved = await student('POST', '/api/assignment', {
        title: 'Essay while Calendar is down',
        due_date: '2030-05-10T15:00:00',
      });
      expect(saved.status, saved.text).toBe(201);
      const id = (saved.body as unknown as { item: { id: string } }).item.id;
      const calendar = await timed(
        student('POST', `/api/assignment/${id}/save-to-calendar`, { time_zone: 'Europe/Berlin' }),
      );
      console.log(
        `[faults] Calendar down: save-to-calendar answered ${calendar.res.status} after ${calendar.ms} ms`,
      );
      expect(calendar.res.status, calendar.res.text).toBe(503);
      expect(calendar.res.headers.get('content-type')).toContain('application/json');
      expect(calendar.res.body).toEqual({ error: CALENDAR_UNREACHABLE });
      const alert = calendarOutcomeMessage({ ok: false, error: CALENDAR_UNREACHABLE });
      expect(alert).toBe(calendarFailed(CALENDAR_UNREACHABLE));
      expect(calendar.res.text + alert).not.toMatch(/127\.0\.0\.1|localhost|request to|ECONN/);

      const list = await student('GET', '/api/assignments');
      expect(list.status, list.text).toBe(200);
      const stored = (list.body as unknown as { id: string; title: string }[]).find(
        (a) => a.id === id,
      );
      expect(stored).toMatchObject({ title: 'Essay while Calendar is down' });
    } finally {
      await control('calendar', 'start');
    }
  });
});

describe.runIf(inject('stack').mode === 'lite')('faults: the database is killed', () => {
  it('answers 503 within the deadline while it is down, and recovers once it runs again', async () => {
    expect((await call('GET', '/api/health')).body).toMatchObject({ database: 'reachable' });

    await control('firestore', 'stop');
    try {
      await expectUnavailable('killed', 'Written while down');
    } finally {
      await control('firestore', 'start');
    }

    // Recovery without restarting anything else: the functions reconnect by themselves.
    const restarted = Date.now();
    await expect
      .poll(async () => (await call('GET', '/api/health')).status, { timeout: 30_000 })
      .toBe(200);
    console.log(`[faults] API healthy ${Date.now() - restarted} ms after Firestore started again`);
    // The lite Firestore keeps its data in memory: it comes back empty, so a new session.
    const { csrf_token } = await sessionOf(me.user);
    const again = await call('POST', '/api/assignment', {
      token: me.user.idToken,
      csrf: csrf_token,
      body: { title: 'Written after the restart' },
    });
    expect(again.status, again.text).toBe(201);
    const list = await call('GET', '/api/assignments', { token: me.user.idToken });
    expect(list.status, list.text).toBe(200);
    expect((list.body as unknown as { title: string }[]).map((a) => a.title)).toEqual([
      'Written after the restart',
    ]);
  });
});
