import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { assignmentRoutes } from '../../functions/src/assignments/routes.ts';
import { studentApi } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { countReads } from '../support/readCounter.ts';

/**
 * What a poll of an unchanged board costs. The API's own assignment routes run in this process
 * on the stack's Firestore, so every document they read is counted (tests/support/readCounter.ts);
 * the caller is set as sign-in would set it. The board is filled through the stack's API.
 */
const { db } = admin();
const counter = countReads(db);

const app = express();
let uid = '';
app.use((req, _res, next) => {
  (req as unknown as { user: { uid: string } }).user = { uid };
  next();
});
app.use('/api', assignmentRoutes(db));
const server = app.listen(0, '127.0.0.1');
afterAll(() => {
  counter.stop();
  server.close();
});
const poll = (etag?: string) =>
  fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/assignments`, {
    headers: etag ? { 'if-none-match': etag } : {},
  });

describe('polling the board', () => {
  it('reads one document for an unchanged board and answers 304; a change shows', async () => {
    const user = await createTestUser('poll');
    const { id, as } = await studentApi(user.idToken);
    uid = id;
    for (let i = 0; i < 30; i++) {
      const res = await as('POST', '/api/assignment', {
        title: `Task ${i}`,
        due_date: '2031-01-10T09:00:00',
      });
      expect(res.status, res.text).toBe(201);
    }
    const first = await poll();
    expect(first.status).toBe(200);
    expect(await first.json()).toHaveLength(30);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();

    counter.reset();
    const unchanged = await poll(etag);
    expect(unchanged.status).toBe(304);
    console.log(`[board poll] documents read by an unchanged poll: ${counter.reads}`);
    expect(counter.reads).toBe(1);

    expect((await as('POST', '/api/assignment', { title: 'One more' })).status).toBe(201);
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toHaveLength(31);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
