// Local stand-in for the OpenAI Chat Completions API, answering when no OPENAI_API_KEY is set.
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
// This file is the server: its routes, the checks of a request, what it records. What it answers
// for each kind of request is in openai/replies.ts; how an answer is sent (whole or streamed) in
// openai/completion.ts.
//
// Replies are deterministic: "Stand-in reply to: <last user message, ≤200 chars>" plus two
// fixed-form sentences (see standinReply). Markers in the last user message inject failures:
//   [[standin:error-500]]        HTTP 500 with an OpenAI-style error body (the openai client
//                                retries 5xx twice by default; pass maxRetries: 0 to see it at once)
//   [[standin:fail-mid-stream]]  a couple of content chunks, then the socket is destroyed
//   [[standin:slow]]             200 ms per chunk (non-streaming: the answer comes after 1 s)
// Markers are removed from the echoed text. Any `Authorization: Bearer <anything>` is accepted;
// a missing one gets 401.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  answeringErrors,
  BodyTooLargeError,
  isRecord,
  listen,
  readBody,
  sendJson,
} from './http-util.ts';
import {
  openAIError,
  sendCompletion,
  streamCompletion,
  type Completion,
  type StreamRecord,
} from './openai/completion.ts';
import { lastUserMessage, standinContent } from './openai/replies.ts';

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
    const completion: Completion = {
      id: `chatcmpl-standin${String(counter).padStart(6, '0')}`,
      model: request.model,
      messages: request.messages,
      n: typeof request.n === 'number' && request.n >= 1 ? Math.min(8, Math.floor(request.n)) : 1,
      content: standinContent(request),
      streamOptions: request.stream_options,
      delayMs: delay,
      slow: delay === slowChunkDelayMs && delay !== chunkDelayMs,
      failMidStream,
    };
    if (request.stream !== true) return sendCompletion(res, completion);
    return streamCompletion(res, completion, prompt, {
      streams,
      onAbort: () => aborted++,
      shuttingDown: () => shuttingDown,
    });
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
