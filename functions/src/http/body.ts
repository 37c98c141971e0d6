import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { HttpError } from './errors.ts';

/**
 * Reading request bodies, before anything else reads them (docs/decisions/0012-bodies-first.md).
 *
 * Cloud Functions (the functions framework) and the Functions emulator read and parse every
 * body with body-parser before the function runs, and answer a body they cannot parse (bad
 * JSON, a bare `null`) with Express's HTML error page; our code never sees that request. So
 * the function reads bodies first, at the HTTP server the platform creates: with the limit of
 * the route the request is for, checked against Content-Length before a byte is read, then
 * parsed. What went wrong is kept and answered by the app as a JSON sentence. The platform's
 * parsers then find the body read and leave it.
 */

/** Bytes a route accepts in its body. */
export type BodyLimitFor = (path: string) => number;

type Outcome = { error?: unknown };

/** The requests whose body has been read, and how it went. */
const outcomes = new WeakMap<IncomingMessage, Outcome>();

/** A bare `null`, string, number or boolean where the API takes an object. */
export const NOT_JSON_OBJECT = 'The request body must be a JSON object.';

/** "/api/reminders/action?x" and "/reminders/action/" both name "/reminders/action". */
export function routePath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0]!.toLowerCase();
  const bare = path.replace(/^\/api(?=\/|$)/, '').replace(/\/+$/, '');
  return bare || '/';
}

const keepRaw = (req: IncomingMessage, _res: ServerResponse, buf: Buffer) => {
  (req as { rawBody?: Buffer }).rawBody = buf;
};

function readerFor(limit: number) {
  return {
    // Not strict: a bare value parses, and is then refused with its own sentence.
    json: express.json({ limit, strict: false, verify: keepRaw }),
    // Every other type (multipart uploads, forms, text) is kept as bytes in `rawBody`.
    raw: express.raw({ type: () => true, limit, verify: keepRaw }),
  };
}

/**
 * Reads `req`'s body at most once, with the limit of its route, and calls `done` when the
 * request has been read to its end (or refused). JSON bodies are parsed into `req.body`;
 * `req.rawBody` keeps the bytes, as Cloud Functions do.
 */
function readBodyOnce(
  req: IncomingMessage,
  res: ServerResponse,
  limitFor: BodyLimitFor,
  done: (outcome: Outcome) => void,
): void {
  const known = outcomes.get(req);
  if (known) return done(known);
  const reader = readerFor(limitFor(routePath(req.url)));
  const isJson = /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');
  const request = req as express.Request;
  const finish = (error?: unknown) => {
    const body = (req as { body?: unknown }).body;
    if (!error && isJson && body !== undefined && (body === null || typeof body !== 'object')) {
      error = new HttpError(400, NOT_JSON_OBJECT);
    }
    // body-parser 1.x (the emulator's) skips a request marked read; 2.x (the functions
    // framework's) skips one whose stream has ended, which it now has.
    (req as { _body?: boolean })._body = true;
    const outcome = { error };
    outcomes.set(req, outcome);
    done(outcome);
  };
  (isJson ? reader.json : reader.raw)(request, res as express.Response, finish);
}

/**
 * The app's side: reads the body when nothing before the app has (plain Express, tests), and
 * passes on what reading found, so the error handler answers it as a JSON sentence.
 */
export function readBody(limitFor: BodyLimitFor): RequestHandler {
  return (req, res, next) => {
    readBodyOnce(req, res, limitFor, ({ error }) => next(error));
  };
}

let installed = false;

/**
 * The platform's side: the HTTP server that Cloud Functions or the Functions emulator creates
 * once our module is loaded reads each body first (as `readBody` would), then hands the
 * request to the platform. Installed once, by the function's entry point; `http.createServer`
 * is itself again as soon as that one server is made.
 */
export function readBodiesFirst(limitFor: BodyLimitFor): void {
  if (installed) return;
  installed = true;
  const httpModule = http as { createServer: unknown };
  const original = httpModule.createServer;
  const createServer = http.createServer.bind(http) as (...args: unknown[]) => http.Server;
  httpModule.createServer = (...args: unknown[]) => {
    httpModule.createServer = original;
    const at = args.findIndex((a) => typeof a === 'function');
    if (at >= 0) {
      const platform = args[at] as (req: IncomingMessage, res: ServerResponse) => void;
      args[at] = (req: IncomingMessage, res: ServerResponse) =>
        readBodyOnce(req, res, limitFor, () => platform(req, res));
    }
    return createServer(...args);
  };
}
