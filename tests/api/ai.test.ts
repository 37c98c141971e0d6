import { DEEP_DIVE_TOOLS, type Assignment } from '@brainboard/domain';
import { createParser } from 'eventsource-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { subtaskTitles, topicFromPrompt } from '../../scripts/standins/json-schema-sample.ts';
import { MARKERS } from '../../scripts/standins/openai-standin.ts';
import { standinReply } from '../../scripts/standins/openai/replies.ts';
import type { StreamRecord } from '../../scripts/standins/openai/completion.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { fillRateWindow } from '../support/firestore.ts';
import { postForEvents } from './eventStream.ts';

const AI_HELP_OFF =
  'AI Help is turned off for your account. Turn on "Enable AI Help" in Settings to use it.';
const AI_DEEP_DIVE_OFF =
  'AI Deep Dive is turned off for your account. Turn on "Enable AI Deep Dive" in Settings to use it.';

interface Me {
  user: TestUser;
  csrf: string;
  as: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ) => ReturnType<typeof call<T>>;
}

async function signedIn(optIns: { help?: boolean; deepDive?: boolean } = {}): Promise<Me> {
  const user = await createTestUser('ai');
  const { csrf_token } = await sessionOf(user);
  const as = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, {
      token: user.idToken,
      csrf: csrf_token,
      ...(body === undefined ? {} : { body }),
    });
  const changes = {
    ...(optIns.help ? { ai_help_enabled: true } : {}),
    ...(optIns.deepDive ? { ai_deep_dive_enabled: true } : {}),
  };
  if (Object.keys(changes).length > 0) {
    const res = await as('PATCH', `/api/user/${user.uid}`, changes);
    expect(res.status).toBe(200);
  }
  return { user, csrf: csrf_token, as };
}

async function newAssignment(me: Me, title = 'Essay on photosynthesis'): Promise<Assignment> {
  const res = await me.as<{ item: Assignment }>('POST', '/api/assignment', {
    title,
    description: 'Two pages, due Friday.',
  });
  expect(res.status).toBe(201);
  return res.body.item;
}

interface StreamEvent {
  event: string | undefined;
  data: string;
  /** ms since the request was sent. */
  at: number;
}

/** POSTs to a streaming endpoint and collects its Server-Sent Events as they arrive. */
async function openStream(
  me: Me,
  path: string,
  body: unknown,
  opts: { signal?: AbortSignal; onEvent?: (e: StreamEvent) => void; base?: string } = {},
) {
  const started = performance.now();
  const res = await postForEvents(
    me,
    `${opts.base ?? inject('stack').api}${path}`,
    body,
    opts.signal ?? null,
  );
  const events: StreamEvent[] = [];
  const parser = createParser({
    onEvent: (e) => {
      const event = { event: e.event, data: e.data, at: performance.now() - started };
      events.push(event);
      opts.onEvent?.(event);
    },
  });
  const done = (async () => {
    if (!res.ok || !res.body) return;
    const decoder = new TextDecoder();
    for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
  })();
  return { res, events, done, started };
}

const standinBase = () => inject('stack').openai?.replace(/\/v1$/, '') ?? '';

async function standinStats(): Promise<{ aborted: number; requests: number }> {
  return (await fetch(`${standinBase()}/__standin/stats`)).json() as Promise<{
    aborted: number;
    requests: number;
  }>;
}

async function standinStreams(): Promise<StreamRecord[]> {
  return (await fetch(`${standinBase()}/__standin/streams`)).json() as Promise<StreamRecord[]>;
}

async function standinRequests(): Promise<{ messages: { role: string; content: string }[] }[]> {
  return (await fetch(`${standinBase()}/__standin/requests`)).json() as Promise<
    { messages: { role: string; content: string }[] }[]
  >;
}

beforeAll(() => {
  if (!inject('stack').openai) {
    throw new Error('These tests need the OpenAI stand-in: unset OPENAI_API_KEY.');
  }
});

