// The web app's client for the /api/* contract (docs/architecture.md).
//
// - Every call carries credentials and, when signed in, `Authorization: Bearer <ID token>`.
// - POST, PUT, PATCH and DELETE under /api/ carry `X-CSRF-Token`, fetched once from
//   GET /api/session and cached; a 403 CSRF rejection refetches it and retries once.
// - Failures become an ApiError with a kind and a message a person can act on.
//
// It does not import Firebase: the auth module passes `getIdToken` in.

import {
  API_MESSAGES,
  ApiError,
  errorFromResponse,
  isApiError,
  kindForStatus,
  serverErrorField,
} from './errors';
import {
  ABSOLUTE_URL,
  bodyOf,
  cancelledError,
  csrfTokenOf,
  isCsrfRejection,
  isRecord,
  needsCsrf,
  parsedOrUndefined,
  withAbort,
  type Exchange,
  type Exchanged,
} from './exchange';
import type { SessionUser } from './types';
import type { HttpMethod, PathOf } from '@brainboard/domain';

export * from './errors';
export type * from './types';

export type { HttpMethod };

export interface RequestOptions {
  /** Sent as JSON; a FormData value is sent as multipart instead. */
  body?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  formData?: FormData;
  /** The caller's cancel signal; aborting rejects with kind 'cancelled'. */
  signal?: AbortSignal;
  /** Appended to the path as a query string. */
  query?: Record<string, string>;
}

type ShorthandOptions = Omit<RequestOptions, 'body'>;

/**
 * The answer to a conditional GET: `notModified` when the server answered 304 to the ETag
 * sent, else the body and the ETag to send next time.
 */
export type ConditionalAnswer<T> =
  { notModified: true } | { notModified: false; body: T; etag: string | null };

export interface ApiClientOptions {
  /** API origin (and optional prefix); '' (the default) means same origin. */
  baseUrl?: string;
  /** The current user's ID token, or null when signed out. */
  getIdToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Time-out of the CSRF token fetch (10000 ms). */
  csrfTimeoutMs?: number;
  /** Time-out of each request until its body is read (or, for streams, until headers). */
  requestTimeoutMs?: number;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, init?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, init?: ShorthandOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, init?: ShorthandOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, init?: ShorthandOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, init?: ShorthandOptions): Promise<T>;
  delete<T = unknown>(path: string, body?: unknown, init?: ShorthandOptions): Promise<T>;
  /**
   * POST to a Server-Sent-Events endpoint. Resolves with the raw ok Response, body unread;
   * the caller's signal keeps cancelling the stream after that.
   */
  stream(path: string, body?: unknown, signal?: AbortSignal): Promise<Response>;
  /**
   * A GET for cheap polling: sends If-None-Match with `etag` (when there is one) and keeps the
   * browser's cache out of it (`cache: 'no-store'`); a 304 answer is `notModified`.
   */
  conditionalGet<T = unknown>(
    path: string,
    etag: string | null,
    init?: ShorthandOptions,
  ): Promise<ConditionalAnswer<T>>;
  /** GET /api/session; resolves with its `user` and caches the CSRF token it carries. */
  getSession(): Promise<SessionUser>;
  /** Forget the cached CSRF token (logout, user change). */
  clearSession(): void;
}

