// Errors raised by the API client (network error, timeout,
// cancelled, bad request, bad response). Every message is one a person can act on.

export type ApiErrorKind = 'network' | 'timeout' | 'cancelled' | 'bad-request' | 'bad-response';

export const API_MESSAGES = {
  network: 'Could not reach Brainboard. Check your internet connection and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  cancelled: 'The request was cancelled.',
  badRequest: (status: number) => `The request was not accepted (${status}).`,
  badResponse: (status: number) =>
    `The server answered with an error (${status}). Please try again.`,
  unreadable: 'The server sent an answer Brainboard could not read. Please try again.',
  csrfUnavailable: 'CSRF token required but unavailable',
  csrfMissing: 'CSRF token missing in session response',
  csrfFetchFailed: (status: number) => `Failed to fetch CSRF token: ${status}`,
} as const;

const FALLBACK_DETAIL = 'Please try again.';

export interface ApiErrorOptions {
  /** HTTP status, when the server answered. */
  status?: number;
  /** The `error` field of the server's JSON error body, when there was one. */
  serverError?: string;
  /** The parsed response body, when it was JSON. */
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly serverError?: string;
  readonly body?: unknown;

  constructor(kind: ApiErrorKind, message: string, options: ApiErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.serverError !== undefined) this.serverError = options.serverError;
    if (options.body !== undefined) this.body = options.body;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** 'bad-request' for 4xx, 'bad-response' for everything else that is not ok. */
export function kindForStatus(status: number): 'bad-request' | 'bad-response' {
  return status >= 400 && status < 500 ? 'bad-request' : 'bad-response';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's error text from a JSON error body `{ "error": "..." }`. */
export function serverErrorField(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const { error } = body;
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (isRecord(error) && typeof error.message === 'string' && error.message.trim() !== '') {
    return error.message;
  }
  return undefined;
}

/** The error for a response that is not ok, given its parsed body (undefined when not JSON). */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const kind = kindForStatus(status);
  const serverError = serverErrorField(body);
  const fallback =
    kind === 'bad-request' ? API_MESSAGES.badRequest(status) : API_MESSAGES.badResponse(status);
  return new ApiError(kind, serverError ?? fallback, { status, serverError, body });
}

/**
 * The detail that follows an alert prefix such as "Failed to save assignment: ":
 * the server error field, else the error message, else "Please try again.".
 */
export function errorDetail(err: unknown): string {
  if (err instanceof ApiError && err.serverError) return err.serverError;
  if (err instanceof Error && err.message.trim() !== '') return err.message;
  if (typeof err === 'string' && err.trim() !== '') return err;
  const field = serverErrorField(err);
  if (field) return field;
  return FALLBACK_DETAIL;
}
