// Small helpers shared by the stand-in servers (node:http only).
import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

/** Reads the whole request body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A request listener for an async `handle`: what it throws is answered by `onError` in the
 * stand-in's own error format, or, once the headers are out, ends the connection.
 */
export function answeringErrors(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  onError: (res: ServerResponse, err: unknown) => void,
): RequestListener {
  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      onError(res, err);
    });
  };
}

export interface Listening {
  server: Server;
  port: number;
  /** Host to put in URLs (a wildcard bind address is replaced by 127.0.0.1). */
  urlHost: string;
  close(): Promise<void>;
}

/** Starts an HTTP server; port 0 picks a free port. Rejects if the port is taken. */
export async function listen(
  handler: RequestListener,
  port: number,
  host: string,
): Promise<Listening> {
  const server = createServer(handler);
  // Streams may pause between chunks; never let Node time a request out underneath us.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  let urlHost = host;
  if (host === '0.0.0.0' || host === '::' || host === '') urlHost = '127.0.0.1';
  else if (host.includes(':')) urlHost = `[${host}]`;
  let closing: Promise<void> | undefined;
  return {
    server,
    port: address.port,
    urlHost,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Drop keep-alive and in-flight connections so close() never hangs.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
