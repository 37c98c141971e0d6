import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorDetail } from './client';
import type { ApiClientOptions, SessionUser } from './client';

const USER: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  csrf_token: 'csrf-1',
  ai_help_enabled: true,
  ai_deep_dive_enabled: false,
  privacy_accepted_at: '2026-01-01T00:00:00Z',
  tos_accepted_at: null,
  last_used_version: '0.2.0',
  last_whats_new_version: null,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function sessionResponse(token = 'csrf-1'): Response {
  return json({ user: { ...USER, csrf_token: token } });
}

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  init: RequestInit;
}

function call(fetchMock: FetchMock, index: number): Call {
  const args = fetchMock.mock.calls[index];
  if (!args) throw new Error(`fetch call ${index} was not made`);
  const [input, init = {}] = args;
  return {
    url: String(input),
    method: init.method ?? 'GET',
    headers: new Headers(init.headers),
    body: init.body,
    init,
  };
}

function urls(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

/** A fetch that answers GET /api/session with a token and everything else via `handler`. */
function fakeFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response> = () =>
    json({ ok: true }),
  session: () => Response | Promise<Response> = () => sessionResponse(),
): FetchMock {
  return vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = String(input);
    if (url.endsWith('/api/session')) return session();
    return handler(url, init);
  });
}

/** A fetch promise that never settles on its own (ignores abort, like a hung network). */
function never(): Promise<Response> {
  return new Promise<Response>(() => {});
}

function client(fetchMock: FetchMock, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    getIdToken: async () => 'id-token-1',
    fetch: fetchMock,
    ...extra,
  });
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the promise to reject');
}

describe('headers and credentials', () => {
  it('sends the Bearer token, credentials and Accept on a GET, without a CSRF header', async () => {
    const fetchMock = fakeFetch(() => json([{ id: 'a1' }]));
    const api = client(fetchMock);

    await expect(api.get('/api/assignments')).resolves.toEqual([{ id: 'a1' }]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, method, headers, init, body } = call(fetchMock, 0);
    expect(url).toBe('/api/assignments');
    expect(method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('X-CSRF-Token')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
    expect(body).toBeUndefined();
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = fakeFetch();
    const api = client(fetchMock, { getIdToken: async () => null });

    await api.get('/api/assignments');

    expect(call(fetchMock, 0).headers.has('Authorization')).toBe(false);
  });

  it('sends a JSON body with a JSON content type', async () => {
    const fetchMock = fakeFetch(() => json({ item: { id: 'a1' } }));
    const api = client(fetchMock);

    await api.post('/api/assignment', { title: 'Essay' });

    const post = call(fetchMock, 1);
    expect(post.method).toBe('POST');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.body).toBe(JSON.stringify({ title: 'Essay' }));
    expect(post.init.credentials).toBe('include');
  });

  it('sends FormData as is, letting the browser set the multipart content type', async () => {
    const fetchMock = fakeFetch(() => json({ file_id: 'f1' }));
    const api = client(fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'a.pdf');

    await expect(api.post('/api/upload-pdf', form)).resolves.toEqual({ file_id: 'f1' });
    await api.request('POST', '/api/upload-pdf', { formData: form });

    for (const index of [1, 2]) {
      const upload = call(fetchMock, index);
      expect(upload.body).toBe(form);
      expect(upload.headers.has('Content-Type')).toBe(false);
      expect(upload.headers.get('X-CSRF-Token')).toBe('csrf-1');
    }
  });

  it('prefixes the base URL and appends the query', async () => {
    const fetchMock = fakeFetch(() => json(null));
    const api = client(fetchMock, { baseUrl: 'https://fn.example.com/' });

    await api.get('/api/tasks/next-due', { query: { userId: 'u 1', t: '123' } });
    await api.post('/api/ai-help-save', { messages: [] });

    expect(urls(fetchMock)).toEqual([
      'GET https://fn.example.com/api/tasks/next-due?userId=u+1&t=123',
      'GET https://fn.example.com/api/session',
      'POST https://fn.example.com/api/ai-help-save',
    ]);
  });

  it('defaults to the same origin', async () => {
    const fetchMock = fakeFetch();
    const api = client(fetchMock);

    await api.get('/api/assignment/a1');

    expect(call(fetchMock, 0).url).toBe('/api/assignment/a1');
  });
});

