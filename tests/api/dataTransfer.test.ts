import { readFileSync } from 'node:fs';
import { instanceIdOf, type Assignment, type ImportReport } from '@brainboard/domain';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { friday } from '../support/dates.ts';
import { admin } from '../support/firestore.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');

interface Person {
  uid: string;
  token: string;
  as: As;
}

async function person(prefix: string): Promise<Person> {
  const user = await createTestUser(prefix);
  const { id, as } = await studentApi(user.idToken);
  // Dates of imported cards are read in the student's zone.
  await as('PATCH', `/api/user/${id}`, { time_zone: 'Europe/London' });
  return { uid: id, token: user.idToken, as };
}

/** A raw download as the browser makes it (the answer is a file, not JSON). */
async function download(who: Person, format: string) {
  const { api } = inject('stack');
  return fetch(`${api}/api/export?format=${format}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
}

/** What a board shows, without what differs by account or by when it was written. */
function boardOf(list: Assignment[]) {
  return list
    .map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      due_date: a.due_date,
      status: a.status,
      subtasks: a.subtasks.map((s) => ({ id: s.id, title: s.title, completed: s.completed })),
      notes: a.notes.map((n) => ({ id: n.id, text: n.text })),
      reminders: a.reminders ?? null,
      // A Done card keeps the moment it was finished.
      completed_date: a.completed_date,
      series_id: a.series_id,
      repeat: a.repeat,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

const imported = (res: { body: unknown }) => res.body as ImportReport;

describe('download my data and import', () => {
  let student: Person;

  beforeAll(async () => {
    student = await person('export-student');
    const cards = [
      {
        id: 'essay',
        title: 'Essay, "draft" one',
        description: '=SUM(A1) line one\nline two',
        due_date: '2026-12-03T17:00:00',
        reminders: [60, 1440],
        subtasks: [
          { id: 'a', title: 'Outline', completed: true },
          { id: 'b', title: 'Write' },
        ],
        notes: [{ id: 'n1', text: 'Use the library' }],
      },
      { id: 'lab', title: 'Lab report', status: 'in progress' },
      { id: 'quiz', title: 'Quiz', status: 'done' },
    ];
    for (const card of cards) {
      expect((await student.as('POST', '/api/assignment', card)).status).toBe(201);
    }
    const { db } = admin();
    await db
      .doc(`users/${student.uid}/chats/essay`)
      .set({ messages: [{ role: 'user', content: 'hi' }] });
    await db.doc(`users/${student.uid}/files/f1`).set({
      name: 'reading.pdf',
      size: 1234,
      storage_path: 'users/x/files/f1',
    });
    await db.doc(`users/${student.uid}/private/google`).set({ refresh_token: 'secret-refresh' });
    await db.doc(`lms_feeds/feed-export-${student.uid}`).set({
      uid: student.uid,
      url: 'https://school.test/feed/secret-feed-token-123.ics',
      source: 'canvas',
      label: 'School',
      last_synced_at: null,
      last_counts: null,
    });
    await student.as('POST', '/api/shares', {
      name: 'Mum',
      scope: { steps: true, focus: false, descriptions: false },
    });
  });

  it('exports everything as one JSON attachment, with links masked and no secrets', async () => {
    const res = await download(student, 'json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="brainboard-.*\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data.format).toBe('brainboard');
    expect((data.profile as Record<string, unknown>).id).toBe(student.uid);
    expect((data.assignments as unknown[]).length).toBe(3);
    expect(data.chats).toEqual([{ id: 'essay', messages: [{ role: 'user', content: 'hi' }] }]);
    expect(data.files).toEqual([
      {
        id: 'f1',
        name: 'reading.pdf',
        size: 1234,
        pages: null,
        assignment_id: null,
        created_at: null,
      },
    ]);
    expect((data.school_feeds as { url_masked: string }[])[0]!.url_masked).not.toContain(
      'secret-feed-token-123',
    );
    expect((data.supporters as { name: string }[]).map((s) => s.name)).toEqual(['Mum']);
    for (const secret of [
      'secret-refresh',
      'secret-feed-token-123',
      'csrf_token',
      'storage_path',
      'token_hash',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('exports the assignments as CSV (formulas defused) and as iCalendar', async () => {
    const csv = await download(student, 'csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'id,title,description,status,due_date,completed_date,steps_done,steps_total,steps,notes,focus_minutes',
    );
    expect(text).toContain('"Essay, ""draft"" one"');
    expect(text).toContain(`"'=SUM(A1) line one\nline two"`);
    const ics = await download(student, 'ics');
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const cal = await ics.text();
    expect(cal).toContain('BEGIN:VCALENDAR');
    expect(cal).toContain('SUMMARY:Essay');
    const bad = await download(student, 'xml');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      'format must be one of: json, csv, ics.',
    );
    expect((await call('GET', '/api/export?format=json')).status).toBe(401);
  });

  it('imports an export into a new account as the same board; again adds nothing', async () => {
    const content = await (await download(student, 'json')).text();
    const fresh = await person('import-student');
    const preview = await fresh.as('POST', '/api/import', {
      format: 'brainboard',
      content,
      dry_run: true,
    });
    expect(preview.status).toBe(200);
    expect(imported(preview)).toMatchObject({ added: 3, unchanged: 0, skipped: [] });
    expect((await fresh.as('GET', '/api/assignments')).body).toEqual([]);

    const first = await fresh.as('POST', '/api/import', { format: 'brainboard', content });
    expect(imported(first)).toMatchObject({ added: 3, unchanged: 0, skipped: [] });
    const mine = (await student.as('GET', '/api/assignments')).body as unknown as Assignment[];
    const theirs = (await fresh.as('GET', '/api/assignments')).body as unknown as Assignment[];
    expect(boardOf(theirs)).toEqual(boardOf(mine));

    const again = await fresh.as('POST', '/api/import', { format: 'brainboard', content });
    expect(imported(again)).toMatchObject({ added: 0, unchanged: 3, skipped: [] });
    expect(((await fresh.as('GET', '/api/assignments')).body as unknown as unknown[]).length).toBe(
      3,
    );
  });

  it('maps a Todoist CSV: sections to columns, sub-tasks to steps, notes, dates', async () => {
    const who = await person('todoist-student');
    const content = fixture('todoist.csv');
    const res = await who.as('POST', '/api/import', { format: 'todoist', content });
    expect(res.status).toBe(200);
    const report = imported(res);
    expect(report.added).toBe(4);
    expect(report.skipped).toEqual([
      { line: 9, reason: 'Due date "every monday" left out: not a date.' },
      { line: 12, reason: 'title is required.' },
    ]);
    const board = (await who.as('GET', '/api/assignments')).body as unknown as Assignment[];
    const byTitle = new Map(board.map((a) => [a.title, a]));
    const reading = byTitle.get('Read chapter 4 of the biology book')!;
    expect(reading).toMatchObject({ status: 'new', description: 'Pages 88-120' });
    expect(reading.due_date.startsWith('2026-12-03')).toBe(true);
    expect(reading.subtasks.map((s) => s.title)).toEqual([
      'Take notes on cell division',
      'Make flashcards',
    ]);
    expect(reading.notes.map((n) => n.text)).toEqual(['Ask Ms Patel about mitosis diagrams']);
    expect(byTitle.get('Essay: "Causes of the First World War"')!.due_date).toBe(
      '2026-12-10T17:00:00',
    );
    expect(byTitle.get('Maths problem set 7')).toMatchObject({
      status: 'in progress',
      due_date: '',
    });
    expect(byTitle.get('Hand in lab report')!.status).toBe('done');
    const again = await who.as('POST', '/api/import', { format: 'todoist', content });
    expect(imported(again)).toMatchObject({ added: 0, unchanged: 4 });
  });

  it('maps a Trello board: lists to columns by name, checklists to steps, due in the zone', async () => {
    const who = await person('trello-student');
    const content = fixture('trello.json');
    const preview = await who.as('POST', '/api/import', {
      format: 'trello',
      content,
      dry_run: true,
    });
    expect(imported(preview).preview.map((p) => [p.title, p.column, p.mapped_from])).toEqual([
      ['Chemistry revision', 'new', 'To Do'],
      ['History presentation', 'in progress', 'In Progress'],
      ['Spanish vocab quiz', 'done', 'Done'],
    ]);
    const res = await who.as('POST', '/api/import', { format: 'trello', content });
    expect(imported(res)).toMatchObject({
      added: 3,
      skipped: [
        { line: 4, reason: 'Archived in Trello.' },
        { line: 5, reason: 'Archived in Trello.' },
      ],
    });
    const board = (await who.as('GET', '/api/assignments')).body as unknown as Assignment[];
    const chem = board.find((a) => a.title === 'Chemistry revision')!;
    // 16:00 UTC on 4 December is 16:00 in London (GMT in winter).
    expect(chem.due_date).toBe('2026-12-04T16:00:00');
    expect(chem.description).toBe('Topics 3 and 4');
    expect(chem.subtasks.map((s) => [s.title, s.completed])).toEqual([
      ['Reread notes', true],
      ['Practice paper', false],
    ]);
    expect(
      imported(await who.as('POST', '/api/import', { format: 'trello', content })),
    ).toMatchObject({
      added: 0,
      unchanged: 3,
    });
  });

  it('imports and exports more cards than one write or one page holds', async () => {
    const who = await person('import-many');
    const count = 450;
    const content = JSON.stringify({
      format: 'brainboard',
      assignments: Array.from({ length: count }, (_, i) => ({
        id: `many-${String(i).padStart(3, '0')}`,
        title: `Card ${i}`,
        status: i % 2 ? 'done' : 'new',
      })),
    });
    const res = await who.as('POST', '/api/import', { format: 'brainboard', content });
    expect(imported(res)).toMatchObject({ added: count, unchanged: 0, skipped: [] });
    const data = JSON.parse(await (await download(who, 'json')).text()) as {
      assignments: { id: string }[];
    };
    const ids = data.assignments.map((a) => a.id);
    expect(new Set(ids).size).toBe(count);
    const csv = (await (await download(who, 'csv')).text()).trim().split('\r\n');
    expect(csv).toHaveLength(count + 1);
  });

  it('refuses what is not a file of its format, or too large, with a sentence', async () => {
    const who = await person('import-refusals');
    const notJson = await who.as('POST', '/api/import', { format: 'trello', content: 'nope' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toBe(
      'That file is not valid JSON. Choose a Trello board JSON export.',
    );
    const big = await who.as('POST', '/api/import', {
      format: 'todoist',
      content: 'x'.repeat(5 * 1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    expect(typeof big.body.error).toBe('string');
    const many = JSON.stringify({
      format: 'brainboard',
      assignments: Array.from({ length: 2001 }, (_, i) => ({ id: `c${i}`, title: `Card ${i}` })),
    });
    const tooMany = await who.as('POST', '/api/import', { format: 'brainboard', content: many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error).toMatch(/at most 2000/);
    expect((await who.as('POST', '/api/import', { format: 'csv', content: '' })).status).toBe(400);
  });
});

/** Each column's card ids, in the board's order (the list answers each column in order). */
function columnsOf(list: Assignment[]) {
  const columns: Record<string, string[]> = {};
  for (const a of list) (columns[a.status] ??= []).push(a.id);
  return columns;
}

describe('a Brainboard import brings repeats back, in board order', () => {
  const WEEKLY = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null };
  const SERIES = 'series-r-weekly';
  /** What a series holds that an import keeps (not when it was written). */
  const RULE_FIELDS = ['rrule', 'until', 'anchor', 'zone', 'template', 'stopped', 'open_id'];
  let owner: Person;
  let content: string;

  const board = async (who: Person) =>
    (await who.as('GET', '/api/assignments')).body as unknown as Assignment[];
  const seriesDoc = async (who: Person) => {
    const snap = await admin().db.doc(`users/${who.uid}/series/${SERIES}`).get();
    return snap.exists ? snap.data()! : null;
  };
  const ruleOf = (doc: Record<string, unknown> | null) =>
    doc && Object.fromEntries(RULE_FIELDS.map((f) => [f, doc[f]]));

  beforeAll(async () => {
    owner = await person('repeat-owner');
    // Created so that the board's order in the New column is not the order of their ids (the
    // export lists cards by id): soonest due first, no date last.
    const cards = [
      {
        id: 'r-weekly',
        title: 'Weekly reading',
        due_date: friday(1),
        repeat: WEEKLY,
        subtasks: [{ title: 'Read' }, { title: 'Summarise' }],
        reminders: [60],
      },
      { id: 'r-zeta', title: 'Due first', due_date: friday(0) },
      { id: 'r-alpha', title: 'No date' },
      { id: 'r-mid', title: 'In between', due_date: friday(3) },
      { id: 'r-done-b', title: 'Finished first', status: 'done' },
      { id: 'r-done-a', title: 'Finished second', status: 'done' },
    ];
    for (const card of cards) {
      expect((await owner.as('POST', '/api/assignment', card)).status).toBe(201);
    }
    // Finishing the repeat's first card brings its next one (due a week later).
    const done = await owner.as('PATCH', '/api/assignment', { id: 'r-weekly', status: 'done' });
    expect(done.status).toBe(200);
    const res = await download(owner, 'json');
    expect(res.status).toBe(200);
    content = await res.text();
  });

  it('recreates each repeat with its rule; the imported open card brings the next one', async () => {
    const mine = await board(owner);
    const openId = instanceIdOf(SERIES, friday(2));
    const repeating = mine.filter((a) => a.series_id === SERIES);
    expect(repeating.map((a) => [a.id, a.status]).sort()).toEqual([
      ['r-weekly', 'done'],
      [openId, 'new'],
    ]);
    const source = await seriesDoc(owner);
    expect(source).toMatchObject({ open_id: openId, stopped: false, rrule: WEEKLY.rrule });
    const exported = JSON.parse(content) as { series: { id: string }[] };
    expect(exported.series.map((s) => s.id)).toEqual([SERIES]);

    const fresh = await person('repeat-import');
    const preview = await fresh.as('POST', '/api/import', {
      format: 'brainboard',
      content,
      dry_run: true,
    });
    expect(imported(preview)).toMatchObject({ added: 7, unchanged: 0, skipped: [] });
    // A dry run writes nothing: no card and no repeat.
    expect(await board(fresh)).toEqual([]);
    expect(await seriesDoc(fresh)).toBeNull();

    const first = await fresh.as('POST', '/api/import', { format: 'brainboard', content });
    expect(imported(first)).toMatchObject({ added: 7, unchanged: 0, skipped: [] });
    expect(ruleOf(await seriesDoc(fresh))).toEqual(ruleOf(source));
    const theirs = await board(fresh);
    // The same cards, each with its series and repeat, in the same order in every column.
    expect(boardOf(theirs)).toEqual(boardOf(mine));
    expect(columnsOf(theirs)).toEqual(columnsOf(mine));
    expect(theirs.find((a) => a.id === openId)).toMatchObject({
      series_id: SERIES,
      repeat: WEEKLY,
    });

    // Finishing the imported open card brings the next one, as it would have on the old board.
    const finish = await fresh.as('PATCH', '/api/assignment', { id: openId, status: 'done' });
    expect(finish.status).toBe(200);
    const nextId = instanceIdOf(SERIES, friday(3));
    const next = (await board(fresh)).find((a) => a.id === nextId);
    expect(next).toMatchObject({
      title: 'Weekly reading',
      status: 'new',
      due_date: friday(3),
      series_id: SERIES,
      repeat: WEEKLY,
      reminders: [60],
    });
    expect(next!.subtasks.map((s) => [s.title, s.completed])).toEqual([
      ['Read', false],
      ['Summarise', false],
    ]);
    const after = await seriesDoc(fresh);
    expect(after).toMatchObject({ open_id: nextId });

    // Importing the same file again adds nothing and leaves the repeat as it is.
    const again = await fresh.as('POST', '/api/import', { format: 'brainboard', content });
    expect(imported(again)).toMatchObject({ added: 0, unchanged: 7, skipped: [] });
    expect(await seriesDoc(fresh)).toEqual(after);
    expect(await board(fresh)).toHaveLength(8);
  });

  it('brings the cards of a repeat it cannot keep as single cards, and says so', async () => {
    const data = JSON.parse(content) as {
      assignments: { id: string; series_id: string | null }[];
      series: { rrule: string }[];
    };
    data.series[0]!.rrule = 'FREQ=YEARLY';
    const line = data.assignments.findIndex((a) => a.series_id === SERIES) + 1;
    const who = await person('repeat-refused');
    const res = await who.as('POST', '/api/import', {
      format: 'brainboard',
      content: JSON.stringify(data),
    });
    expect(imported(res)).toMatchObject({
      added: 7,
      skipped: [
        {
          line,
          reason:
            'Repeat left out: repeat.rrule must be a rule such as FREQ=WEEKLY;BYDAY=FR (every week, every N days, or monthly on a day). Its 2 cards come in as single cards.',
        },
      ],
    });
    expect(await seriesDoc(who)).toBeNull();
    const cards = (await board(who)).filter((a) => a.title === 'Weekly reading');
    expect(cards.map((a) => [a.series_id, a.repeat])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