describe('POST /api/ai-help-chat (SSE)', () => {
  it('streams the reply token by token, every piece in order, complete', async () => {
    const me = await signedIn({ help: true });
    const prompt = `Title: Essay on photosynthesis ${Date.now()}\nHow do I start?`;
    const stream = await openStream(me, '/api/ai-help-chat', { prompt, file_id: null });
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toMatch(/no-store/);
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    await stream.done;

    const { events } = stream;
    expect(events.every((e) => e.event === 'data')).toBe(true);
    expect(events.length).toBeGreaterThan(10);
    expect(events.map((e) => e.data).join('')).toBe(standinReply(prompt));
    // Streamed as the stand-in sends it (15 ms a piece), not buffered until the end.
    const first = events[0]!.at;
    const last = events[events.length - 1]!.at;
    expect(last - first).toBeGreaterThan(150);

    // The model got our system prompt and the student's message.
    const sent = (await standinRequests()).filter((r) =>
      r.messages.some((m) => m.role === 'user' && m.content === prompt),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messages[0]).toMatchObject({ role: 'system' });
  });

  it('sends the earlier turns of the conversation, and idea mode streams the same way', async () => {
    const me = await signedIn({ help: true });
    const prompt = `And the conclusion? ${Date.now()}`;
    const history = [
      { role: 'user', content: 'Title: History essay' },
      { role: 'assistant', content: 'Start with the question.' },
    ];
    const stream = await openStream(me, '/api/ai-idea-chat', { prompt, messages: history });
    await stream.done;
    expect(stream.events.map((e) => e.data).join('')).toBe(standinReply(prompt));
    const sent = (await standinRequests()).find((r) =>
      r.messages.some((m) => m.content === prompt),
    );
    expect(sent?.messages.slice(1)).toEqual([...history, { role: 'user', content: prompt }]);
  });

  it('leaves the connections fit for the next calls after a stream (also through the web origin)', async () => {
    const me = await signedIn({ help: true });
    const { web } = inject('stack');
    for (const [base, prompt] of [
      [web, 'Title: First'],
      [web, 'Title: Second'],
      [undefined, 'Title: Third'],
    ] as const) {
      const stream = await openStream(me, '/api/ai-help-chat', { prompt }, base ? { base } : {});
      expect(stream.res.status, prompt).toBe(200);
      await stream.done;
      expect(stream.events.map((e) => e.data).join('')).toBe(standinReply(prompt));
    }
    expect((await me.as('GET', '/api/session')).status).toBe(200);
  });

  it('ends with an error event when the provider fails mid-stream, never hanging', async () => {
    const me = await signedIn({ help: true });
    const prompt = `Title: Lab report ${MARKERS.failMidStream}`;
    const stream = await openStream(me, '/api/ai-help-chat', { prompt });
    expect(stream.res.status).toBe(200);
    // A deadline, not a wait: the race ends as soon as the stream does.
    await Promise.race([
      stream.done,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream hung')), 15_000)),
    ]);
    const last = stream.events[stream.events.length - 1];
    expect(last).toMatchObject({
      event: 'error',
      data: 'The AI service stopped before finishing its answer. Please try again.',
    });
    const data = stream.events.filter((e) => e.event === 'data').map((e) => e.data);
    expect(data.length).toBeGreaterThan(0);
    expect(standinReply(prompt).startsWith(data.join(''))).toBe(true);
  });

  it('passes an abort by the client on to the provider, through the Functions emulator', async () => {
    const me = await signedIn({ help: true });
    const tag = `abort-${Date.now()}`;
    const controller = new AbortController();
    let firstData: () => void = () => {};
    const gotData = new Promise<void>((resolve) => (firstData = resolve));
    const stream = await openStream(
      me,
      '/api/ai-help-chat',
      { prompt: `Title: Long answer please ${tag} ${MARKERS.slow}` },
      {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.event === 'data') firstData();
        },
      },
    );
    expect(stream.res.status).toBe(200);
    await gotData;
    const abortedAt = Date.now();
    controller.abort();
    await stream.done.catch(() => {});

    // The slow answer takes 200 ms a chunk, about 8 s in all: the stand-in sees its socket
    // close long before that, with most chunks never sent.
    const closed = async () => (await standinStreams()).find((s) => s.prompt.includes(tag));
    await expect
      .poll(async () => (await closed())?.outcome, { timeout: 4_000, interval: 100 })
      .toBe('client-closed');
    const record = (await closed())!;
    console.log(
      `[ai] provider stream closed ${record.closedAt! - abortedAt} ms after the client aborted, ` +
        `${record.sent} of ${record.chunks} chunks sent`,
    );
    expect(record.sent).toBeLessThan(record.chunks / 2);
  });

  it('answers 403 without the AI Help opt-in, before anything reaches the provider', async () => {
    const me = await signedIn();
    const before = await standinStats();
    for (const path of ['/api/ai-help-chat', '/api/ai-idea-chat']) {
      const res = await me.as('POST', path, { prompt: 'Title: Essay' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: AI_HELP_OFF });
    }
    const suggest = await me.as('POST', '/api/ai-suggest-subtasks', { prompt: 'Title: Essay' });
    expect(suggest.status).toBe(403);
    expect(suggest.body).toEqual({ error: AI_HELP_OFF });
    expect((await standinStats()).requests).toBe(before.requests);
  });

  it('checks sign-in, CSRF and the prompt size', async () => {
    const me = await signedIn({ help: true });
    expect((await call('POST', '/api/ai-help-chat', { body: { prompt: 'hi' } })).status).toBe(401);
    const noCsrf = await call('POST', '/api/ai-help-chat', {
      token: me.user.idToken,
      body: { prompt: 'hi' },
    });
    expect(noCsrf.status).toBe(403);

    const long = await me.as('POST', '/api/ai-help-chat', { prompt: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'prompt must be at most 10000 characters.' });
    const blank = await me.as('POST', '/api/ai-help-chat', { prompt: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: 'prompt is required.' });
    const unknown = await me.as('POST', '/api/ai-help-chat', { prompt: 'hi', model: 'gpt-5' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Unknown field: model.' });
    const foreignFile = await me.as('POST', '/api/ai-help-chat', {
      prompt: 'hi',
      file_id: 'someone-elses-file',
    });
    expect(foreignFile.status).toBe(404);
  });
});

