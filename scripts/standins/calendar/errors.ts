// Google-style errors and request bodies of the Calendar stand-in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, isRecord, readBody, sendJson } from '../http-util.ts';

export class GoogleError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  410: 'NOT_FOUND',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export const DEFAULT_REASONS: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  410: 'deleted',
  412: 'conditionNotMet',
  429: 'rateLimitExceeded',
  500: 'backendError',
  503: 'backendError',
};

export function sendGoogleError(res: ServerResponse, err: GoogleError): void {
  const { errorMessage, headers, ...rest } = err.extra as {
    errorMessage?: string;
    headers?: Record<string, string>;
  };
  sendJson(
    res,
    err.code,
    {
      error: {
        code: err.code,
        message: err.message,
        errors: [
          { message: errorMessage ?? err.message, domain: 'global', reason: err.reason, ...rest },
        ],
        status: STATUS_NAMES[err.code] ?? (err.code >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
      },
    },
    headers,
  );
}

export const badRequest = (message: string, reason = 'invalid') =>
  new GoogleError(400, message, reason);
export const notFound = () => new GoogleError(404, 'Not Found', 'notFound');

/** The JSON object of a request body; Google's errors for too large or unparsable ones. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw: string;
  try {
    raw = await readBody(req);
  } catch (err) {
    if (err instanceof BodyTooLargeError)
      throw new GoogleError(413, 'Request too large', 'uploadTooLarge');
    throw err;
  }
  let body: unknown;
  try {
    body = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw badRequest('Parse Error', 'parseError');
  }
  if (!isRecord(body)) throw badRequest('Parse Error', 'parseError');
  return body;
}

export const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
export const fromB64url = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
