import { beforeAll, describe, expect, it } from 'vitest';
import { makeStudent, type Req, type Student } from '../support/security.ts';
import { ENDPOINTS, nameOf } from './security/endpoints.ts';
import { expectRefused } from './security/suite.ts';

/**
 * Hostile input over every endpoint: prototype names and path tricks as ids, broken
 * Unicode, invisible-only text, deeply nested and oversized JSON, wrong content types.
 * Each answers a 4xx JSON sentence and changes nothing stored.
 */
let owner: Student;

beforeAll(async () => {
  owner = await makeStudent({ prefix: 'hostile' });
});

const HOSTILE_IDS = ['__proto__', 'constructor', 'toString', '%2e%2e', 'a%5Cb', '%00'];

const withParams = (route: string, value: string) => `/api${route.replace(/:[A-Za-z]+/g, value)}`;

const opts = () => ({ token: owner.user.idToken, csrf: owner.csrf });

describe.each(ENDPOINTS.filter((e) => e.route.includes(':')).map((e) => [nameOf(e), e] as const))(
  'hostile ids: %s',
  (_, endpoint) => {
    it.each(HOSTILE_IDS)('%s as every id answers a 4xx JSON sentence', async (value) => {
      const req: Req = { ...endpoint.request(owner.ids), path: withParams(endpoint.route, value) };
      const res = await expectRefused(req, opts(), { status: [400, 404] }, [owner]);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(String(res.body.error)).toMatch(/^[A-Z].*[.!?]$/);
    });
  },
);

describe('hostile ids in bodies', () => {
  it.each(['__proto__', 'constructor', 'toString', 'valueOf'])(
    'a subtask or note id %s is refused with 400',
    async (id) => {
      const { assignmentId } = owner.ids;
      for (const [path, json] of [
        [`/api/assignment/${assignmentId}/subtasks`, { id, title: 'Read chapter 2' }],
        [`/api/assignment/${assignmentId}/notes`, { id, text: 'A note' }],
      ] as const) {
        const res = await expectRefused({ method: 'POST', path, json }, opts(), { status: 400 }, [
          owner,
        ]);
        expect(String(res.body.error)).toMatch(/id/);
      }
    },
  );
});

const LONE_SURROGATES = ['Essay \uD83D', '\uDE00 draft', 'a\uDBFFb'];
const INVISIBLE = ['\u200B\u200B', '\u0001\u0002', '\u200D\uFE0F', '\u202E', '\u0301\u0301'];

describe('text that is not well-formed or has nothing visible', () => {
  const bodies = (text: string): Req[] => {
    const { assignmentId, subtaskId } = owner.ids;
    return [
      { method: 'POST', path: '/api/assignment', json: { title: text } },
      { method: 'PATCH', path: '/api/assignment', json: { id: assignmentId, title: text } },
      {
        method: 'POST',
        path: `/api/assignment/${assignmentId}/subtasks`,
        json: { id: 'subtask-hostile-1', title: text },
      },
      {
        method: 'PATCH',
        path: `/api/assignment/${assignmentId}/subtasks/${subtaskId}`,
        json: { title: text },
      },
      { method: 'POST', path: `/api/assignment/${assignmentId}/notes`, json: { text } },
    ];
  };

  it.each(LONE_SURROGATES.map((t) => [JSON.stringify(t), t]))(
    'a lone surrogate %s is refused with 400 everywhere',
    async (_, text) => {
      for (const req of bodies(text)) {
        const res = await expectRefused(req, opts(), { status: 400 }, [owner]);
        expect(String(res.body.error)).toMatch(/broken character/);
      }
    },
  );

  it.each(INVISIBLE.map((t) => [JSON.stringify(t), t]))(
    'text with nothing visible %s counts as blank',
    async (_, text) => {
      for (const req of bodies(text)) {
        const res = await expectRefused(req, opts(), { status: 400 }, [owner]);
        expect(String(res.body.error)).toMatch(/is required\.$/);
      }
    },
  );
});

describe('hostile bodies', () => {
  it('deeply nested JSON is refused with a sentence', async () => {
    const depth = 5_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const res = await expectRefused(
      { method: 'POST', path: '/api/assignment' },
      { ...opts(), raw: { body: `{"title":${nested}}`, contentType: 'application/json' } },
      { status: 400, error: 'title must be text.' },
      [owner],
    );
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('a JSON body over 1 MB is refused with 413 JSON', async () => {
    await expectRefused(
      { method: 'POST', path: '/api/assignment' },
      {
        ...opts(),
        raw: {
          body: JSON.stringify({ title: 'x', description: 'y'.repeat(1_100_000) }),
          contentType: 'application/json',
        },
      },
      { status: 413, error: 'The request is too large. The limit is 1 MB.' },
      [owner],
    );
  });

  it('a form body instead of JSON is refused with 415 JSON', async () => {
    await expectRefused(
      { method: 'POST', path: '/api/assignment' },
      { ...opts(), raw: { body: 'title=Essay', contentType: 'application/x-www-form-urlencoded' } },
      {
        status: 415,
        error: 'Send the request body as JSON (Content-Type: application/json).',
      },
      [owner],
    );
  });
});

describe('a path that is not valid percent-encoding', () => {
  it('is refused with 400 before the app runs (the Functions framework answers it)', async () => {
    const res = await expectRefused(
      { method: 'GET', path: '/api/assignment/%E0%A4%A' },
      opts(),
      { status: 400 },
      [owner],
    );
    // The emulator's own router decodes the path before handing it on and answers a bare
    // "Bad Request" page; the web app shows its own sentence for any answer that is not JSON.
    if (!res.headers.get('content-type')?.includes('json')) {
      console.log(`[hostile] framework answered: ${res.status} ${res.text.slice(0, 80)}`);
    }
  });
});
