// Local stand-in for the OpenAI Chat Completions API (DESIGN.md §4, "AI without a key").
//
// The real `openai` client talks to it unchanged:
//   const openai = new OpenAI({ apiKey: 'anything', baseURL: standin.url }); // url ends in /v1
//
// Endpoints:
//   POST /v1/chat/completions   stream false → ChatCompletion JSON; stream true → SSE chunks
//                               (role chunk, content deltas every chunkDelayMs, finish chunk,
//                               usage chunk if stream_options.include_usage, then data: [DONE]).
//                               response_format json_schema → JSON content matching the schema;
//                               json_object → {"reply": "..."}.
//   GET  /v1/models, /v1/models/{id}   one model, 'brainboard-standin'.
//   GET  /__standin/requests    recorded chat completion request bodies (JSON array)
//   GET  /__standin/stats       { aborted, requests }
//   GET  /__standin/streams     every streamed answer: its prompt, content chunks sent of all,
//                               and how it ended ('open', 'finished', 'client-closed', 'dropped')
//   POST /__standin/reset       clears recorded requests, streams and the aborted count
//
// Replies are deterministic: "Stand-in reply to: <last user message, ≤200 chars>" plus two
// fixed-form sentences (see standinReply). Markers in the last user message inject failures:
//   [[standin:error-500]]        HTTP 500 with an OpenAI-style error body (the openai client
//                                retries 5xx twice by default; pass maxRetries: 0 to see it at once)
//   [[standin:fail-mid-stream]]  a couple of content chunks, then the socket is destroyed
//   [[standin:slow]]             200 ms per chunk (non-streaming: the answer comes after 1 s)
// Markers are removed from the echoed text. Any `Authorization: Bearer <anything>` is accepted;
// a missing one gets 401.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  answeringErrors,
  BodyTooLargeError,
  isRecord,
  listen,
  readBody,
  sendJson,
  sleep,
} from './http-util.ts';
import {
  STANDIN_MARKER,
  sampleFromSchema,
  subtaskTitles,
  topicFromPrompt,
} from './json-schema-sample.ts';
import { extractionAnswer } from './openai-extraction.ts';

export const STANDIN_MODEL = 'brainboard-standin';

export const MARKERS = {
  failMidStream: '[[standin:fail-mid-stream]]',
  error500: '[[standin:error-500]]',
  slow: '[[standin:slow]]',
} as const;

export interface OpenAIStandinOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Pause before each streamed content chunk. Default 15 ms. */
  chunkDelayMs?: number;
  /** Pause per chunk with the [[standin:slow]] marker. Default 200 ms. */
  slowChunkDelayMs?: number;
}

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

/** A chat completion request body as received. */
interface RecordedRequest {
  model?: string;
  messages?: unknown[];
  stream?: boolean;
  response_format?: unknown;
  [key: string]: unknown;
}

export interface OpenAIStandin {
  /** Base URL including /v1, for `new OpenAI({ baseURL })`. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Every chat completion request body received, oldest first. */
  requests: RecordedRequest[];
  /** Streaming requests whose client disconnected before the end. */
  readonly aborted: number;
  /** Every streamed answer, oldest first. */
  streams: StreamRecord[];
}

/** Text of a message's content (string or array of text parts). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

/** The raw text of the last user message of a request (markers included). */
function lastUserMessage(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  for (let i = messages.length - 1; i >= 0; i--) {
    const message: unknown = messages[i];
    if (isRecord(message) && message.role === 'user') return contentText(message.content);
  }
  return '';
}

