import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_UNAVAILABLE,
  DatabaseDeadlineError,
  fenceLateWrites,
  liftDeadline,
  requestDeadline,
  TOOK_TOO_LONG,
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

describe('the request ceiling', () => {
  /** A server whose routes lift the 50 ms deadline and then never finish; the ceiling is 200 ms. */
  async function hangingServer() {
    const app = express();
    app.use(requestDeadline(50, 200));
    app.post('/never-answers', (_req, res) => {
      liftDeadline(res); // as the AI routes do before the provider answers
    });
    app.post('/streams-forever', (_req, res) => {
      liftDeadline(res);
      res.status(200).set('Content-Type', 'text/event-stream');
      res.write('event: data\ndata: first piece\n\n');
    });
    app.use(errorHandler);
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, close: () => server.close() };
  }

  it('answers a request that lifted its deadline with a 503 sentence before the platform would cut it', async () => {
    const { base, close } = await hangingServer();
    try {
      const res = await fetch(`${base}/never-answers`, { method: 'POST' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ error: TOOK_TOO_LONG });
    } finally {
      close();
    }
  });

  it('ends a stream that has started, so the client reads an end instead of a reset', async () => {
    const { base, close } = await hangingServer();
    try {
      const res = await fetch(`${base}/streams-forever`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('event: data\ndata: first piece\n\n');
    } finally {
      close();
    }
  });
});
