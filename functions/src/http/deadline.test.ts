import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_UNAVAILABLE,
  DatabaseDeadlineError,
  fenceLateWrites,
  requestDeadline,
} from './deadline.ts';
import { errorHandler, route } from './errors.ts';

describe('request deadline and late writes', () => {
  it('answers 503 with Retry-After and refuses the writes the route tries afterwards', async () => {
    const sent: string[] = [];
    const fake = { request: async (method: string) => void sent.push(method) };
    fenceLateWrites(fake as unknown as Firestore);
    const client = fake as unknown as { request(method: string): Promise<unknown> };
    let lateWrite: Promise<unknown> = Promise.resolve();
    let release: () => void = () => {};
    const databaseBack = new Promise<void>((r) => (release = r));

    const app = express();
    app.use(requestDeadline(50));
    app.post(
      '/write',
      route(async (_req, res) => {
        await client.request('batchGetDocuments');
        await databaseBack; // the database answers only after the deadline
        lateWrite = client.request('commit');
        await lateWrite;
        res.json({ ok: true });
      }),
    );
    app.use(errorHandler);
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/write`, {
        method: 'POST',
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ error: DATABASE_UNAVAILABLE });
      release();
      await expect
        .poll(() =>
          lateWrite.then(
            () => 'sent',
            (e: unknown) => e,
          ),
        )
        .toBeInstanceOf(DatabaseDeadlineError);
      expect(sent).toEqual(['batchGetDocuments']);
    } finally {
      server.close();
    }
  });
});
