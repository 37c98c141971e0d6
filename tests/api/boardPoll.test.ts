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

  it("a supporter's poll of an unchanged shared board reads two documents and answers 304", async () => {
    const student = await createTestUser('poll-student');
    const supporter = await createTestUser('poll-supporter');
    const mine = await studentApi(student.idToken);
    const theirs = await studentApi(supporter.idToken);
    expect((await mine.as('POST', '/api/assignment', { title: 'Lab report' })).status).toBe(201);
    const share = await mine.as('POST', '/api/shares', {
      name: 'Tutor',
      scope: { steps: true, focus: true, descriptions: false },
    });
    expect(share.status, share.text).toBe(201);
    const invite = new URL(String(share.body.url)).pathname.split('/').pop();
    expect((await theirs.as('POST', '/api/shared/accept', { token: invite })).status).toBe(200);
    const look = (etag?: string) =>
      fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/shared/${String(share.body.id)}/board`,
        {
          headers: {
            authorization: `Bearer ${supporter.idToken}`,
            ...(etag ? { 'if-none-match': etag } : {}),
          },
        },
      );
    const first = await look();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();

    counter.reset();
    const unchanged = await look(etag);
    expect(unchanged.status).toBe(304);
    console.log(`[shared poll] documents read by an unchanged poll: ${counter.paths.join(', ')}`);
    // The supporter's own board document (the sign-in check), the share, the student's board stamp.
    expect(counter.reads).toBe(3);
    expect(counter.paths).toEqual(
      expect.arrayContaining([
        `users/${theirs.id}/meta/board`,
        `users/${mine.id}/meta/board`,
        expect.stringMatching(/^shares\//),
      ]),
    );

    expect((await mine.as('POST', '/api/assignment', { title: 'Essay' })).status).toBe(201);
    const changed = await look(etag);
    expect(changed.status).toBe(200);
    const board = (await changed.json()) as { assignments: { title: string }[] };
    expect(board.assignments.map((a) => a.title).sort()).toEqual(['Essay', 'Lab report']);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