/** The deterministic plain-text reply to a prompt (the last user message). */
export function standinReply(prompt: string): string {
  const shown = prompt.replace(STANDIN_MARKER, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
  const topic = topicFromPrompt(prompt);
  return (
    `Stand-in reply to: ${shown}\n\n` +
    `This answer comes from the local OpenAI stand-in, so the same prompt always gets the same reply. ` +
    `A good next step for ${topic} is to split it into small tasks and start with the first one.`
  );
}

/** The content the stand-in answers for a request body (text, or JSON for structured output). */
function standinContent(body: RecordedRequest): string {
  const prompt = lastUserMessage(body.messages);
  const format = body.response_format;
  if (isRecord(format) && format.type === 'json_schema' && isRecord(format.json_schema)) {
    const extracted = extractionAnswer(format.json_schema.name, body.messages);
    if (extracted !== null) return extracted;
    return JSON.stringify(sampleFromSchema(format.json_schema.schema, topicFromPrompt(prompt)));
  }
  if (isRecord(format) && format.type === 'json_object') {
    const topic = topicFromPrompt(prompt);
    return JSON.stringify({ reply: standinReply(prompt), subtasks: subtaskTitles(topic) });
  }
  return standinReply(prompt);
}

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

const approxTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function openAIError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
): void {
  sendJson(res, status, { error: { message, type, param, code } });
}

