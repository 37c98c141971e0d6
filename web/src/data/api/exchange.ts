// What one exchange with the API needs, apart from the client's state: reading answers, CSRF
// rules, cancellation (client.ts puts them together).

import type { HttpMethod } from '@brainboard/domain';
import { API_MESSAGES, ApiError, errorFromResponse, serverErrorField } from './errors';

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function parsedOrUndefined(text: string): unknown {
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : undefined;
}

/** csrf_token from `{ user: { csrf_token } }` or a top-level `{ csrf_token }`. */
export function csrfTokenOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const fromUser = isRecord(body.user) ? body.user.csrf_token : undefined;
  if (typeof fromUser === 'string' && fromUser !== '') return fromUser;
  const topLevel = body.csrf_token;
  if (typeof topLevel === 'string' && topLevel !== '') return topLevel;
  return null;
}

/** A 403 whose body names CSRF (error text or code), as opposed to any other refusal. */
export function isCsrfRejection(status: number, text: string): boolean {
  if (status !== 403) return false;
  const body = parsedOrUndefined(text);
  if (!isRecord(body)) return false;
  const fields = [serverErrorField(body), body.code];
  return fields.some((field) => typeof field === 'string' && /csrf/i.test(field));
}

function pathnameOf(path: string): string {
  try {
    return new URL(path, 'http://localhost').pathname;
  } catch {
    return path;
  }
}

export function needsCsrf(method: HttpMethod, path: string): boolean {
  return MUTATING.has(method) && pathnameOf(path).startsWith('/api/');
}

/** Resolves or rejects with `promise`, but rejects as soon as `signal` aborts. */
export function withAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
    } else {
      signal.addEventListener('abort', onAbort, { once: true });
    }
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function cancelledError(cause?: unknown): ApiError {
  return new ApiError('cancelled', API_MESSAGES.cancelled, { cause });
}

export interface Exchange {
  method: HttpMethod;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  csrfToken?: string | null;
  timeoutMs: number;
  /** Stream mode: an ok response is returned with its body unread. */
  stream?: boolean;
  /** Sent on top of the client's own headers. */
  headers?: Record<string, string>;
  cache?: RequestCache;
}

export interface Exchanged {
  response: Response;
  /** The body text; null only for an ok response in stream mode. */
  text: string | null;
}

/** The parsed JSON body of an answer (undefined when empty), or the ApiError it stands for. */
export function bodyOf<T>({ response, text }: Exchanged): T {
  const bodyText = text ?? '';
  if (!response.ok) throw errorFromResponse(response.status, parsedOrUndefined(bodyText));
  if (response.status === 204 || response.status === 205 || bodyText.trim() === '') {
    return undefined as T;
  }
  const parsed = parseJson(bodyText);
  if (!parsed.ok) {
    throw new ApiError('bad-response', API_MESSAGES.unreadable, { status: response.status });
  }
  return parsed.value as T;
}
