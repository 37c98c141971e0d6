// How the OpenAI stand-in sends a chat completion: whole (JSON) or streamed (server-sent events),
// in the shapes and with the headers the real API uses, and how it fails on request.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isRecord, sendJson, sleep } from '../http-util.ts';

/** One streamed answer, as the stand-in saw it. */
export interface StreamRecord {
  /** The last user message (markers included), at most 500 characters. */
  prompt: string;
  /** Content chunks of the whole answer. */
  chunks: number;
  /** Content chunks written before it ended. */
  sent: number;
  outcome: 'open' | 'finished' | 'client-closed' | 'dropped';
  openedAt: number;
  closedAt: number | null;
}

/** An error answer with OpenAI's body shape. */
export function openAIError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
): void {
  sendJson(res, status, { error: { message, type, param, code } });
}

/** What one answer is made of. */
export interface Completion {
  /** `chatcmpl-...`, unique per answer. */
  id: string;
  model: string;
  /** The request's messages (for the usage figures) and its options. */
  messages: unknown[];
  /** How many choices (the request's `n`, 1 to 8). */
  n: number;
  content: string;
  /** The request's stream_options. */
  streamOptions: unknown;
  /** Pause before each streamed chunk (a whole answer waits five of them when slow). */
  delayMs: number;
  slow: boolean;
  /** Drop the connection part way (the fail-mid-stream marker). */
  failMidStream: boolean;
}

/** What the server keeps of streamed answers. */
export interface StreamLog {
  streams: StreamRecord[];
  /** A client closed a stream before its end. */
  onAbort(): void;
  /** The stand-in is closing (a stream cut by that is no client abort). */
  shuttingDown(): boolean;
}

const approxTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function usageOf(c: Completion) {
  const promptTokens = approxTokens(JSON.stringify(c.messages));
  const completionTokens = approxTokens(c.content) * c.n;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

const headersOf = (c: Completion) => ({
  'x-request-id': `req_standin_${randomUUID().replace(/-/g, '')}`,
  'openai-model': c.model,
  'openai-processing-ms': '1',
});

/** Splits text into stream deltas of a few characters, at word boundaries where possible. */
function splitIntoDeltas(text: string, target = 8): string[] {
  const pieces = text.match(/\s*\S+|\s+$/g) ?? [];
  const deltas: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (piece.length > target * 2) {
      if (current) deltas.push(current);
      current = '';
      for (let i = 0; i < piece.length; i += target) deltas.push(piece.slice(i, i + target));
      continue;
    }
    current += piece;
    if (current.length >= target) {
      deltas.push(current);
      current = '';
    }
  }
  if (current) deltas.push(current);
  return deltas.length > 0 ? deltas : [''];
}

/** The whole answer as one ChatCompletion JSON (or half of it, then a dropped connection). */
export async function sendCompletion(res: ServerResponse, c: Completion): Promise<void> {
  const completion = {
    id: c.id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: c.model,
    choices: Array.from({ length: c.n }, (_, index) => ({
      index,
      message: { role: 'assistant', content: c.content, refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    })),
    usage: usageOf(c),
    service_tier: 'default',
    system_fingerprint: 'fp_standin',
  };
  if (c.slow) await sleep(c.delayMs * 5);
  if (c.failMidStream) {
    // Promise a full body, send half of it, then drop the connection.
    const text = JSON.stringify(completion);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headersOf(c),
    });
    res.write(text.slice(0, Math.floor(text.length / 2)));
    setTimeout(() => res.destroy(), 20);
    return;
  }
  sendJson(res, 200, completion, headersOf(c));
}

/**
 * The answer as server-sent events: a role chunk, content deltas every `delayMs`, a finish
 * chunk, a usage chunk if stream_options.include_usage, then `data: [DONE]`. Recorded in `log`.
 */
export async function streamCompletion(
  res: ServerResponse,
  c: Completion,
  prompt: string,
  log: StreamLog,
): Promise<void> {
  const created = Math.floor(Date.now() / 1000);
  const usage = usageOf(c);
  const includeUsage = isRecord(c.streamOptions) && c.streamOptions.include_usage === true;
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id: c.id,
    object: 'chat.completion.chunk',
    created,
    model: c.model,
    service_tier: 'default',
    system_fingerprint: 'fp_standin',
    choices,
    ...(includeUsage ? { usage: null } : {}),
    ...extra,
  });
  const choiceIndexes = Array.from({ length: c.n }, (_, index) => index);

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headersOf(c),
  });
  const deltas = splitIntoDeltas(c.content);
  const stream: StreamRecord = {
    prompt: prompt.slice(0, 500),
    chunks: deltas.length,
    sent: 0,
    outcome: 'open',
    openedAt: Date.now(),
    closedAt: null,
  };
  log.streams.push(stream);
  let gone = false;
  let failing = false;
  res.on('close', () => {
    stream.closedAt = Date.now();
    if (!res.writableFinished) {
      gone = true;
      stream.outcome = failing ? 'dropped' : 'client-closed';
      if (!failing && !log.shuttingDown()) log.onAbort();
    } else {
      stream.outcome = 'finished';
    }
  });
  const send = (data: unknown) => {
    res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };

  send(
    chunk(
      choiceIndexes.map((index) => ({
        index,
        delta: { role: 'assistant', content: '', refusal: null },
        logprobs: null,
        finish_reason: null,
      })),
    ),
  );
  // With the fail marker: a couple of content chunks, then the connection drops.
  const failAt = c.failMidStream ? Math.min(2, deltas.length - 1) : -1;
  for (let i = 0; i < deltas.length; i++) {
    await sleep(c.delayMs);
    if (gone) return;
    if (i === failAt) {
      failing = true;
      res.destroy();
      return;
    }
    for (const index of choiceIndexes) {
      send(chunk([{ index, delta: { content: deltas[i] }, logprobs: null, finish_reason: null }]));
    }
    stream.sent = i + 1;
  }
  await sleep(c.delayMs);
  if (gone) return;
  send(
    chunk(
      choiceIndexes.map((index) => ({
        index,
        delta: {},
        logprobs: null,
        finish_reason: 'stop',
      })),
    ),
  );
  if (includeUsage) send(chunk([], { usage }));
  send('[DONE]');
  res.end();
}