export async function startOpenAIStandin(opts: OpenAIStandinOptions = {}): Promise<OpenAIStandin> {
  const chunkDelayMs = opts.chunkDelayMs ?? 15;
  const slowChunkDelayMs = opts.slowChunkDelayMs ?? 200;
  const requests: RecordedRequest[] = [];
  const streams: StreamRecord[] = [];
  let aborted = 0;
  let shuttingDown = false;
  let counter = 0;

  async function chatCompletions(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return openAIError(res, 413, 'Request body too large.', 'invalid_request_error');
      }
      return openAIError(
        res,
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
        'invalid_request_error',
      );
    }
    if (!isRecord(body)) {
      return openAIError(
        res,
        400,
        'The request body must be a JSON object.',
        'invalid_request_error',
      );
    }
    const request = body as RecordedRequest;
    requests.push(request);

    if (!checkAuth(req, res)) return;
    if (typeof request.model !== 'string' || request.model === '') {
      return openAIError(res, 400, 'you must provide a model parameter', 'invalid_request_error');
    }
    if (!Array.isArray(request.messages) || request.messages.length === 0) {
      return openAIError(
        res,
        400,
        "Missing required parameter: 'messages'.",
        'invalid_request_error',
        'missing_required_parameter',
        'messages',
      );
    }
    const format = request.response_format;
    if (
      isRecord(format) &&
      format.type === 'json_schema' &&
      (!isRecord(format.json_schema) || typeof format.json_schema.name !== 'string')
    ) {
      return openAIError(
        res,
        400,
        "Missing required parameter: 'response_format.json_schema.name'.",
        'invalid_request_error',
        'missing_required_parameter',
        'response_format.json_schema.name',
      );
    }

    const prompt = lastUserMessage(request.messages);
    if (prompt.includes(MARKERS.error500)) {
      return openAIError(
        res,
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
      );
    }
    const failMidStream = prompt.includes(MARKERS.failMidStream);
    const delay = prompt.includes(MARKERS.slow) ? slowChunkDelayMs : chunkDelayMs;

    counter++;
    const id = `chatcmpl-standin${String(counter).padStart(6, '0')}`;
    const created = Math.floor(Date.now() / 1000);
    const model = request.model;
    const n =
      typeof request.n === 'number' && request.n >= 1 ? Math.min(8, Math.floor(request.n)) : 1;
    const content = standinContent(request);
    const promptTokens = approxTokens(JSON.stringify(request.messages));
    const completionTokens = approxTokens(content) * n;
    const usage = {
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
    const headers = {
      'x-request-id': `req_standin_${randomUUID().replace(/-/g, '')}`,
      'openai-model': model,
      'openai-processing-ms': '1',
    };

    if (request.stream !== true) {
      const completion = {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: Array.from({ length: n }, (_, index) => ({
          index,
          message: { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        })),
        usage,
        service_tier: 'default',
        system_fingerprint: 'fp_standin',
      };
      if (delay === slowChunkDelayMs && delay !== chunkDelayMs) await sleep(delay * 5);
      if (failMidStream) {
        // Promise a full body, send half of it, then drop the connection.
        const text = JSON.stringify(completion);
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      return sendJson(res, 200, completion, headers);
    }

    const includeUsage =
      isRecord(request.stream_options) && request.stream_options.include_usage === true;
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      service_tier: 'default',
      system_fingerprint: 'fp_standin',
      choices,
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    });
    const choiceIndexes = Array.from({ length: n }, (_, index) => index);

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...headers,
    });
    const deltas = splitIntoDeltas(content);
    const stream: StreamRecord = {
      prompt: prompt.slice(0, 500),
      chunks: deltas.length,
      sent: 0,
      outcome: 'open',
      openedAt: Date.now(),
      closedAt: null,
    };
    streams.push(stream);
    let gone = false;
    let failing = false;
    res.on('close', () => {
      stream.closedAt = Date.now();
      if (!res.writableFinished) {
        gone = true;
        stream.outcome = failing ? 'dropped' : 'client-closed';
        if (!failing && !shuttingDown) aborted++;
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
    const failAt = failMidStream ? Math.min(2, deltas.length - 1) : -1;
    for (let i = 0; i < deltas.length; i++) {
      await sleep(delay);
      if (gone) return;
      if (i === failAt) {
        failing = true;
        res.destroy();
        return;
      }
      for (const index of choiceIndexes) {
        send(
          chunk([{ index, delta: { content: deltas[i] }, logprobs: null, finish_reason: null }]),
        );
      }
      stream.sent = i + 1;
    }
    await sleep(delay);
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

  function checkAuth(req: IncomingMessage, res: ServerResponse): boolean {
    const auth = req.headers.authorization;
    if (typeof auth === 'string' && /^Bearer\s+\S+/i.test(auth)) return true;
    openAIError(
      res,
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
      'invalid_request_error',
    );
    return false;
  }

  const modelObject = {
    id: STANDIN_MODEL,
    object: 'model',
    created: 1_767_225_600,
    owned_by: 'brainboard',
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';

    if (path === '/__standin/requests' && method === 'GET') return sendJson(res, 200, requests);
    if (path === '/__standin/stats' && method === 'GET') {
      return sendJson(res, 200, { aborted, requests: requests.length });
    }
    if (path === '/__standin/streams' && method === 'GET') return sendJson(res, 200, streams);
    if (path === '/__standin/reset' && method === 'POST') {
      requests.length = 0;
      streams.length = 0;
      aborted = 0;
      return sendJson(res, 200, { ok: true });
    }
    if (path === '/v1/chat/completions' && method === 'POST') return chatCompletions(req, res);
    if (path === '/v1/models' && method === 'GET') {
      if (!checkAuth(req, res)) return;
      return sendJson(res, 200, { object: 'list', data: [modelObject] });
    }
    if (path.startsWith('/v1/models/') && method === 'GET') {
      if (!checkAuth(req, res)) return;
      const id = decodeURIComponent(path.slice('/v1/models/'.length));
      if (id === STANDIN_MODEL) return sendJson(res, 200, modelObject);
      return openAIError(
        res,
        404,
        `The model '${id}' does not exist`,
        'invalid_request_error',
        'model_not_found',
        'model',
      );
    }
    return openAIError(
      res,
      404,
      `Invalid URL (${method} ${url.pathname})`,
      'invalid_request_error',
    );
  }

  const listening = await listen(
    answeringErrors(handle, (res, err) =>
      openAIError(res, 500, `Stand-in error: ${String(err)}`, 'server_error'),
    ),
    opts.port ?? 0,
    opts.host ?? '127.0.0.1',
  );

  return {
    url: `http://${listening.urlHost}:${listening.port}/v1`,
    port: listening.port,
    requests,
    streams,
    get aborted() {
      return aborted;
    },
    close() {
      shuttingDown = true;
      return listening.close();
    },
  };
}