const DEFAULT_CSRF_TIMEOUT_MS = 10_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const SESSION_PATH = '/api/session' satisfies PathOf<'GET /api/session'>;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const csrfTimeoutMs = options.csrfTimeoutMs ?? DEFAULT_CSRF_TIMEOUT_MS;
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;

  let cachedCsrfToken: string | null = null;
  let csrfInFlight: Promise<string> | null = null;
  // Bumped by clearSession so that answers to older fetches are not cached.
  let generation = 0;

  function urlFor(path: string, query?: Record<string, string>): string {
    let url = ABSOLUTE_URL.test(path)
      ? path
      : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
    if (query && Object.keys(query).length > 0) {
      url += (url.includes('?') ? '&' : '?') + new URLSearchParams(query).toString();
    }
    return url;
  }

  async function headersFor(spec: Exchange, hasJsonBody: boolean): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      ...spec.headers,
      Accept: spec.stream ? 'text/event-stream, application/json' : 'application/json',
    };
    if (hasJsonBody) headers['Content-Type'] = 'application/json';
    const idToken = await options.getIdToken();
    if (idToken) headers.Authorization = `Bearer ${idToken}`;
    if (spec.csrfToken) headers['X-CSRF-Token'] = spec.csrfToken;
    return headers;
  }

  /** One HTTP exchange under a time-out and the caller's signal. Throws only ApiError. */
  async function exchange(spec: Exchange): Promise<Exchanged> {
    const callerSignal = spec.signal;
    if (callerSignal?.aborted) throw cancelledError(callerSignal.reason);

    let body: BodyInit | undefined;
    let hasJsonBody = false;
    const form = spec.formData ?? (spec.body instanceof FormData ? spec.body : undefined);
    if (form) {
      body = form;
    } else if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      hasJsonBody = true;
    }

    const controller = new AbortController();
    let timedOut = false;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, spec.timeoutMs);
    let streaming = false;

    try {
      const headers = await withAbort(headersFor(spec, hasJsonBody), controller.signal);
      const response = await withAbort(
        doFetch(urlFor(spec.path, spec.query), {
          method: spec.method,
          headers,
          body,
          credentials: 'include',
          cache: spec.cache ?? 'default',
          signal: controller.signal,
        }),
        controller.signal,
      );
      if (spec.stream && response.ok) {
        streaming = true;
        return { response, text: null };
      }
      const text = await withAbort(response.text(), controller.signal);
      return { response, text };
    } catch (cause) {
      if (callerSignal?.aborted) throw cancelledError(cause);
      if (timedOut) throw new ApiError('timeout', API_MESSAGES.timeout, { cause });
      if (isApiError(cause)) throw cause;
      throw new ApiError('network', API_MESSAGES.network, { cause });
    } finally {
      clearTimeout(timer);
      // A stream keeps listening so that the caller's signal still ends it.
      if (!streaming) callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function fetchCsrfToken(): Promise<string> {
    try {
      const { response, text } = await exchange({
        method: 'GET',
        path: SESSION_PATH,
        timeoutMs: csrfTimeoutMs,
      });
      const body = parsedOrUndefined(text ?? '');
      if (!response.ok) {
        throw new ApiError(
          kindForStatus(response.status),
          API_MESSAGES.csrfFetchFailed(response.status),
          {
            status: response.status,
            serverError: serverErrorField(body),
            body,
          },
        );
      }
      const token = csrfTokenOf(body);
      if (!token) {
        throw new ApiError('bad-response', API_MESSAGES.csrfMissing, { status: response.status });
      }
      return token;
    } catch (error) {
      console.error('Brainboard: could not get a CSRF token.', error);
      throw error;
    }
  }

  /** The cached token, or one shared fetch of it for all concurrent callers. */
  function csrfToken(): Promise<string> {
    if (cachedCsrfToken) return Promise.resolve(cachedCsrfToken);
    if (!csrfInFlight) {
      const startedIn = generation;
      const inFlight: Promise<string> = fetchCsrfToken()
        .then((token) => {
          if (startedIn === generation) cachedCsrfToken = token;
          return token;
        })
        .finally(() => {
          if (csrfInFlight === inFlight) csrfInFlight = null;
        });
      csrfInFlight = inFlight;
    }
    return csrfInFlight;
  }

  /** The token for a mutating call, or the "CSRF token required but unavailable" error. */
  async function csrfTokenFor(signal: AbortSignal | undefined): Promise<string> {
    if (signal?.aborted) throw cancelledError(signal.reason);
    try {
      return await withAbort(csrfToken(), signal);
    } catch (cause) {
      if (signal?.aborted) throw cancelledError(cause);
      const kind = isApiError(cause) ? cause.kind : 'bad-response';
      const status = isApiError(cause) ? cause.status : undefined;
      throw new ApiError(kind, API_MESSAGES.csrfUnavailable, { status, cause });
    }
  }

  async function send(
    method: HttpMethod,
    path: string,
    init: RequestOptions,
    stream: boolean,
  ): Promise<Exchanged> {
    const spec: Exchange = {
      method,
      path,
      query: init.query,
      body: init.body,
      formData: init.formData,
      signal: init.signal,
      timeoutMs: requestTimeoutMs,
      stream,
    };
    if (!needsCsrf(method, path)) return exchange(spec);

    const token = await csrfTokenFor(init.signal);
    const first = await exchange({ ...spec, csrfToken: token });
    if (!isCsrfRejection(first.response.status, first.text ?? '')) return first;

    // The token may have rotated: forget it (unless someone already replaced it), retry once.
    if (cachedCsrfToken === token) cachedCsrfToken = null;
    const fresh = await csrfTokenFor(init.signal);
    return exchange({ ...spec, csrfToken: fresh });
  }

  async function request<T = unknown>(
    method: HttpMethod,
    path: string,
    init: RequestOptions = {},
  ): Promise<T> {
    return bodyOf<T>(await send(method, path, init, false));
  }

  return {
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: (path, body, init) => request('DELETE', path, { ...init, body }),

    async conditionalGet<T>(path: string, etag: string | null, init: ShorthandOptions = {}) {
      const answer = await exchange({
        method: 'GET',
        path,
        query: init.query,
        signal: init.signal,
        timeoutMs: requestTimeoutMs,
        headers: etag ? { 'If-None-Match': etag } : {},
        cache: 'no-store',
      });
      if (answer.response.status === 304) return { notModified: true as const };
      const body = bodyOf<T>(answer);
      return { notModified: false as const, body, etag: answer.response.headers.get('ETag') };
    },

    async stream(path, body, signal) {
      const { response, text } = await send('POST', path, { body, signal }, true);
      if (!response.ok) throw errorFromResponse(response.status, parsedOrUndefined(text ?? ''));
      return response;
    },

    async getSession() {
      const startedIn = generation;
      const body = await request<unknown>('GET', SESSION_PATH);
      if (!isRecord(body) || !isRecord(body.user)) {
        throw new ApiError('bad-response', API_MESSAGES.unreadable, { status: 200, body });
      }
      const token = csrfTokenOf(body);
      if (token && startedIn === generation) cachedCsrfToken = token;
      return body.user as unknown as SessionUser;
    },

    clearSession() {
      cachedCsrfToken = null;
      csrfInFlight = null;
      generation += 1;
    },
  };
}
