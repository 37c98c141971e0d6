// A Web Push service for the local stack: the push-service side of RFC 8030 (message
// delivery), VAPID (RFC 8292) and aes128gcm (RFC 8188 / RFC 8291). It serves HTTPS, as real
// push services do (and as the `web-push` client requires), with the fixed local certificate
// in ./push-tls (trusted by the stack's processes through NODE_EXTRA_CA_CERTS).
//
//   POST /push/<anything>           a push message: VAPID verified, 201 with Location
//   POST /push/<anything>/gone      the same checks, then 410 Gone (an expired subscription)
//   GET  /messages?endpoint=<url>   [{ received_at, headers, body_base64 }] for that endpoint
//
// Endpoints are `<base URL>push/<any id>`; tests make their own.
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type ServerOptions } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sendJson } from './http-util.ts';

const PUSH_TLS_DIR = join(import.meta.dirname, 'push-tls');
export const PUSH_TLS_CERT = join(PUSH_TLS_DIR, 'cert.pem');

/** RFC 8030 §7.2: a push service may refuse larger payloads; 4096 is what browsers accept. */
const MAX_PAYLOAD = 4096;

interface PushMessage {
  received_at: string;
  headers: Record<string, string>;
  body_base64: string;
}

export interface PushStandin {
  url: string;
  messages: Map<string, PushMessage[]>;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): an ES256 JWT signed by
 * that key, whose audience is this push service's origin, expiring within 24 hours.
 */
function verifyVapid(header: string | undefined, origin: string, now = Date.now()): void {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!m?.[1]) throw new Refusal(401, 'Authorization must use the vapid scheme (RFC 8292).');
  const params = Object.fromEntries(
    m[1].split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()];
    }),
  );
  const { t, k } = params as { t?: string; k?: string };
  if (!t || !k) throw new Refusal(401, 'vapid needs both t (the JWT) and k (the public key).');
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) {
    throw new Refusal(401, 'k must be an uncompressed P-256 public key.');
  }
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [h, c, s] = t.split('.');
  if (!h || !c || !s) throw new Refusal(401, 'The VAPID JWT is malformed.');
  const jose = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (jose.alg !== 'ES256') throw new Refusal(401, 'The VAPID JWT must use ES256.');
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${c}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Refusal(401, 'The VAPID signature does not verify.');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new Refusal(403, `aud must be ${origin}.`);
  const seconds = now / 1000;
  if (typeof claims.exp !== 'number' || claims.exp < seconds || claims.exp > seconds + 86_400) {
    throw new Refusal(403, 'exp must be in the next 24 hours.');
  }
  if (!claims.sub) throw new Refusal(403, 'sub (a contact) is required.');
}

async function readRaw(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new Refusal(413, `Payloads are limited to ${max} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function startPushStandin(opts: { port: number; host: string }): Promise<PushStandin> {
  const messages = new Map<string, PushMessage[]>();
  let base = '';
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/messages') {
      const endpoint = url.searchParams.get('endpoint') ?? '';
      sendJson(res, 200, messages.get(endpoint) ?? []);
      return;
    }
    if (req.method !== 'POST' || !url.pathname.startsWith('/push/')) {
      sendJson(res, 404, { error: 'Not a push endpoint.' });
      return;
    }
    verifyVapid(req.headers.authorization, origin);
    if (!req.headers.ttl || !/^\d+$/.test(String(req.headers.ttl))) {
      throw new Refusal(400, 'TTL is required (RFC 8030 §5.2).');
    }
    const body = await readRaw(req, MAX_PAYLOAD);
    if (body.length > 0 && req.headers['content-encoding'] !== 'aes128gcm') {
      throw new Refusal(415, 'Content-Encoding must be aes128gcm (RFC 8291).');
    }
    if (url.pathname.endsWith('/gone')) {
      sendJson(res, 410, { error: 'This subscription has expired.' });
      return;
    }
    const endpoint = `${origin}${url.pathname}`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    const list = messages.get(endpoint) ?? [];
    list.push({
      received_at: new Date().toISOString(),
      headers,
      body_base64: body.toString('base64'),
    });
    messages.set(endpoint, list);
    res.writeHead(201, { location: `${origin}/message/${randomUUID()}` });
    res.end();
  };

  const tls: ServerOptions = {
    key: readFileSync(join(PUSH_TLS_DIR, 'key.pem')),
    cert: readFileSync(PUSH_TLS_CERT),
  };
  const server = createServer(tls, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof Refusal) sendJson(res, err.status, { error: err.message });
      else sendJson(res, 500, { error: (err as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;
  base = `${origin}/`;
  return {
    url: base,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
