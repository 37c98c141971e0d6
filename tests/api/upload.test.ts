import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildSamplePdf } from '../../functions/src/files/pdf.fixture.ts';
import {
  lzwSpaces,
  onePagePdf,
  runLengthSpaces,
} from '../../functions/src/files/pdfBombs.fixture.ts';
import { DATA_DIR } from '../../scripts/stack/config.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin, fillRateWindow } from '../support/firestore.ts';

interface Me {
  user: TestUser;
  csrf: string;
}

async function signedIn(aiHelp = false): Promise<Me> {
  const user = await createTestUser('upload');
  const { csrf_token } = await sessionOf(user);
  if (aiHelp) {
    const res = await call('PATCH', `/api/user/${user.uid}`, {
      token: user.idToken,
      csrf: csrf_token,
      body: { ai_help_enabled: true },
    });
    expect(res.status).toBe(200);
  }
  return { user, csrf: csrf_token };
}

/** POST /api/upload-pdf with the given files in the field `file`, as a browser's FormData sends it. */
async function upload(
  me: Me,
  files: { name: string; bytes: Uint8Array; type?: string }[],
  opts: { field?: string; csrf?: string | null } = {},
) {
  const form = new FormData();
  for (const f of files) {
    form.append(
      opts.field ?? 'file',
      new Blob([f.bytes], { type: f.type ?? 'application/pdf' }),
      f.name,
    );
  }
  const headers: Record<string, string> = { authorization: `Bearer ${me.user.idToken}` };
  const csrf = opts.csrf === undefined ? me.csrf : opts.csrf;
  if (csrf) headers['x-csrf-token'] = csrf;
  const res = await fetch(`${inject('stack').api}/api/upload-pdf`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body };
}

const pdf = buildSamplePdf([
  ['Lab report: the water cycle', 'Measure evaporation (cm) each day.'],
  ['Page two: results table'],
]);

