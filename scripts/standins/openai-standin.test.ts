import OpenAI, { APIError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subtaskTitles, topicFromPrompt } from './json-schema-sample.ts';
import {
  MARKERS,
  STANDIN_MODEL,
  startOpenAIStandin,
  type OpenAIStandin,
} from './openai-standin.ts';
import { standinReply } from './openai/replies.ts';
import type { StreamRecord } from './openai/completion.ts';

let standin: OpenAIStandin;
let openai: OpenAI;

const PROMPT = 'Essay on the French Revolution. Due Friday, 1500 words.';

beforeAll(async () => {
  standin = await startOpenAIStandin({ port: 0, chunkDelayMs: 5 });
  openai = new OpenAI({ apiKey: 'x', baseURL: standin.url, maxRetries: 0 });
});

afterAll(async () => {
  await standin.close();
});

beforeEach(async () => {
  const res = await fetch(standin.url.replace(/\/v1$/, '/__standin/reset'), { method: 'POST' });
  expect(res.status).toBe(200);
});

async function collectStream(prompt: string): Promise<string[]> {
  const stream = await openai.chat.completions.create({
    model: STANDIN_MODEL,
    messages: [{ role: 'user', content: prompt }],
    stream: true,
  });
  const deltas: string[] = [];
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta.content;
    if (delta) deltas.push(delta);
  }
  return deltas;
}

