import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName, NotMultipartError, readUpload } from './multipart.ts';

/** Two apps: one pipes the request, one has the body in req.rawBody like Cloud Functions. */
function app(rawBody: boolean): Express {
  const a = express();
  if (rawBody) {
    a.use(
      express.raw({
        type: '*/*',
        limit: '5mb',
        verify: (req, _res, buf) => {
          (req as unknown as { rawBody: Buffer }).rawBody = buf;
        },
      }),
    );
  }
  a.post('/upload', async (req, res) => {
    try {
      const parsed = await readUpload(req, { maxBytes: 1000, maxFiles: 1 });
      res.json({
        tooManyFiles: parsed.tooManyFiles,
        files: parsed.files.map((f) => ({
          field: f.field,
          name: f.name,
          size: f.bytes.length,
          tooLarge: f.tooLarge,
          head: f.bytes.subarray(0, 5).toString('latin1'),
        })),
      });
    } catch (err) {
      res.status(400).json({ error: err instanceof NotMultipartError ? 'not multipart' : 'other' });
    }
  });
  return a;
}

const servers: { close(): void }[] = [];
const bases: Record<'piped' | 'raw', string> = { piped: '', raw: '' };

beforeAll(async () => {
  for (const kind of ['piped', 'raw'] as const) {
    const server = app(kind === 'raw').listen(0);
    await new Promise((r) => server.once('listening', r));
    servers.push(server);
    bases[kind] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => servers.forEach((s) => s.close()));

function form(files: { field?: string; name: string; bytes: Uint8Array }[]) {
  const f = new FormData();
  for (const file of files) f.append(file.field ?? 'file', new Blob([file.bytes]), file.name);
  return f;
}

describe.each(['piped', 'raw'] as const)('readUpload (%s body)', (kind) => {
  const post = async (body: string | FormData, headers: Record<string, string> = {}) => {
    const res = await fetch(`${bases[kind]}/upload`, { method: 'POST', body, headers });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('reads one file with its field, name and bytes', async () => {
    const res = await post(form([{ name: 'Lab brief.pdf', bytes: Buffer.from('%PDF-1.4 hi') }]));
    expect(res.body).toEqual({
      tooManyFiles: false,
      files: [{ field: 'file', name: 'Lab brief.pdf', size: 11, tooLarge: false, head: '%PDF-' }],
    });
  });

  it('flags a file over the limit and keeps only the first part of it', async () => {
    const res = await post(form([{ name: 'big.pdf', bytes: new Uint8Array(5000) }]));
    expect(res.body.files).toEqual([
      expect.objectContaining({ name: 'big.pdf', size: 1001, tooLarge: true }),
    ]);
  });

  it('accepts a file of exactly the limit and flags one byte more', async () => {
    const exact = await post(form([{ name: 'exact.pdf', bytes: new Uint8Array(1000) }]));
    expect(exact.body.files).toEqual([
      expect.objectContaining({ name: 'exact.pdf', size: 1000, tooLarge: false }),
    ]);
    const over = await post(form([{ name: 'over.pdf', bytes: new Uint8Array(1001) }]));
    expect(over.body.files).toEqual([
      expect.objectContaining({ name: 'over.pdf', size: 1001, tooLarge: true }),
    ]);
  });

  it('reports more files than allowed', async () => {
    const res = await post(
      form([
        { name: 'a.pdf', bytes: Buffer.from('a') },
        { name: 'b.pdf', bytes: Buffer.from('b') },
      ]),
    );
    expect(res.body.tooManyFiles).toBe(true);
    expect(res.body.files).toHaveLength(1);
  });

  it('keeps UTF-8 names', async () => {
    const res = await post(form([{ name: 'Résumé 🧠.pdf', bytes: Buffer.from('x') }]));
    expect((res.body.files as { name: string }[])[0]!.name).toBe('Résumé 🧠.pdf');
  });

  it('refuses a body that is not multipart', async () => {
    const res = await post('{"file":1}', { 'content-type': 'application/json' });
    expect(res).toEqual({ status: 400, body: { error: 'not multipart' } });
  });
});

describe('displayName', () => {
  it('keeps the last path segment without control characters', () => {
    expect(displayName('C:\\Users\\ada\\notes.pdf')).toBe('notes.pdf');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('a\u0000b\nc.pdf')).toBe('ab c.pdf');
    expect(displayName('')).toBe('file');
    expect(displayName(undefined)).toBe('file');
    expect(displayName('x'.repeat(300))).toHaveLength(200);
  });
  it('follows the text rules: no bidi control, nothing invisible, cut with "…"', () => {
    expect(displayName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayName('\u2067notes\u2069.pdf')).toBe('notes.pdf');
    expect(displayName('\u200B\u2060')).toBe('file');
    expect(displayName(`${'x'.repeat(300)}.pdf`)).toBe(`${'x'.repeat(199)}…`);
    expect(displayName('مقال 📚.pdf')).toBe('مقال 📚.pdf');
  });
});
