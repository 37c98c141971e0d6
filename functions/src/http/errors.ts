import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './deadline.ts';

/** An error whose message is safe and useful to show to the person using the app. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);

/** Wraps an async route so a rejected promise reaches the error handler. */
export function route(
  handler: (...args: Parameters<RequestHandler>) => Promise<unknown>,
): RequestHandler {
  return (req, res, next) => {
    handler(req, res, next).catch(next);
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'There is no such API endpoint.' });
};

/** A body that does not parse as JSON. */
const NOT_JSON = 'The request body is not valid JSON.';

interface BodyParserError {
  type?: string;
  status?: number;
  /** The limit a body went over, in bytes. */
  limit?: unknown;
}

/** "1 MB", "4 KB", "512 bytes". */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** A body over its route's limit (docs/product.md, Limits: JSON bodies 1 MB). */
const tooLarge = (limit: number) => `The request is too large. The limit is ${sizeText(limit)}.`;

/** JSON errors (docs/product.md, Messages): a sentence a person can act on, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  // The request's deadline already answered; what the route found out later is dropped.
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  if (err instanceof HttpError) {
    res.status(err.status).json({ error: err.message });
    return;
  }
  // Firestore NOT_FOUND: the document went away (deleted on another device, say).
  if ((err as { code?: unknown })?.code === 5) {
    res.status(404).json({ error: 'Not found. It may have been deleted.' });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ error: DATABASE_UNAVAILABLE });
    return;
  }
  const parserError = err as BodyParserError;
  if (parserError?.type === 'entity.too.large' || parserError?.status === 413) {
    const limit = typeof parserError.limit === 'number' ? parserError.limit : 1024 * 1024;
    res.status(413).json({ error: tooLarge(limit) });
    return;
  }
  if (parserError?.type === 'entity.parse.failed') {
    res.status(400).json({ error: NOT_JSON });
    return;
  }
  if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
    res.status(415).json({ error: 'Send the request body as UTF-8 JSON.' });
    return;
  }
  if (
    typeof parserError?.status === 'number' &&
    parserError.status >= 400 &&
    parserError.status < 500
  ) {
    res.status(400).json({ error: 'The request could not be read. Please try again.' });
    return;
  }
  console.error('Unhandled API error', err);
  res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
};
