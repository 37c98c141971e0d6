import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../functions/src/app.ts';
import { readConfig } from '../../../functions/src/config.ts';
import { admin } from '../../support/firestore.ts';
import { urls } from '../../../scripts/stack/config.ts';
import { send, type Answer, type Student } from '../../support/security.ts';
import { twoStudents } from './suite.ts';

let owner: Student;

beforeAll(async () => {
  ({ owner } = await twoStudents());
});

describe('security headers on API answers', () => {
  it('every kind of answer says nosniff, no framing, no referrer and no caching', async () => {
    const me = { token: owner.user.idToken, csrf: owner.csrf };
    const answers: [string, Answer][] = [
      ['200 session', await send({ method: 'GET', path: '/api/session' }, me)],
      ['200 list', await send({ method: 'GET', path: '/api/assignments' }, me)],
      ['200 public health', await send({ method: 'GET', path: '/api/health' })],
      ['401', await send({ method: 'GET', path: '/api/assignments' })],
      [
        '403',
        await send(
          { method: 'POST', path: '/api/assignment', json: { title: 'x' } },
          { token: owner.user.idToken },
        ),
      ],
      ['400', await send({ method: 'POST', path: '/api/assignment', json: { title: '' } }, me)],
      ['404', await send({ method: 'GET', path: '/api/assignment/nope' }, me)],
      ['404 route', await send({ method: 'GET', path: '/api/no-such-thing' }, me)],
      [
        '415',
        await send(
          { method: 'POST', path: '/api/assignment' },
          { ...me, raw: { body: 'a', contentType: 'text/plain' } },
        ),
      ],
      [
        '413',
        await send(
          { method: 'POST', path: '/api/assignment', json: { title: 'x'.repeat(1024 * 1024 + 1) } },
          me,
        ),
      ],
      [
        '200 event stream',
        await send({ method: 'POST', path: '/api/ai-help-chat', json: { prompt: 'Hello' } }, me),
      ],
      [
        'root mount',
        await send({ method: 'GET', path: '/api/session' }, { ...me, rootMount: true }),
      ],
    ];
    for (const [label, res] of answers) {
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), label).toBe('DENY');
      expect(res.headers.get('referrer-policy'), label).toBe('no-referrer');
      expect(res.headers.get('cache-control'), label).toMatch(/no-store/);
    }
    expect(answers.map(([, r]) => r.status)).toEqual([
      200, 200, 200, 401, 403, 400, 404, 404, 415, 413, 200, 200,
    ]);
  });

  // Checked on the app itself: the Functions emulator wraps every function in an allow-all
  // CORS layer (FIREBASE_DEBUG_FEATURES enableCors) that deployed functions do not have.
  it('lets only the app’s own origins read answers across origins (CORS), without X-Powered-By', async () => {
    const { auth, db } = admin();
    const server = createApp({
      auth,
      db,
      config: readConfig({ CORS_ORIGINS: urls.web }),
    }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const preflight = (origin: string) =>
        fetch(`${base}/api/assignment`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, x-csrf-token, content-type',
          },
        });
      const evil = await preflight('https://evil.example');
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
      const own = await preflight(urls.web);
      expect(own.headers.get('access-control-allow-origin')).toBe(urls.web);
      expect(own.headers.get('access-control-allow-headers')).toMatch(/X-CSRF-Token/);
      const read = await fetch(`${base}/api/health`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      // The emulator's proxy adds its own X-Powered-By; the app itself does not announce Express.
      expect(read.headers.get('x-powered-by')).toBeNull();
      expect(read.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      server.close();
    }
  });
});