describe('CSRF token', () => {
  it('fetches the token once with the Bearer token and caches it across calls', async () => {
    const fetchMock = fakeFetch();
    const api = client(fetchMock);

    await api.post('/api/assignment', { title: 'a' });
    await api.patch('/api/assignment', { id: 'a1', status: 'done' });
    await api.put('/api/assignment', { id: 'a1' });
    await api.delete('/api/assignment', { id: 'a1' });

    expect(urls(fetchMock)).toEqual([
      'GET /api/session',
      'POST /api/assignment',
      'PATCH /api/assignment',
      'PUT /api/assignment',
      'DELETE /api/assignment',
    ]);
    const session = call(fetchMock, 0);
    expect(session.headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(session.init.credentials).toBe('include');
    for (const index of [1, 2, 3, 4]) {
      expect(call(fetchMock, index).headers.get('X-CSRF-Token')).toBe('csrf-1');
    }
    expect(call(fetchMock, 4).body).toBe(JSON.stringify({ id: 'a1' }));
  });

  it('reads a top-level csrf_token', async () => {
    const fetchMock = fakeFetch(undefined, () => json({ csrf_token: 'top-level' }));
    const api = client(fetchMock);

    await api.post('/api/acceptance', { privacyAccepted: true, tosAccepted: true });

    expect(call(fetchMock, 1).headers.get('X-CSRF-Token')).toBe('top-level');
  });

  it('does not add the token to mutating calls outside /api/', async () => {
    const fetchMock = fakeFetch();
    const api = client(fetchMock);

    await api.post('/other/thing', {});

    expect(urls(fetchMock)).toEqual(['POST /other/thing']);
    expect(call(fetchMock, 0).headers.has('X-CSRF-Token')).toBe(false);
  });

  it('shares one in-flight session fetch between concurrent mutating calls', async () => {
    let releaseSession!: () => void;
    const sessionGate = new Promise<void>((resolve) => (releaseSession = resolve));
    const fetchMock = fakeFetch(undefined, async () => {
      await sessionGate;
      return sessionResponse('shared');
    });
    const api = client(fetchMock);

    const calls = [
      api.post('/api/assignment', { title: 'a' }),
      api.patch('/api/assignment', { id: 'a1' }),
      api.delete('/api/assignment', { id: 'a2' }),
    ];
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    releaseSession();
    await Promise.all(calls);

    expect(urls(fetchMock).filter((line) => line.endsWith('/api/session'))).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    for (const index of [1, 2, 3]) {
      expect(call(fetchMock, index).headers.get('X-CSRF-Token')).toBe('shared');
    }
  });

  it('rejects with "CSRF token required but unavailable" when the session is not ok', async () => {
    const fetchMock = fakeFetch(undefined, () => json({ error: 'Sign in again.' }, 401));
    const api = client(fetchMock);

    const error = await rejection(api.post('/api/assignment', { title: 'a' }));

    expect(error.message).toBe('CSRF token required but unavailable');
    expect(error.status).toBe(401);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toBe('Failed to fetch CSRF token: 401');
    expect(consoleError).toHaveBeenCalled();
    expect(urls(fetchMock)).toEqual(['GET /api/session']);
  });

  it('rejects when the session answer has no token, and refetches on the next call', async () => {
    let answer: () => Response = () => json({ user: { ...USER, csrf_token: undefined } });
    const fetchMock = fakeFetch(undefined, () => answer());
    const api = client(fetchMock);

    const error = await rejection(api.post('/api/assignment', { title: 'a' }));
    expect(error.message).toBe('CSRF token required but unavailable');
    expect((error.cause as Error).message).toBe('CSRF token missing in session response');
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error.cause);

    // A failure is not cached.
    answer = () => sessionResponse('later');
    await api.post('/api/assignment', { title: 'a' });
    expect(urls(fetchMock)).toEqual([
      'GET /api/session',
      'GET /api/session',
      'POST /api/assignment',
    ]);
    expect(call(fetchMock, 2).headers.get('X-CSRF-Token')).toBe('later');
  });

  it('gives up on the session fetch after 10 s', async () => {
    vi.useFakeTimers();
    const fetchMock = fakeFetch(undefined, never);
    const api = client(fetchMock);

    const pending = rejection(api.post('/api/assignment', { title: 'a' }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;

    expect(error.message).toBe('CSRF token required but unavailable');
    expect(error.kind).toBe('timeout');
    expect((error.cause as ApiError).kind).toBe('timeout');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refetches the token and retries once after a 403 CSRF rejection', async () => {
    let sessionCount = 0;
    const fetchMock = fakeFetch(
      (_url, init) =>
        new Headers(init.headers).get('X-CSRF-Token') === 'fresh'
          ? json({ item: { id: 'a1' } })
          : json({ error: 'Invalid CSRF token' }, 403),
      () => sessionResponse(++sessionCount === 1 ? 'stale' : 'fresh'),
    );
    const api = client(fetchMock);

    await expect(api.post('/api/assignment', { title: 'a' })).resolves.toEqual({
      item: { id: 'a1' },
    });
    expect(urls(fetchMock)).toEqual([
      'GET /api/session',
      'POST /api/assignment',
      'GET /api/session',
      'POST /api/assignment',
    ]);
    expect(call(fetchMock, 3).body).toBe(JSON.stringify({ title: 'a' }));

    // The fresh token is cached.
    await api.post('/api/assignment', { title: 'b' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(call(fetchMock, 4).headers.get('X-CSRF-Token')).toBe('fresh');
  });

  it('retries only once, and not for a 403 that is not about CSRF', async () => {
    const fetchMock = fakeFetch(() => json({ error: 'CSRF token mismatch' }, 403));
    const api = client(fetchMock);

    const error = await rejection(api.post('/api/assignment', { title: 'a' }));
    expect(error.kind).toBe('bad-request');
    expect(error.status).toBe(403);
    expect(error.message).toBe('CSRF token mismatch');
    expect(fetchMock).toHaveBeenCalledTimes(4);

    const other = fakeFetch(() => json({ error: 'Not yours.' }, 403));
    const api2 = client(other);
    await expect(api2.delete('/api/assignment', { id: 'x' })).rejects.toMatchObject({
      message: 'Not yours.',
      status: 403,
    });
    expect(other).toHaveBeenCalledTimes(2);
  });

  it('getSession returns the user and caches its token', async () => {
    const fetchMock = fakeFetch();
    const api = client(fetchMock);

    await expect(api.getSession()).resolves.toEqual(USER);
    await api.post('/api/assignment', {});

    expect(urls(fetchMock)).toEqual(['GET /api/session', 'POST /api/assignment']);
    expect(call(fetchMock, 1).headers.get('X-CSRF-Token')).toBe('csrf-1');
  });

  it('getSession surfaces a 401 as an ApiError', async () => {
    const fetchMock = fakeFetch(undefined, () => json({ error: 'Please sign in.' }, 401));
    const api = client(fetchMock);

    await expect(api.getSession()).rejects.toMatchObject({
      kind: 'bad-request',
      status: 401,
      message: 'Please sign in.',
    });
  });

  it('clearSession forgets the token', async () => {
    let sessionCount = 0;
    const fetchMock = fakeFetch(undefined, () => sessionResponse(`token-${++sessionCount}`));
    const api = client(fetchMock);

    await api.post('/api/assignment', {});
    api.clearSession();
    await api.post('/api/assignment', {});

    expect(urls(fetchMock)).toEqual([
      'GET /api/session',
      'POST /api/assignment',
      'GET /api/session',
      'POST /api/assignment',
    ]);
    expect(call(fetchMock, 3).headers.get('X-CSRF-Token')).toBe('token-2');
  });
});

describe('responses', () => {
  it('resolves 204 and empty bodies to undefined', async () => {
    const fetchMock = fakeFetch((url) =>
      url.includes('empty')
        ? new Response('', { status: 200 })
        : new Response(null, { status: 204 }),
    );
    const api = client(fetchMock);

    await expect(api.delete('/api/assignment', { id: 'a1' })).resolves.toBeUndefined();
    await expect(api.get('/api/empty')).resolves.toBeUndefined();
  });

  it('treats a non-JSON ok body as a bad response', async () => {
    const fetchMock = fakeFetch(
      () =>
        new Response('<html>hello</html>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const api = client(fetchMock);

    const error = await rejection(api.get('/api/assignments'));
    expect(error.kind).toBe('bad-response');
    expect(error.status).toBe(200);
    expect(error.message).toBe(
      'The server sent an answer Brainboard could not read. Please try again.',
    );
  });
});

describe('conditionalGet', () => {
  it('sends If-None-Match with the ETag, no-store and the Bearer token; 304 is notModified', async () => {
    const fetchMock = fakeFetch(() => new Response(null, { status: 304 }));
    const api = client(fetchMock);

    await expect(api.conditionalGet('/api/assignments', 'W/"v1"')).resolves.toEqual({
      notModified: true,
    });

    const { url, method, headers, init } = call(fetchMock, 0);
    expect(`${method} ${url}`).toBe('GET /api/assignments');
    expect(headers.get('If-None-Match')).toBe('W/"v1"');
    expect(headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(init.cache).toBe('no-store');
    expect(init.credentials).toBe('include');
  });

  it('answers the body and the new ETag; without an ETag it sends no If-None-Match', async () => {
    const fetchMock = fakeFetch(
      () => new Response(JSON.stringify([{ id: 'a1' }]), { headers: { ETag: 'W/"v2"' } }),
    );
    const api = client(fetchMock);

    await expect(api.conditionalGet('/api/assignments', null)).resolves.toEqual({
      notModified: false,
      body: [{ id: 'a1' }],
      etag: 'W/"v2"',
    });
    expect(call(fetchMock, 0).headers.has('If-None-Match')).toBe(false);
  });

  it('maps a failed answer to the same ApiError as any call', async () => {
    const fetchMock = fakeFetch(() => json({ error: 'Down for a moment.' }, 503));
    const api = client(fetchMock);

    const error = await rejection(api.conditionalGet('/api/assignments', 'W/"v1"'));
    expect(error.kind).toBe('bad-response');
    expect(error.status).toBe(503);
    expect(error.message).toBe('Down for a moment.');
  });
});

describe('errors', () => {
  it('surfaces the JSON error field of a 4xx as a bad request', async () => {
    const fetchMock = fakeFetch(() => json({ error: 'Title is too long (125 at most).' }, 400));
    const api = client(fetchMock);

    const error = await rejection(api.post('/api/assignment', { title: 'x'.repeat(200) }));
    expect(error.kind).toBe('bad-request');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Title is too long (125 at most).');
    expect(error.serverError).toBe('Title is too long (125 at most).');
    expect('Failed to save assignment: ' + errorDetail(error)).toBe(
      'Failed to save assignment: Title is too long (125 at most).',
    );
  });

  it('falls back to a status message for a 4xx without a JSON error', async () => {
    const api = client(fakeFetch(() => new Response('nope', { status: 404 })));

    const error = await rejection(api.get('/api/assignment/zz'));
    expect(error.kind).toBe('bad-request');
    expect(error.status).toBe(404);
    expect(error.message).toBe('The request was not accepted (404).');
    expect(error.serverError).toBeUndefined();
  });

  it('reports a 5xx as a bad response, with the server error when given', async () => {
    const api = client(
      fakeFetch((url) =>
        url.includes('ai')
          ? json({ error: 'The AI service is down. Try again in a minute.' }, 503)
          : new Response('<html>Bad gateway</html>', { status: 502 }),
      ),
    );

    const plain = await rejection(api.get('/api/assignments'));
    expect(plain.kind).toBe('bad-response');
    expect(plain.status).toBe(502);
    expect(plain.message).toBe('The server answered with an error (502). Please try again.');

    const withField = await rejection(api.get('/api/ai-help-load'));
    expect(withField.kind).toBe('bad-response');
    expect(withField.message).toBe('The AI service is down. Try again in a minute.');
  });

  it('reports a network failure', async () => {
    const cause = new TypeError('Failed to fetch');
    const api = client(vi.fn<typeof fetch>().mockRejectedValue(cause));

    const error = await rejection(api.get('/api/assignments'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      'Could not reach Brainboard. Check your internet connection and try again.',
    );
    expect(error.cause).toBe(cause);
    expect(error.status).toBeUndefined();
  });

  it('times out after requestTimeoutMs', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>(never);
    const api = client(fetchMock);

    const pending = rejection(api.get('/api/assignments'));
    await vi.advanceTimersByTimeAsync(30_000);
    const error = await pending;

    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The server took too long to answer. Please try again.');
    const signal = call(fetchMock, 0).init.signal;
    expect(signal?.aborted).toBe(true);
  });

  it('honours a custom requestTimeoutMs', async () => {
    vi.useFakeTimers();
    const api = client(vi.fn<typeof fetch>(never), { requestTimeoutMs: 500 });

    const pending = rejection(api.get('/api/assignments'));
    await vi.advanceTimersByTimeAsync(500);
    expect((await pending).kind).toBe('timeout');
  });

  it('reports a cancel by the caller', async () => {
    const fetchMock = vi.fn<typeof fetch>(never);
    const api = client(fetchMock);
    const controller = new AbortController();

    const pending = rejection(api.get('/api/assignments', { signal: controller.signal }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    controller.abort();
    const error = await pending;

    expect(error.kind).toBe('cancelled');
    expect(error.message).toBe('The request was cancelled.');
    expect(call(fetchMock, 0).init.signal?.aborted).toBe(true);
  });

  it('does not call fetch when already cancelled', async () => {
    const fetchMock = fakeFetch();
    const api = client(fetchMock);

    const error = await rejection(api.post('/api/assignment', {}, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('cancelled');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('stream', () => {
  it('returns the raw ok response unread, after auth and CSRF', async () => {
    const fetchMock = fakeFetch(
      () =>
        new Response('event: data\ndata: hello\n\n', {
          status: 200,
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    const api = client(fetchMock, { baseUrl: 'https://fn.example.com' });

    const response = await api.stream('/api/ai-help-chat', { file_id: 'f1', prompt: 'hi' });

    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('event: data\ndata: hello\n\n');
    const post = call(fetchMock, 1);
    expect(post.url).toBe('https://fn.example.com/api/ai-help-chat');
    expect(post.method).toBe('POST');
    expect(post.headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-1');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.body).toBe(JSON.stringify({ file_id: 'f1', prompt: 'hi' }));
  });

  it('keeps the caller signal linked to the stream after it resolves', async () => {
    const fetchMock = fakeFetch(() => new Response('data: x\n\n', { status: 200 }));
    const api = client(fetchMock);
    const controller = new AbortController();

    await api.stream('/api/ai-idea-chat', { prompt: 'x' }, controller.signal);
    const fetchSignal = call(fetchMock, 1).init.signal;
    expect(fetchSignal?.aborted).toBe(false);
    controller.abort();
    expect(fetchSignal?.aborted).toBe(true);
  });

  it('raises the usual errors for a failed stream', async () => {
    const api = client(fakeFetch(() => json({ error: 'Rate limited. Wait a minute.' }, 429)));

    await expect(api.stream('/api/ai-help-chat', { prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad-request',
      status: 429,
      message: 'Rate limited. Wait a minute.',
    });
  });
});

describe('errorDetail', () => {
  it('prefers the server error field, then the message, then "Please try again."', () => {
    const server = new ApiError('bad-request', 'Shown message', {
      status: 400,
      serverError: 'Due date is not valid.',
    });
    expect(errorDetail(server)).toBe('Due date is not valid.');
    expect(
      errorDetail(
        new ApiError(
          'network',
          'Could not reach Brainboard. Check your internet connection and try again.',
        ),
      ),
    ).toBe('Could not reach Brainboard. Check your internet connection and try again.');
    expect(errorDetail(new Error('Boom'))).toBe('Boom');
    expect(errorDetail({ error: 'From a body' })).toBe('From a body');
    expect(errorDetail(new Error(''))).toBe('Please try again.');
    expect(errorDetail(undefined)).toBe('Please try again.');
    expect(errorDetail(null)).toBe('Please try again.');
  });
});