describe('OpenAI stand-in with the real openai client', () => {
  it('answers a non-streaming request deterministically and records it', async () => {
    const completion = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You help students plan.' },
        { role: 'user', content: PROMPT },
      ],
    });
    const content = completion.choices[0]?.message.content ?? '';
    expect(content.startsWith(`Stand-in reply to: ${PROMPT}`)).toBe(true);
    expect(content).toBe(standinReply(PROMPT));
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gpt-4o-mini');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    expect(standin.requests).toHaveLength(1);
    expect(standin.requests[0]?.messages).toHaveLength(2);

    const recorded = await fetch(standin.url.replace(/\/v1$/, '/__standin/requests'));
    expect(await recorded.json()).toEqual([expect.objectContaining({ model: 'gpt-4o-mini' })]);
  });

  it('trims the echoed prompt to 200 characters and strips markers', () => {
    const long = `${MARKERS.slow} ${'word '.repeat(100)}`;
    const firstLine = standinReply(long).split('\n')[0] ?? '';
    expect(firstLine).toBe(`Stand-in reply to: ${'word '.repeat(40).slice(0, 200)}`);
  });

  it('streams the same text in several ordered chunks', async () => {
    const deltas = await collectStream(PROMPT);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(standinReply(PROMPT));

    const completion = await openai.chat.completions.create({
      model: STANDIN_MODEL,
      messages: [{ role: 'user', content: PROMPT }],
    });
    expect(deltas.join('')).toBe(completion.choices[0]?.message.content);
  });

  it('spaces streamed chunks out in time and ends with finish_reason stop and usage', async () => {
    const stream = await openai.chat.completions.create({
      model: STANDIN_MODEL,
      messages: [{ role: 'user', content: 'Short prompt' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const arrivals: number[] = [];
    const finishReasons: (string | null | undefined)[] = [];
    let sawRole = false;
    let usageTotal = 0;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice?.delta.role === 'assistant') sawRole = true;
      if (choice?.delta.content) arrivals.push(performance.now());
      if (choice) finishReasons.push(choice.finish_reason);
      if (chunk.usage) usageTotal = chunk.usage.total_tokens;
    }
    expect(sawRole).toBe(true);
    expect(finishReasons.at(-1)).toBe('stop');
    expect(usageTotal).toBeGreaterThan(0);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan((arrivals.length - 1) * 3);
  });

  it('answers a subtasks json_schema with 3–5 deterministic titles', async () => {
    const request = {
      model: STANDIN_MODEL,
      messages: [
        { role: 'system' as const, content: 'Split the assignment into subtasks.' },
        { role: 'user' as const, content: `Assignment: Lab report on photosynthesis\nDue: Monday` },
      ],
      response_format: {
        type: 'json_schema' as const,
        json_schema: {
          name: 'subtasks',
          strict: true,
          schema: {
            type: 'object',
            properties: {
              subtasks: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    title: { type: 'string' },
                    estimateMinutes: { type: 'integer' },
                    done: { type: 'boolean' },
                  },
                  required: ['title', 'estimateMinutes', 'done'],
                  additionalProperties: false,
                },
              },
            },
            required: ['subtasks'],
            additionalProperties: false,
          },
        },
      },
    };
    const completion = await openai.chat.completions.create(request);
    const parsed = JSON.parse(completion.choices[0]?.message.content ?? '') as {
      subtasks: { title: string; estimateMinutes: number; done: boolean }[];
    };
    expect(parsed.subtasks.length).toBeGreaterThanOrEqual(3);
    expect(parsed.subtasks.length).toBeLessThanOrEqual(5);
    expect(parsed.subtasks[0]?.title).toBe('Read the brief for Lab report on photosynthesis');
    expect(parsed.subtasks.map((s) => s.title)).toEqual(
      subtaskTitles(topicFromPrompt('Assignment: Lab report on photosynthesis')),
    );
    for (const subtask of parsed.subtasks) {
      expect(Number.isInteger(subtask.estimateMinutes)).toBe(true);
      expect(typeof subtask.done).toBe('boolean');
    }

    const again = await openai.chat.completions.create(request);
    expect(again.choices[0]?.message.content).toBe(completion.choices[0]?.message.content);
  });

  it('streams structured output for an array-of-strings subtasks schema', async () => {
    const stream = await openai.chat.completions.create({
      model: STANDIN_MODEL,
      messages: [{ role: 'user', content: 'Title: Poster about volcanoes' }],
      stream: true,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'plan',
          schema: {
            type: 'object',
            properties: {
              subtasks: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 5 },
              summary: { type: 'string' },
              confidence: { type: 'number', minimum: 0, maximum: 1 },
            },
            required: ['subtasks', 'summary', 'confidence'],
          },
        },
      },
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    const parsed = JSON.parse(text) as { subtasks: string[]; summary: string; confidence: number };
    expect(parsed.subtasks.length).toBeGreaterThanOrEqual(3);
    expect(parsed.subtasks.length).toBeLessThanOrEqual(5);
    expect(parsed.subtasks.every((s) => s.includes('Poster about volcanoes'))).toBe(true);
    expect(typeof parsed.summary).toBe('string');
    expect(parsed.confidence).toBeGreaterThanOrEqual(0);
    expect(parsed.confidence).toBeLessThanOrEqual(1);
  });

  it('works with zodResponseFormat and chat.completions.parse', async () => {
    const Plan = z.object({
      subtasks: z
        .array(
          z.object({
            title: z.string().max(120),
            minutes: z.number().int().min(5).max(240),
            kind: z.enum(['read', 'write', 'review']),
            note: z.string().nullable(),
          }),
        )
        .min(3)
        .max(5),
      dueDate: z.string(),
    });
    const completion = await openai.chat.completions.parse({
      model: STANDIN_MODEL,
      messages: [{ role: 'user', content: 'Break down "History essay on Rome"' }],
      response_format: zodResponseFormat(Plan, 'plan'),
    });
    const plan = completion.choices[0]?.message.parsed;
    expect(plan?.subtasks.map((s) => s.title)).toEqual(subtaskTitles('History essay on Rome'));
    expect(plan?.subtasks.every((s) => s.minutes >= 5 && s.minutes <= 240)).toBe(true);
    expect(plan?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('breaks the stream for [[standin:fail-mid-stream]] after some content', async () => {
    const received: string[] = [];
    const run = async () => {
      const stream = await openai.chat.completions.create({
        model: STANDIN_MODEL,
        messages: [{ role: 'user', content: `Plan my essay ${MARKERS.failMidStream}` }],
        stream: true,
      });
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta.content;
        if (delta) received.push(delta);
      }
    };
    await expect(run()).rejects.toThrow();
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(standinReply('Plan my essay').startsWith(received.join(''))).toBe(true);
    expect(standin.aborted).toBe(0);
  });

  it('surfaces [[standin:error-500]] as an APIError with status 500', async () => {
    const error = await openai.chat.completions
      .create({
        model: STANDIN_MODEL,
        messages: [{ role: 'user', content: `Hello ${MARKERS.error500}` }],
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(500);
    expect((error as APIError).type).toBe('server_error');
  });

  it('counts a client abort mid-stream', async () => {
    const controller = new AbortController();
    const stream = await openai.chat.completions.create(
      {
        model: STANDIN_MODEL,
        messages: [{ role: 'user', content: `Long answer please ${MARKERS.slow}` }],
        stream: true,
      },
      { signal: controller.signal },
    );
    let chunks = 0;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) chunks++;
      if (chunks === 1) controller.abort();
    }
    expect(chunks).toBe(1);
    await expect.poll(() => standin.aborted, { timeout: 2_000 }).toBe(1);
    const stats = await fetch(standin.url.replace(/\/v1$/, '/__standin/stats'));
    expect(await stats.json()).toMatchObject({ aborted: 1 });
    const streams = (await (
      await fetch(standin.url.replace(/\/v1$/, '/__standin/streams'))
    ).json()) as StreamRecord[];
    const closed = streams.find((s) => s.prompt.startsWith('Long answer please'));
    expect(closed).toMatchObject({ outcome: 'client-closed' });
    expect(closed!.sent).toBeLessThan(closed!.chunks);
    expect(closed!.closedAt).toBeGreaterThanOrEqual(closed!.openedAt);
  });

  it('lists the stand-in model and rejects requests without an API key', async () => {
    const models = await openai.models.list();
    expect(models.data.map((m) => m.id)).toEqual([STANDIN_MODEL]);

    const res = await fetch(`${standin.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: STANDIN_MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/API key/);
  });
});
