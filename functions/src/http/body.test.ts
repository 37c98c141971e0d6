import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_JSON_OBJECT, readBodiesFirst, readBody, routePath } from './body.ts';
import { errorHandler } from './errors.ts';

const limitFor = (path: string) => (path === '/small' ? 4 * 1024 : 1024 * 1024);

/** Our side: reads the body (unless read already) and shows what it found. */
function ourApp(): express.Express {
  const app = express();
  app.use(readBody(limitFor));
  app.post(['/echo', '/api/echo', '/small'], (req, res) => {
    const raw = (req as { rawBody?: Buffer }).rawBody;
    res.json({ body: Buffer.isBuffer(req.body) ? 'bytes' : req.body, raw: raw?.length ?? 0 });
  });
  app.use(errorHandler);
  return app;
}

/**
 * The platform as Cloud Functions' functions framework sets it up (its server.ts): Express
 * with body-parser's JSON, text, form and raw parsers, 1024 MB each, keeping `rawBody`, in
 * front of the function; its server made by `http.createServer(app)` after the function's
 * module is loaded.
 */
function platformServer(fn: RequestHandler): http.Server {
  const app = express();
  const keep = (req: http.IncomingMessage, _res: unknown, buf: Buffer) => {
    (req as { rawBody?: Buffer }).rawBody = buf;
  };
  const options = { limit: '1024mb', verify: keep };
  app.use(express.json(options));
  app.use(express.text(options));
  app.use(express.urlencoded({ ...options, extended: true }));
  app.use(express.raw({ ...options, type: '*/*' }));
  app.all('/{*splat}', fn);
  return http.createServer(app);
}

async function listen(server: http.Server) {
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (base: string, path: string, body: string, type = 'application/json') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

describe('without reading bodies first', () => {
  it('the platform answers a body it cannot parse with an HTML page; the app never runs', async () => {
    let ran = false;
    const server = platformServer((_req, res) => {
      ran = true;
      res.json({});
    });
    const base = await listen(server);
    try {
      const res = await post(base, '/echo', '{"title":');
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(ran).toBe(false);
    } finally {
      server.close();
    }
  });
});

describe('reading bodies first, at the server the platform creates', () => {
  const createServer = http.createServer;
  let base = '';
  let server: http.Server;

  beforeAll(async () => {
    readBodiesFirst(limitFor);
    server = platformServer(ourApp());
    base = await listen(server);
  });
  afterAll(() => {
    server.close();
    http.createServer = createServer;
  });

  it.each([
    ['malformed JSON', '{"title":', 'The request body is not valid JSON.'],
    ['a bare null', 'null', NOT_JSON_OBJECT],
    ['a bare string', '"x"', NOT_JSON_OBJECT],
    ['a bare number', '7', NOT_JSON_OBJECT],
  ])('%s is answered by the app with a JSON sentence', async (_, body, error) => {
    const res = await post(base, '/api/echo', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  it('wraps only the one server the platform makes', () => {
    expect(http.createServer).toBe(createServer);
  });

  it('passes a JSON object on parsed, with its bytes in rawBody', async () => {
    const body = JSON.stringify({ title: 'Essay' });
    const res = await post(base, '/echo', body);
    expect(await res.json()).toEqual({ body: { title: 'Essay' }, raw: body.length });
  });

  it('keeps any other body as bytes, for the route that reads it (uploads)', async () => {
    const res = await post(base, '/echo', '--x\r\n', 'multipart/form-data; boundary=x');
    expect(await res.json()).toEqual({ body: 'bytes', raw: 5 });
  });

  it('refuses a body over its route’s limit from Content-Length, before reading it', async () => {
    const started = Date.now();
    const res = await post(base, '/small', JSON.stringify({ token: 'x'.repeat(30 << 20) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'The request is too large. The limit is 4 KB.' });
    console.log(`[body] 30 MB over a 4 KB limit refused in ${Date.now() - started} ms`);
    const other = await post(base, '/echo', JSON.stringify({ text: 'x'.repeat(5000) }));
    expect(other.status).toBe(200);
  });
});

describe('routePath', () => {
  it('names a route the same under /api, with a query or a trailing slash, in any case', () => {
    for (const url of [
      '/api/reminders/action',
      '/reminders/action/',
      '/API/Reminders/Action?x=1',
    ]) {
      expect(routePath(url)).toBe('/reminders/action');
    }
    expect(routePath('/api')).toBe('/');
    expect(routePath('/apix/a')).toBe('/apix/a');
  });
});