describe('POST /api/upload-pdf', () => {
  it('stores a real PDF under the user, with its text extracted once', async () => {
    const me = await signedIn();
    const res = await upload(me, [{ name: 'Lab brief.pdf', bytes: pdf }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Lab brief.pdf', size: pdf.length, pages: 2 });
    const fileId = res.body.file_id as string;
    expect(fileId).toMatch(/^[A-Za-z0-9_-]+$/);

    const { db } = admin();
    const doc = await db.doc(`users/${me.user.uid}/files/${fileId}`).get();
    expect(doc.data()).toMatchObject({
      name: 'Lab brief.pdf',
      size: pdf.length,
      content_type: 'application/pdf',
      storage_path: `users/${me.user.uid}/files/${fileId}`,
      text: 'Lab report: the water cycle\nMeasure evaporation (cm) each day.\n\nPage two: results table',
      text_truncated: false,
    });
    if (inject('stack').mode === 'lite') {
      const stored = join(DATA_DIR, 'files', 'users', me.user.uid, 'files', fileId);
      expect(existsSync(stored)).toBe(true);
      expect(readFileSync(stored).equals(pdf)).toBe(true);
    }
  });

  it('refuses a renamed text file by its bytes', async () => {
    const me = await signedIn();
    const res = await upload(me, [
      { name: 'notes.pdf', bytes: new TextEncoder().encode('Just some notes, not a PDF.') },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'File notes.pdf is not a PDF.' });
  });

  it('refuses a file above 20 MB with 413', async () => {
    const me = await signedIn();
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(pdf.subarray(0, 512));
    const res = await upload(me, [{ name: 'big.pdf', bytes: big }]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'File big.pdf is too large. Maximum allowed size is 20MB.',
    });
  });

  it('takes one file only', async () => {
    const me = await signedIn();
    const res = await upload(me, [
      { name: 'a.pdf', bytes: pdf },
      { name: 'b.pdf', bytes: pdf },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Please upload one PDF file at a time.' });
    const { db } = admin();
    expect((await db.collection(`users/${me.user.uid}/files`).get()).size).toBe(0);
  });

  it('explains a missing file, a JSON body, and needs sign-in and CSRF', async () => {
    const me = await signedIn();
    const wrongField = await upload(me, [{ name: 'a.pdf', bytes: pdf }], { field: 'document' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ error: 'Choose a PDF file to upload (form field "file").' });

    const json = await call('POST', '/api/upload-pdf', {
      token: me.user.idToken,
      csrf: me.csrf,
      body: { file: 'a.pdf' },
    });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({
      error: 'Send the PDF as multipart/form-data with the field "file".',
    });

    const noCsrf = await upload(me, [{ name: 'a.pdf', bytes: pdf }], { csrf: null });
    expect(noCsrf.status).toBe(403);
    const anonymous = await fetch(`${inject('stack').api}/api/upload-pdf`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);
  });

  it("sends the PDF's text with AI requests that carry its file_id, only to its owner", async () => {
    const me = await signedIn(true);
    const up = await upload(me, [{ name: 'Lab brief.pdf', bytes: pdf }]);
    const fileId = up.body.file_id as string;
    const prompt = `Title: Water cycle lab ${Date.now()}`;
    const res = await call<{ subtasks: string[] }>('POST', '/api/ai-suggest-subtasks', {
      token: me.user.idToken,
      csrf: me.csrf,
      body: { prompt, file_id: fileId },
    });
    expect(res.status).toBe(200);
    const standin = inject('stack').openai!.replace(/\/v1$/, '');
    const requests = (await (await fetch(`${standin}/__standin/requests`)).json()) as {
      messages: { role: string; content: string }[];
    }[];
    const sent = requests.find((r) => r.messages.some((m) => m.content === prompt));
    const context = sent?.messages.find(
      (m) => m.role === 'system' && m.content.includes('Lab brief.pdf'),
    );
    expect(context?.content).toContain('Measure evaporation (cm) each day.');

    const other = await signedIn(true);
    const foreign = await call('POST', '/api/ai-suggest-subtasks', {
      token: other.user.idToken,
      csrf: other.csrf,
      body: { prompt, file_id: fileId },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'That file was not found. Please upload it again.' });
  });

  it('refuses LZW and RunLength bombs with 422, storing and counting nothing', async () => {
    const me = await signedIn();
    const counters = await fillRateWindow(me.user.uid, 'upload', 5);
    const MB = 1024 * 1024;
    const bombs = [
      { name: 'lzw.pdf', bytes: onePagePdf(lzwSpaces(1024 * MB), '/Filter /LZWDecode') },
      {
        name: 'runlength.pdf',
        bytes: onePagePdf(runLengthSpaces(512 * MB), '/Filter /RunLengthDecode'),
      },
      // Its filter given by reference: only pdf.js, in the function's worker, sees it.
      {
        name: 'hidden.pdf',
        bytes: onePagePdf(lzwSpaces(1024 * MB), '/Filter 5 0 R', '5 0 obj\n/LZWDecode\nendobj\n'),
      },
    ];
    for (const bomb of bombs) {
      const started = Date.now();
      const res = await upload(me, [bomb]);
      console.log(
        `[upload] ${bomb.name} (${(bomb.bytes.length / 1024).toFixed(0)} KB): ${res.status} after ${Date.now() - started} ms`,
      );
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: `File ${bomb.name} holds too much compressed content to read. Please upload a smaller PDF.`,
      });
    }
    const { db } = admin();
    const stored = await db.collection('users').doc(me.user.uid).collection('files').get();
    expect(stored.size).toBe(0);
    for (const path of counters) expect((await db.doc(path).get()).get('count')).toBe(5);
  });

  it('answers 429 past 10 stored uploads a minute, with Retry-After; refused files do not count', async () => {
    const me = await signedIn();
    // The minute's counter stands at the limit (10), in this window and the next, so the
    // check does not depend on where in the minute it runs (the limiter's windows and the
    // request counting itself are unit-tested with an injected clock).
    const counters = await fillRateWindow(me.user.uid, 'upload', 10);
    const text = new TextEncoder().encode('not a pdf');
    for (let i = 0; i < 3; i++) {
      expect((await upload(me, [{ name: `notes-${i}.pdf`, bytes: text }])).status).toBe(400);
    }
    // Refused files left the counters as they were.
    const { db } = admin();
    for (const path of counters) expect((await db.doc(path).get()).get('count')).toBe(10);

    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'one-more.pdf');
    const limited = await fetch(`${inject('stack').api}/api/upload-pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.user.idToken}`, 'x-csrf-token': me.csrf },
      body: form,
    });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { error: string }).error).toMatch(
      /^You have uploaded many files in a short time\. Please wait \d+ seconds and try again\.$/,
    );
    const stored = await db.collection('users').doc(me.user.uid).collection('files').get();
    expect(stored.size).toBe(0);

    // Another student is not affected.
    const other = await signedIn();
    expect((await upload(other, [{ name: 'reading.pdf', bytes: pdf }])).status).toBe(201);
  });
});
