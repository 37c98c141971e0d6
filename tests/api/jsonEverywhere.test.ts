import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, sessionOf, type CallOptions } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';

/**
 * Every refusal is a JSON sentence, however the request reaches the function: straight to the
 * function's own URL (the Functions emulator, as Cloud Functions) or through the web app's
 * `/api` proxy (`vite preview`, as Hosting's rewrite). Cloud Functions read and parse a body
 * before the app runs; these are the bodies that platform parser used to refuse with its own
 * HTML page.
 */
let owner: { user: TestUser; csrf: string };

beforeAll(async () => {
  const user = await createTestUser('json-everywhere');
  owner = { user, csrf: (await sessionOf(user)).csrf_token };
});

const NOT_JSON = 'The request body is not valid JSON.';
const NOT_OBJECT = 'The request body must be a JSON object.';

const BODIES = [
  ['malformed JSON', '{"title": "Essay",', NOT_JSON],
  ['a bare null', 'null', NOT_OBJECT],
  ['a bare string', '"x"', NOT_OBJECT],
  ['a bare number', '42', NOT_OBJECT],
] as const;

interface Route {
  label: string;
  method: string;
  path: () => string;
  signedIn: boolean;
}

const ROUTES: Route[] = [
  { label: 'POST /api/assignment', method: 'POST', path: () => '/api/assignment', signedIn: true },
  {
    label: 'PATCH /api/user/:id',
    method: 'PATCH',
    path: () => `/api/user/${owner.user.uid}`,
    signedIn: true,
  },
  {
    label: 'POST /api/push/subscriptions',
    method: 'POST',
    path: () => '/api/push/subscriptions',
    signedIn: true,
  },
  {
    label: 'POST /api/reminders/action (signed out)',
    method: 'POST',
    path: () => '/api/reminders/action',
    signedIn: false,
  },
];

const via = (web: boolean) => (web ? inject('stack').web : inject('stack').api);

function auth(route: Route): CallOptions {
  return route.signedIn ? { token: owner.user.idToken, csrf: owner.csrf } : {};
}

function expectSentence(res: { status: number; headers: Headers; text: string }) {
  expect(res.headers.get('content-type'), res.text).toContain('application/json');
  const body = JSON.parse(res.text) as { error?: unknown };
  // A sentence: it starts with a capital or a field name and ends with a full stop.
  expect(String(body.error)).toMatch(/^[A-Za-z][^\n]*[.!?]$/);
  expect(String(body.error)).not.toMatch(/Invalid input|expected .*, received/);
  return body.error;
}

describe.each([
  ['the function URL (Functions emulator)', false],
  ['the web app proxy', true],
] as const)('bodies the platform cannot parse, through %s', (_, viaWeb) => {
  beforeAll(() => {
    if (viaWeb && !via(true)) {
      console.log('[jsonEverywhere] web proxy cases skipped: the stack runs without the web app');
    }
  });

  describe.each(ROUTES.map((r) => [r.label, r] as const))('%s', (_name, route) => {
    it.each(BODIES)('%s answers 400 with a JSON sentence', async (_label, body, error) => {
      if (viaWeb && !via(true)) return;
      const res = await call(route.method, route.path(), {
        ...auth(route),
        rawBody: body,
        viaWeb,
      });
      expect(res.status, `${route.method} ${route.path()}: ${res.text}`).toBe(400);
      expect(expectSentence(res)).toBe(error);
    });
  });
});

describe('the notification button route caps its body before reading it', () => {
  it('a 30 MB body to /api/reminders/action is refused 413 with JSON, quickly', async () => {
    const body = JSON.stringify({ token: 'x'.repeat(30 * 1024 * 1024) });
    const started = Date.now();
    const res = await call('POST', '/api/reminders/action', { rawBody: body });
    const ms = Date.now() - started;
    console.log(`[jsonEverywhere] 30 MB to /api/reminders/action: ${res.status} in ${ms} ms`);
    expect(res.status, res.text).toBe(413);
    expect(expectSentence(res)).toBe('The request is too large. The limit is 4 KB.');
    // The bound the task sets: refused within 3 s, with nothing parsed.
    expect(ms).toBeLessThan(3_000);
  });

  it('a body just over 4 KB is refused 413, one within it is read', async () => {
    const over = await call('POST', '/api/reminders/action', {
      rawBody: JSON.stringify({ token: 'x'.repeat(4_100) }),
    });
    expect(over.status, over.text).toBe(413);
    expect(expectSentence(over)).toBe('The request is too large. The limit is 4 KB.');
    const within = await call('POST', '/api/reminders/action', {
      body: { token: 'x'.repeat(900) },
    });
    expect(within.status, within.text).toBe(403);
    expectSentence(within);
  });
});

describe('a value of the wrong type', () => {
  it('is refused with a sentence naming the field, never zod’s own words', async () => {
    const res = await call('POST', '/api/push/subscriptions', {
      token: owner.user.idToken,
      csrf: owner.csrf,
      body: {
        subscription: {
          endpoint: `${inject('stack').push}push/wrong-type`,
          expirationTime: 'soon',
          keys: { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) },
        },
        device_name: 'Laptop',
      },
    });
    expect(res.status, res.text).toBe(400);
    expect(expectSentence(res)).toBe('subscription.expirationTime must be a number.');
  });
});
