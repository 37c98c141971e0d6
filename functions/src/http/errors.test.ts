import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorHandler, HttpError, notFoundHandler, route } from './errors.ts';

describe('JSON errors', () => {
  let base = '';
  let close: () => void = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(express.json({ limit: 1024 }));
    app.get(
      '/http-error',
      route(async () => {
        throw new HttpError(429, 'Slow down a little.');
      }),
    );
    app.get(
      '/crash',
      route(async () => {
        throw new Error('database password is hunter2');
      }),
    );
    app.post('/echo', (req, res) => {
      res.json(req.body);
    });
    app.use(notFoundHandler);
    app.use(errorHandler);
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('answers an HttpError with its status and message', async () => {
    const res = await fetch(`${base}/http-error`);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: 'Slow down a little.' });
  });

  it('hides the details of an unexpected error', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetch(`${base}/crash`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: 'Something went wrong on our side. Please try again.',
    });
    expect(text).not.toContain('hunter2');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title": ',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'The request body is not valid JSON.' });

    const big = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(2048) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'The request is too large. The limit is 1 KB.' });
  });

  it('answers an unknown path with 404 JSON', async () => {
    const res = await fetch(`${base}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'There is no such API endpoint.' });
  });
});
