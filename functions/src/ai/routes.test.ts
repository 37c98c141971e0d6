import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import express from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MARKERS,
  startOpenAIStandin,
  type OpenAIStandin,
} from '../../../scripts/standins/openai-standin.ts';
import { standinReply } from '../../../scripts/standins/openai/replies.ts';
import { errorHandler } from '../http/errors.ts';
import { aiRoutes } from './routes.ts';
import { openAiProvider } from './provider.ts';
import type { RateLimiter } from '../http/rateLimit.ts';

/**
 * The AI routes in plain Express (no emulator between client and function),
 * against the OpenAI stand-in, with a minimal in-memory Firestore for the
 * profile reads. Covers what the Functions emulator cannot show: a client
 * that disconnects aborts the provider request.
 */

/** Just enough of Firestore for `users/{uid}` and its subcollections' `get()`. */
function memoryDb(docs: Record<string, Record<string, unknown>>): Firestore {
  const doc = (path: string): unknown => ({
    path,
    collection: (name: string) => collection(`${path}/${name}`),
    async get() {
      const data = docs[path];
      return {
        exists: data !== undefined,
        data: () => data,
        get: (field: string) => data?.[field],
      };
    },
  });
  const collection = (path: string) => ({ doc: (id: string) => doc(`${path}/${id}`) });
  return { collection } as unknown as Firestore;
}

let standin: OpenAIStandin;
let base = '';
let closeServer = () => {};
let limited = false;

beforeAll(async () => {
  standin = await startOpenAIStandin({ chunkDelayMs: 5, slowChunkDelayMs: 100 });
  const provider = openAiProvider({ apiKey: 'test', baseURL: standin.url, model: 'm' });
  const limiter: RateLimiter = {
    hit: async () => (limited ? { ok: false, retryAfterSeconds: 42 } : { ok: true }),
  };
  const db = memoryDb({
    'users/on': { ai_help_enabled: true, ai_deep_dive_enabled: false },
    'users/off': { ai_help_enabled: false },
  });
  const app = express();
  app.use(express.json());
  app.use((req, _res, next) => {
    (req as unknown as { user: { uid: string } }).user = { uid: req.get('x-user') ?? 'on' };
    next();
  });
  app.use(aiRoutes(db, { provider: () => provider, rateLimiter: limiter }));
  app.use(errorHandler);
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () => server.close();
});
afterAll(async () => {
  closeServer();
  await standin.close();
});
beforeEach(() => {
  limited = false;
});

function post(path: string, body: unknown, init: RequestInit & { user?: string } = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': init.user ?? 'on' },
    body: JSON.stringify(body),
    signal: init.signal ?? null,
  });
}

describe('AI routes against the stand-in', () => {
  it('streams data events that add up to the reply', async () => {
    const res = await post('/ai-help-chat', { prompt: 'Title: Bees' });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: { event?: string | undefined; data: string }[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e) });
    parser.feed(await res.text());
    expect(events.length).toBeGreaterThan(10);
    expect(events.every((e) => e.event === 'data')).toBe(true);
    expect(events.map((e) => e.data).join('')).toBe(standinReply('Title: Bees'));
  });

  it('ends with an error event when the provider drops mid-stream', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post('/ai-help-chat', { prompt: `Title: Bees ${MARKERS.failMidStream}` });
    const text = await res.text();
    expect(text).toMatch(
      /event: error\ndata: The AI service stopped before finishing its answer\. Please try again\.\n\n$/,
    );
  });

  it('aborts the provider request when the client disconnects', async () => {
    const before = standin.aborted;
    const controller = new AbortController();
    const res = await post(
      '/ai-help-chat',
      { prompt: `Title: Bees ${MARKERS.slow}` },
      { signal: controller.signal },
    );
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    const deadline = Date.now() + 3000;
    while (standin.aborted === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(standin.aborted).toBe(before + 1);
  });

  it('refuses without the opt-in, past the rate limit, and when no provider is set', async () => {
    const off = await post('/ai-help-chat', { prompt: 'hi' }, { user: 'off' });
    expect(off.status).toBe(403);
    const dive = await post('/ai-deep-dive', {
      prompt: 'hi',
      assignment_id: 'a1',
      feature: 'Thought Provoker',
    });
    expect(dive.status).toBe(403);
    expect(await dive.json()).toEqual({
      error:
        'AI Deep Dive is turned off for your account. Turn on "Enable AI Deep Dive" in Settings to use it.',
    });

    limited = true;
    const many = await post('/ai-suggest-subtasks', { prompt: 'hi' });
    expect(many.status).toBe(429);
    expect(many.headers.get('retry-after')).toBe('42');
    expect(await many.json()).toEqual({
      error:
        'You have used AI features a lot in a short time. Please wait 42 seconds and try again.',
    });
  });
});
