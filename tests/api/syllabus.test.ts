import type { SyllabusItem } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { onePagePdf, lzwSpaces } from '../../functions/src/files/pdfBombs.fixture.ts';
import { writePdf } from '../fixtures/syllabi/pdfWriter.ts';
import { EXPECTED, score } from '../fixtures/syllabi/score.ts';
import { SYLLABI } from '../fixtures/syllabi/syllabi.ts';
import { call, studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { inZone, syllabusPdf, uploadPdf } from '../support/syllabus.ts';

interface Student {
  id: string;
  as: As;
  token: string;
  csrf: string;
}

async function student(prefix = 'syllabus'): Promise<Student> {
  const user = await createTestUser(prefix);
  const { id, as } = await studentApi(user.idToken);
  const session = await call<{ user: { csrf_token: string } }>('GET', '/api/session', {
    token: user.idToken,
  });
  await inZone(as, id, 'America/New_York');
  return { id, as, token: user.idToken, csrf: session.body.user.csrf_token };
}

async function upload(me: Student, name: string, bytes: Buffer): Promise<string> {
  const res = await uploadPdf(me.token, me.csrf, { name, bytes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.file_id as string;
}

interface Preview {
  items: SyllabusItem[];
  unreadable: number;
  read_by: string;
  course: string;
}

async function preview(me: Student, fileId: string): Promise<Preview> {
  const res = await me.as('POST', '/api/syllabus/preview', { file_id: fileId });
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as Preview;
}

describe('POST /api/syllabus/preview (rules: AI Help off)', () => {
  it.each(SYLLABI.map((s) => s.name))(
    'previews the items of the %s syllabus (recall and precision at least 90%%)',
    async (name) => {
      const me = await student();
      const fileId = await upload(me, `${name}.pdf`, syllabusPdf(name));
      const read = await preview(me, fileId);
      const expected = EXPECTED[name]!;
      const result = score(read.items, expected.items);
      console.log(
        `[syllabus] ${name}: precision ${(result.precision * 100).toFixed(0)}%, recall ${(result.recall * 100).toFixed(0)}%`,
      );
      expect(read.read_by).toBe('rules');
      expect(read.unreadable).toBe(0);
      expect(result.missed).toEqual([]);
      expect(result.recall).toBeGreaterThanOrEqual(0.9);
      expect(result.precision).toBeGreaterThanOrEqual(0.9);
      for (const item of read.items) {
        expect(item.course).toBe(expected.course);
        expect(item.key).toMatch(/^syl-[a-f0-9]{24}$/);
        expect(['assignment', 'quiz', 'exam', 'reading']).toContain(item.kind);
      }
      // The hand-written kinds, where an item matched by its date and title.
      const byDue = new Map(read.items.map((i) => [i.due_date, i.kind]));
      const kinds = expected.items.filter((e) => byDue.get(e.due_date) === e.kind);
      expect(kinds.length / expected.items.length).toBeGreaterThanOrEqual(0.9);
    },
  );

  it('reads with the AI model (the stand-in) when AI Help is on, dropping and counting unreadable items', async () => {
    const me = await student('syllabus-ai');
    await me.as('PATCH', `/api/user/${me.id}`, { ai_help_enabled: true });
    const bytes = writePdf([
      [
        { x: 72, y: 720, text: 'PHYS 110 Mechanics - Fall 2026' },
        { x: 72, y: 700, text: 'Lab 1 report due Sep 18' },
        { x: 72, y: 680, text: 'Midterm exam Oct 14 at 9:00 AM' },
        { x: 72, y: 660, text: '[[standin:bad-items]]' },
      ],
    ]);
    const fileId = await upload(me, 'phys.pdf', bytes);
    const read = await preview(me, fileId);
    expect(read.read_by).toBe('ai');
    expect(read.unreadable).toBe(2);
    expect(
      read.items.map(({ title, due_date, kind, course }) => ({ title, due_date, kind, course })),
    ).toEqual([
      {
        title: 'Lab 1 report',
        due_date: '2026-09-18T23:59:00',
        kind: 'assignment',
        course: 'PHYS 110',
      },
      { title: 'Midterm exam', due_date: '2026-10-14T09:00:00', kind: 'exam', course: 'PHYS 110' },
    ]);
  });

  it('answers 404 for another student’s file, and 400 for a malformed id', async () => {
    const owner = await student();
    const fileId = await upload(owner, 'table.pdf', syllabusPdf('table'));
    const other = await student();
    const res = await other.as('POST', '/api/syllabus/preview', { file_id: fileId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'That file was not found. Please upload it again.' });
    const imported = await other.as('POST', '/api/syllabus/import', {
      file_id: fileId,
      keys: ['syl-000000000000000000000000'],
    });
    expect(imported.status).toBe(404);
    const bad = await other.as('POST', '/api/syllabus/preview', { file_id: '../x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'file_id is not valid.' });
  });

  it('needs sign-in and the CSRF header', async () => {
    const me = await student();
    const noSignIn = await call('POST', '/api/syllabus/preview', { body: { file_id: 'x' } });
    expect(noSignIn.status).toBe(401);
    const noCsrf = await call('POST', '/api/syllabus/preview', {
      token: me.token,
      body: { file_id: 'x' },
    });
    expect(noCsrf.status).toBe(403);
    expect(typeof (noCsrf.body as { error?: unknown }).error).toBe('string');
  });
});

describe('the syllabus PDF is refused as attachments are', () => {
  it('a non-PDF and a PDF bomb never become a file to preview', async () => {
    const me = await student();
    const text = await uploadPdf(me.token, me.csrf, {
      name: 'syllabus.pdf',
      bytes: Buffer.from('HIST 210 Final paper due Dec 4'),
    });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: expect.stringContaining('syllabus.pdf') });
    const bomb = await uploadPdf(me.token, me.csrf, {
      name: 'bomb.pdf',
      bytes: onePagePdf(lzwSpaces(1024 * 1024 * 1024), '/Filter /LZWDecode'),
    });
    expect(bomb.status).toBe(422);
    expect(bomb.body).toEqual({
      error:
        'File bomb.pdf holds too much compressed content to read. Please upload a smaller PDF.',
    });
  });
});

describe('POST /api/syllabus/import', () => {
  it('imports, then an edited syllabus adds only what is new, moves what moved and keeps the student’s edits', async () => {
    const me = await student();
    const first = await upload(me, 'bulleted.pdf', syllabusPdf('bulleted'));
    const before = await preview(me, first);
    const keys = before.items.map((i) => i.key);
    const imported = await me.as('POST', '/api/syllabus/import', { file_id: first, keys });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toEqual({ added: keys.length, updated: 0, unchanged: 0 });

    const again = await me.as('POST', '/api/syllabus/import', { file_id: first, keys });
    expect(again.body).toEqual({ added: 0, updated: 0, unchanged: keys.length });

    // The student edits two cards: one's title, another's due date.
    const list = (await me.as('GET', '/api/assignments')).body as unknown as {
      id: string;
      title: string;
      due_date: string;
      version: number;
      source: { course: string; kind: string } | null;
    }[];
    expect(list).toHaveLength(keys.length);
    expect(list.every((a) => a.source?.course === 'CHEM 101' && a.source.kind === 'syllabus')).toBe(
      true,
    );
    const exam1 = list.find((a) => a.title === 'Exam 1')!;
    const lab1 = list.find((a) => a.title === 'Lab report 1')!;
    const ps2 = list.find((a) => a.title === 'Problem set 2')!;
    expect(
      (await me.as('PATCH', '/api/assignment', { id: exam1.id, title: 'Exam 1 (study ch 1-4!)' }))
        .status,
    ).toBe(200);
    expect(
      (await me.as('PATCH', '/api/assignment', { id: lab1.id, due_date: '2026-09-23T20:00:00' }))
        .status,
    ).toBe(200);

    // The edited syllabus: Problem set 2 moved, Lab report 1 moved too (but the student's own
    // date stays), a new quiz, Exam 2 renamed.
    const source = SYLLABI.find((s) => s.name === 'bulleted')!;
    const edited = source.pages.map((runs) =>
      runs
        .map((r) => ({
          ...r,
          text: r.text
            .replace('Problem set 2 - due Oct 15 at 5 PM', 'Problem set 2 - due Oct 20 at 5 PM')
            .replace('Lab report 1 - due Sept 24', 'Lab report 1 - due Sept 25')
            .replace('Exam 2 - Nov 12, 7:00 PM', 'Second exam - Nov 12, 7:00 PM'),
        }))
        .concat([{ x: 72, y: 440, text: '• Quiz 3 - Nov 19' }]),
    );
    const second = await upload(me, 'bulleted v2.pdf', writePdf(edited));
    const after = await preview(me, second);
    const res = await me.as('POST', '/api/syllabus/import', {
      file_id: second,
      keys: after.items.map((i) => i.key),
    });
    expect(res.status, res.text).toBe(200);
    // New: Quiz 3 and "Second exam" (a renamed item is a new one; nothing is deleted).
    // Updated: Problem set 2 (moved) and Lab report 1 (its syllabus date noted, the card's kept).
    expect(res.body).toEqual({ added: 2, updated: 2, unchanged: keys.length - 3 });

    const now = (await me.as('GET', '/api/assignments')).body as unknown as {
      id: string;
      title: string;
      due_date: string;
      due_moved_from: string | null;
    }[];
    expect(now).toHaveLength(keys.length + 2);
    expect(now.find((a) => a.id === ps2.id)).toMatchObject({
      due_date: '2026-10-20T17:00:00',
      due_moved_from: '2026-10-15T17:00:00',
    });
    expect(now.find((a) => a.id === lab1.id)).toMatchObject({
      due_date: '2026-09-23T20:00:00',
      due_moved_from: null,
    });
    expect(now.find((a) => a.id === exam1.id)?.title).toBe('Exam 1 (study ch 1-4!)');
    expect(now.some((a) => a.title === 'Exam 2')).toBe(true);
    expect(now.some((a) => a.title === 'Second exam')).toBe(true);
    expect(now.find((a) => a.title === 'Quiz 3')?.due_date).toBe('2026-11-19T23:59:00');
  });

  it('imports only the ticked items, with the student’s edits from the preview', async () => {
    const me = await student();
    const fileId = await upload(me, 'two-column.pdf', syllabusPdf('two-column'));
    const read = await preview(me, fileId);
    const [a, b] = read.items;
    const res = await me.as('POST', '/api/syllabus/import', {
      file_id: fileId,
      keys: [a!.key, b!.key],
      edits: { [b!.key]: { title: 'HW 2 (the long one)', due_date: '2026-09-24T18:00:00' } },
    });
    expect(res.body).toEqual({ added: 2, updated: 0, unchanged: 0 });
    const list = (await me.as('GET', '/api/assignments')).body as unknown as {
      title: string;
      due_date: string;
    }[];
    expect(list.map((x) => [x.title, x.due_date]).sort()).toEqual([
      ['HW 2 (the long one)', '2026-09-24T18:00:00'],
      ['Homework 1', '2026-09-11T23:59:00'],
    ]);
  });

  it('refuses keys that are not in the preview, and bad bodies, with a sentence', async () => {
    const me = await student();
    const fileId = await upload(me, 'table.pdf', syllabusPdf('table'));
    await preview(me, fileId);
    const stale = await me.as('POST', '/api/syllabus/import', {
      file_id: fileId,
      keys: ['syl-000000000000000000000000'],
    });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({
      error:
        'Some of those items are not in this syllabus’s preview any more. Preview it again and choose again.',
    });
    const none = await me.as('POST', '/api/syllabus/import', { file_id: fileId, keys: [] });
    expect(none.body).toEqual({ error: 'Choose at least one item to import.' });
    const many = await me.as('POST', '/api/syllabus/import', {
      file_id: fileId,
      keys: Array.from({ length: 301 }, () => 'syl-000000000000000000000000'),
    });
    expect(many.body).toEqual({ error: 'Import at most 300 items at once.' });
  });
});
