import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildSamplePdf } from '../../functions/src/files/pdf.fixture.ts';
import { DATA_DIR } from '../../scripts/stack/config.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, type TestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

interface Me {
  user: TestUser;
  csrf: string;
}

interface Listed {
  id: string;
  name: string;
  size: number;
  uploaded_at: string;
}

async function signedIn(): Promise<Me> {
  const user = await createTestUser('attach');
  const { csrf_token } = await sessionOf(user);
  return { user, csrf: csrf_token };
}

const as = <T = Record<string, unknown>>(me: Me, method: string, path: string, body?: unknown) =>
  call<T>(method, path, {
    token: me.user.idToken,
    csrf: me.csrf,
    ...(body === undefined ? {} : { body }),
  });

/** POST /api/upload-pdf as the editor sends it, attached to `assignmentId` when given. */
async function upload(me: Me, name: string, assignmentId?: string) {
  const form = new FormData();
  form.append('file', new Blob([buildSamplePdf([[name]])], { type: 'application/pdf' }), name);
  const query = assignmentId ? `?assignment_id=${encodeURIComponent(assignmentId)}` : '';
  const res = await fetch(`${inject('stack').api}/api/upload-pdf${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${me.user.idToken}`, 'x-csrf-token': me.csrf },
    body: form,
  });
  const body = (await res.json()) as { file_id?: string; size?: number; error?: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { id: body.file_id as string, size: body.size as number };
}

const storedBytes = (uid: string, fileId: string) =>
  existsSync(join(DATA_DIR, 'files', 'users', uid, 'files', fileId));
const record = async (uid: string, fileId: string) =>
  (await admin().db.doc(`users/${uid}/files/${fileId}`).get()).exists;

async function newAssignment(me: Me, title: string, id?: string): Promise<string> {
  const res = await as<{ item: { id: string } }>(me, 'POST', '/api/assignment', {
    title,
    ...(id ? { id } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.item.id;
}

const listOf = async (me: Me, id: string) => {
  const res = await as<{ files: Listed[] }>(me, 'GET', `/api/assignment/${id}/files`);
  expect(res.status, res.text).toBe(200);
  return res.body.files;
};

describe('PDFs attached to an assignment', () => {
  it('lists the uploads that name the assignment (name, size, time, id), not the others', async () => {
    const me = await signedIn();
    const essay = await newAssignment(me, 'Essay');
    const other = await newAssignment(me, 'Lab');
    const before = Date.now();
    const brief = await upload(me, 'brief.pdf', essay);
    const rubric = await upload(me, 'rubric.pdf', essay);
    await upload(me, 'lab.pdf', other);
    await upload(me, 'loose.pdf');

    const files = await listOf(me, essay);
    expect(files.map((f) => [f.id, f.name, f.size])).toEqual([
      [brief.id, 'brief.pdf', brief.size],
      [rubric.id, 'rubric.pdf', rubric.size],
    ]);
    for (const f of files) {
      expect(f.size).toBeGreaterThan(0);
      expect(Date.parse(f.uploaded_at)).toBeGreaterThanOrEqual(before - 5_000);
    }
    expect((await listOf(me, other)).map((f) => f.name)).toEqual(['lab.pdf']);
  });

  it('attaches an upload made while the assignment is being created (its client-chosen id)', async () => {
    const me = await signedIn();
    const id = `assignment-${Date.now()}-attach`;
    const early = await upload(me, 'early.pdf', id);
    // Not there yet: the list of an assignment that does not exist is a 404.
    const missing = await as(me, 'GET', `/api/assignment/${id}/files`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'That assignment does not exist.' });
    // A file of an assignment still being created can be removed again.
    const dropped = await upload(me, 'dropped.pdf', id);
    const removed = await as(me, 'DELETE', `/api/assignment/${id}/files/${dropped.id}`);
    expect(removed.status, removed.text).toBe(200);

    expect(await newAssignment(me, 'Created after the upload', id)).toBe(id);
    expect((await listOf(me, id)).map((f) => [f.id, f.name])).toEqual([[early.id, 'early.pdf']]);
  });

  it('removes one file: its bytes and its record; a second removal is a 404', async () => {
    const me = await signedIn();
    const id = await newAssignment(me, 'Report');
    const keep = await upload(me, 'keep.pdf', id);
    const gone = await upload(me, 'gone.pdf', id);
    expect(storedBytes(me.user.uid, gone.id)).toBe(true);

    const res = await as<{ files: Listed[] }>(
      me,
      'DELETE',
      `/api/assignment/${id}/files/${gone.id}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.files.map((f) => f.id)).toEqual([keep.id]);
    expect((await listOf(me, id)).map((f) => f.id)).toEqual([keep.id]);
    expect(storedBytes(me.user.uid, gone.id)).toBe(false);
    expect(await record(me.user.uid, gone.id)).toBe(false);
    expect(storedBytes(me.user.uid, keep.id)).toBe(true);

    const again = await as(me, 'DELETE', `/api/assignment/${id}/files/${gone.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'That file is not attached to this assignment.' });
    // Removing through the wrong assignment changes nothing.
    const elsewhere = await newAssignment(me, 'Elsewhere');
    const wrong = await as(me, 'DELETE', `/api/assignment/${elsewhere}/files/${keep.id}`);
    expect(wrong.status).toBe(404);
    expect(storedBytes(me.user.uid, keep.id)).toBe(true);
  });

  it('deleting the assignment deletes its files, and only its files', async () => {
    const me = await signedIn();
    const id = await newAssignment(me, 'Poster');
    const keptId = await newAssignment(me, 'Kept');
    const a = await upload(me, 'a.pdf', id);
    const b = await upload(me, 'b.pdf', id);
    const kept = await upload(me, 'kept.pdf', keptId);

    const res = await as(me, 'DELETE', '/api/assignment', { id });
    expect(res.status, res.text).toBe(200);
    for (const f of [a, b]) {
      expect(storedBytes(me.user.uid, f.id)).toBe(false);
      expect(await record(me.user.uid, f.id)).toBe(false);
    }
    expect(storedBytes(me.user.uid, kept.id)).toBe(true);
    expect((await listOf(me, keptId)).map((f) => f.id)).toEqual([kept.id]);
  });

  it('deleting the account deletes every attached file', async () => {
    const me = await signedIn();
    await as(me, 'POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true });
    const id = await newAssignment(me, 'Last one');
    const f = await upload(me, 'last.pdf', id);
    const res = await as(me, 'DELETE', `/api/user/${me.user.uid}`);
    expect(res.status, res.text).toBe(200);
    expect(storedBytes(me.user.uid, f.id)).toBe(false);
    expect(await record(me.user.uid, f.id)).toBe(false);
  });

  it('refuses an assignment_id that is not an id, storing nothing', async () => {
    const me = await signedIn();
    const form = new FormData();
    form.append('file', new Blob([buildSamplePdf([['x']])], { type: 'application/pdf' }), 'x.pdf');
    const res = await fetch(`${inject('stack').api}/api/upload-pdf?assignment_id=..%2Fother`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.user.idToken}`, 'x-csrf-token': me.csrf },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'assignment_id is not valid.' });
    expect((await admin().db.collection(`users/${me.user.uid}/files`).get()).size).toBe(0);
  });
});