describe('saved chats: GET /api/ai-help-load and POST /api/ai-help-save', () => {
  it('stores the non-system messages of an assignment and loads them back', async () => {
    const me = await signedIn();
    const a = await newAssignment(me);
    const empty = await me.as('GET', `/api/ai-help-load?assignment_id=${a.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ ai_help: [] });

    const messages = [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'Title: Essay on photosynthesis' },
      { role: 'assistant', content: 'Start with the light reactions.' },
    ];
    const saved = await me.as('POST', '/api/ai-help-save', { assignment_id: a.id, messages });
    expect(saved.status).toBe(200);
    const loaded = await me.as('GET', `/api/ai-help-load?assignment_id=${a.id}`);
    expect(loaded.body).toEqual({ ai_help: messages.slice(1) });
  });

  it("keeps users apart: another user's assignment is not found and their chats stay unseen", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const a = await newAssignment(me);
    await me.as('POST', '/api/ai-help-save', {
      assignment_id: a.id,
      messages: [{ role: 'user', content: 'private question' }],
    });
    const write = await other.as('POST', '/api/ai-help-save', {
      assignment_id: a.id,
      messages: [{ role: 'user', content: 'overwrite' }],
    });
    expect(write.status).toBe(404);
    const read = await other.as('GET', `/api/ai-help-load?assignment_id=${a.id}`);
    expect(read.body).toEqual({ ai_help: [] });
    const mine = await me.as('GET', `/api/ai-help-load?assignment_id=${a.id}`);
    expect(mine.body).toEqual({ ai_help: [{ role: 'user', content: 'private question' }] });
    expect((await me.as('GET', '/api/ai-help-load')).status).toBe(400);
  });
});

describe('POST /api/ai-suggest-subtasks', () => {
  it('answers the structured suggestions as titles with an estimate each', async () => {
    const me = await signedIn({ help: true });
    const prompt =
      'Title: Science fair poster\nDescription: About volcanoes\nExisting subtasks:\n- Buy poster board';
    const res = await me.as<{ subtasks: { title: string; estimate_minutes: number | null }[] }>(
      'POST',
      '/api/ai-suggest-subtasks',
      { prompt },
    );
    expect(res.status).toBe(200);
    expect(res.body.subtasks.map((s) => s.title)).toEqual(subtaskTitles(topicFromPrompt(prompt)));
    for (const { estimate_minutes } of res.body.subtasks) {
      expect(Number.isInteger(estimate_minutes)).toBe(true);
      expect(estimate_minutes).toBeGreaterThanOrEqual(1);
      expect(estimate_minutes).toBeLessThanOrEqual(600);
    }
    const sent = (await standinRequests()).find((r) =>
      r.messages.some((m) => m.content === prompt),
    ) as { response_format?: { type: string; json_schema: { name: string } } } | undefined;
    expect(sent?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'subtask_suggestions' },
    });
  });

  it('cuts titles to 125 characters', async () => {
    const me = await signedIn({ help: true });
    const longTopic = 'Photosynthesis '.repeat(12).trim();
    const res = await me.as<{ subtasks: { title: string }[] }>('POST', '/api/ai-suggest-subtasks', {
      prompt: `Title: "${longTopic}"`,
    });
    expect(res.status).toBe(200);
    expect(res.body.subtasks.length).toBeGreaterThan(0);
    for (const { title } of res.body.subtasks) {
      expect(title.length).toBeLessThanOrEqual(125);
      expect(title.trim()).not.toBe('');
    }
  });

  it('answers 429 past the per-user limit, with Retry-After', async () => {
    const me = await signedIn({ help: true });
    // The minute's counter stands at the limit (20), in this window and the next, so the
    // check does not depend on where in the minute it runs (the limiter's windows and the
    // request counting itself are unit-tested with an injected clock).
    await fillRateWindow(me.user.uid, 'ai', 20);
    const limited = await me.as('POST', '/api/ai-suggest-subtasks', { prompt: 'Title: One more' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^You have used AI features a lot in a short time\./);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The chat is limited too, before any stream starts.
    const chat = await me.as('POST', '/api/ai-help-chat', { prompt: 'Title: Essay' });
    expect(chat.status).toBe(429);
    // Another user is not affected.
    const other = await signedIn({ help: true });
    expect(
      (await other.as('POST', '/api/ai-suggest-subtasks', { prompt: 'Title: Essay' })).status,
    ).toBe(200);
  });
});

describe('POST /api/ai-deep-dive', () => {
  it('answers each tool with its own prompt and stores it in the deep_dive map', async () => {
    const me = await signedIn({ deepDive: true });
    const a = await newAssignment(me);
    const prompt = `Title: ${a.title}\nDescription: ${a.description}`;
    const [first, second] = [DEEP_DIVE_TOOLS[0], DEEP_DIVE_TOOLS[5]];
    const one = await me.as<{ deep_dive: string }>('POST', '/api/ai-deep-dive', {
      file_id: null,
      assignment_id: a.id,
      prompt,
      feature: first,
    });
    expect(one.status).toBe(200);
    expect(one.body.deep_dive).toBe(standinReply(prompt));
    const two = await me.as<{ deep_dive: string }>('POST', '/api/ai-deep-dive', {
      assignment_id: a.id,
      prompt,
      feature: second,
    });
    expect(two.status).toBe(200);

    const stored = await me.as<{ item: Assignment }>('GET', `/api/assignment/${a.id}`);
    expect(stored.body.item.deep_dive).toEqual({
      [first]: one.body.deep_dive,
      [second]: two.body.deep_dive,
    });
    expect(stored.body.item.title).toBe(a.title);

    const systems = (await standinRequests())
      .filter((r) => r.messages.some((m) => m.content === prompt))
      .map((r) => r.messages[0]!.content);
    expect(systems).toHaveLength(2);
    expect(systems[0]).toContain(`"${first}"`);
    expect(systems[1]).toContain(`"${second}"`);
    expect(systems[0]).not.toBe(systems[1]);
  });

  it('needs the Deep Dive opt-in (AI Help is not enough), a known tool and an own assignment', async () => {
    const helpOnly = await signedIn({ help: true });
    const a = await newAssignment(helpOnly);
    const body = { assignment_id: a.id, prompt: 'Title: Essay', feature: 'Thought Provoker' };
    const refused = await helpOnly.as('POST', '/api/ai-deep-dive', body);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: AI_DEEP_DIVE_OFF });

    const me = await signedIn({ deepDive: true });
    const unknown = await me.as('POST', '/api/ai-deep-dive', { ...body, feature: 'Mind Reader' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(`feature must be one of: ${DEEP_DIVE_TOOLS.join(', ')}.`);
    const foreign = await me.as('POST', '/api/ai-deep-dive', body);
    expect(foreign.status).toBe(404);
    const after = await helpOnly.as<{ item: Assignment }>('GET', `/api/assignment/${a.id}`);
    expect(after.body.item.deep_dive).toEqual({});
  });
});
