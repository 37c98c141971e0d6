import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app.ts';
import { readConfig } from '../../functions/src/config.ts';
import { studentApi } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { countReads } from '../support/readCounter.ts';

/**
 * What a poll of an unchanged board costs. The API's own app (createApp, as the function
 * serves it) runs in this process on the stack's Firestore and Auth emulator, so every document
 * it reads is counted (tests/support/readCounter.ts). The board is filled through the stack.
 */
const { db, auth } = admin();
const counter = countReads(db);
const server = createApp({ auth, db, config: readConfig() }).listen(0, '127.0.0.1');
afterAll(() => {
  counter.stop();
  server.close();
});
let token = '';
const poll = (etag?: string) =>
  fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/assignments`, {
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });

describe('polling the board', () => {
  it('reads one document for an unchanged board and answers 304; a change shows', async () => {
    const user = await createTestUser('poll');
    const { id, as } = await studentApi(user.idToken);
    token = user.idToken;
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
    console.log(`[board poll] documents read by an unchanged poll: ${counter.paths.join(', ')}`);
    // One document: the student's board document, which the sign-in check every request makes
    // reads (it holds the ended sign-ins) and whose stamp the poll's ETag is compared with.
    expect(counter.paths).toEqual([`users/${id}/meta/board`]);
    expect(counter.reads).toBe(1);

    expect((await as('POST', '/api/assignment', { title: 'One more' })).status).toBe(201);
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toHaveLength(31);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
