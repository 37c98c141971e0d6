import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { startOfUtcDay, utc } from '../../scripts/standins/lms-fixtures.ts';
import { call, sessionOf, studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { testDevice } from '../support/push.ts';

/**
 * One set of text rules for every way in (docs/product.md, Text rules): the API, a school feed's
 * import, a device's name, and what leaves for a calendar. Control characters and bidirectional
 * controls never get stored, text with nothing visible counts as blank, a broken character is
 * refused with a sentence, and an import is cut to the limits with "…".
 */

/** Any control character but the line break and the tab a multi-line field keeps. */
const CONTROL = /(?![\n\t])\p{Cc}/u;
/** Line breaks and tabs, which no single-line field keeps. */
const BREAKS = /[\t\n\r\u2028\u2029]/;
/** The bidirectional controls: embeddings, overrides, isolates and marks. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const clean = (value: string, multiLine = false) =>
  !CONTROL.test(value) && !BIDI.test(value) && (multiLine || !BREAKS.test(value));

interface Card {
  id: string;
  title: string;
  description: string;
  subtasks: { id: string; title: string }[];
  notes: { id: string; text: string }[];
  source: { course: string } | null;
}

async function student(): Promise<{ id: string; as: As; token: string; csrf: string }> {
  const user = await createTestUser('text');
  const { id, as } = await studentApi(user.idToken);
  const { csrf_token: csrf } = await sessionOf(user);
  return { id, as, token: user.idToken, csrf };
}

async function storedDoc(uid: string, id: string): Promise<Record<string, unknown>> {
  const snap = await admin()
    .db.collection('users')
    .doc(uid)
    .collection('assignments')
    .doc(id)
    .get();
  return snap.data() ?? {};
}

describe('assignments through the API', () => {
  let as: As;
  let uid: string;
  beforeAll(async () => {
    ({ as, id: uid } = await student());
  });

  it('stores titles, descriptions, subtasks and notes without control or bidi characters', async () => {
    const created = await as('POST', '/api/assignment', {
      title: ' Essay\u0000 draft\u202Efdp.exe\u0007\r\n',
      description: 'Line one\r\nLine\u0000 two\tand a tab\u202E\u2066x\u2069\u001B[31m',
      subtasks: [{ id: 'subtask-text-1', title: 'Read\u0000 chapter\n2\u200F' }],
      notes: [{ id: 'note-text-1', text: 'First\u0008 line\nsecond\u202D line' }],
    });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item as Card;
    expect(item.title).toBe('Essay draftfdp.exe');
    expect(item.description).toBe('Line one\nLine two\tand a tabx[31m');
    expect(item.subtasks[0]?.title).toBe('Read chapter 2');
    expect(item.notes[0]?.text).toBe('First line\nsecond line');

    const doc = await storedDoc(uid, item.id);
    expect(doc.title).toBe('Essay draftfdp.exe');
    expect(doc.description).toBe('Line one\nLine two\tand a tabx[31m');

    const patched = await as('PATCH', '/api/assignment', {
      id: item.id,
      title: 'Lab\u0000 report\u202E',
      description: '\u2067Notes\u0000\r\nend',
    });
    expect(patched.status, patched.text).toBe(200);
    const after = patched.body.item as Card;
    expect(after.title).toBe('Lab report');
    expect(after.description).toBe('Notes\nend');

    const subtask = await as('POST', `/api/assignment/${item.id}/subtasks`, {
      id: 'subtask-text-2',
      title: 'Plan\u0000\u202E it',
    });
    expect(subtask.status, subtask.text).toBe(201);
    const renamed = await as('PATCH', `/api/assignment/${item.id}/subtasks/subtask-text-2`, {
      title: 'Plan\u0007 it\ttoday',
    });
    expect(renamed.status, renamed.text).toBe(200);
    const note = await as('POST', `/api/assignment/${item.id}/notes`, {
      id: 'note-text-2',
      text: 'Ask\u0000 Ana\u202E',
    });
    expect(note.status, note.text).toBe(201);

    const stored = await storedDoc(uid, item.id);
    const subtasks = stored.subtasks as Record<string, { title: string }>;
    const notes = stored.notes as Record<string, { text: string }>;
    expect(subtasks['subtask-text-2']?.title).toBe('Plan it today');
    expect(notes['note-text-2']?.text).toBe('Ask Ana');
    for (const s of Object.values(subtasks)) expect(clean(s.title), s.title).toBe(true);
    for (const n of Object.values(notes)) expect(clean(n.text, true), n.text).toBe(true);
  });

  it('keeps emoji, combining marks and right-to-left text as typed', async () => {
    const title = 'مقال التاريخ 📚 שיעורי בית 👩🏽‍💻 café e\u0301 🇩🇪';
    const description = 'واجب الرياضيات\nמטלה 2 (פרק 3)\n❤️';
    const created = await as('POST', '/api/assignment', { title, description });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item as Card;
    expect(item.title).toBe(title);
    expect(item.description).toBe(description);
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['a bidi override and controls', '\u202E\u0000\u0007'],
    ['a word joiner, a BOM and spaces', ' \u2060\uFEFF\t'],
  ])('a title of only %s answers "title is required." on create and update', async (_, title) => {
    const created = await as('POST', '/api/assignment', { title });
    expect(created.status, created.text).toBe(400);
    expect(created.body).toEqual({ error: 'title is required.' });
    const existing = await as('POST', '/api/assignment', { title: 'Kept' });
    const patched = await as('PATCH', '/api/assignment', {
      id: (existing.body.item as Card).id,
      title,
    });
    expect(patched.status, patched.text).toBe(400);
    expect(patched.body).toEqual({ error: 'title is required.' });
  });

  it('refuses a lone surrogate with a sentence on create and update, sent as a raw escape', async () => {
    const { token, csrf } = await student();
    for (const [method, body] of [
      ['POST', '{"title":"Essay \\ud83d draft"}'],
      ['POST', '{"title":"Essay","description":"a\\udc00b"}'],
      ['PATCH', '{"id":"whatever-id","title":"ab\\ud800c"}'],
    ] as const) {
      const res = await call(method, '/api/assignment', { token, csrf, rawBody: body });
      expect(res.status, res.text).toBe(400);
      expect(String(res.body.error)).toMatch(
        /^(title|description) contains a broken character\. Please retype it\.$/,
      );
    }
  });

  it('keeps the limits and their sentences: 125 for a title, 2000 for a description', async () => {
    const long = await as('POST', '/api/assignment', { title: 'x'.repeat(126) });
    expect(long.body).toEqual({ error: 'title must be at most 125 characters.' });
    const desc = await as('POST', '/api/assignment', {
      title: 'Essay',
      description: 'y'.repeat(2001),
    });
    expect(desc.body).toEqual({ error: 'description must be at most 2000 characters.' });
  });
});

describe('a school feed import', () => {
  const base = startOfUtcDay();
  const longTitle = `Long ${'t'.repeat(195)}`;
  const longDescription = `Read ${'d'.repeat(4995)}`;

  /** A plain iCalendar feed (not a known LMS): the title is the SUMMARY, the course CATEGORIES. */
  function hostileFeed(): string {
    const events: [string, string, string, string][] = [
      ['long', longTitle, longDescription, 'HIST200'],
      ['nul', 'Essay\u0000 draft\u0007', 'Line\u0000 one\\nLine two\u001B', 'ENG\u0000101'],
      ['bidi', 'Homework\u202Efdp.exe', '\u2066Isolated\u2069 text\u200F', 'BIO\u202E101'],
      ['blank', '\u200B\u200C\u2060', 'Nothing visible in the title', 'ART100'],
      ['rtl', 'واجب الرياضيات 📐', 'מטלה 2', 'MATH'],
    ];
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example School//Feed//EN'];
    for (const [uid, summary, description, course] of events) {
      lines.push(
        'BEGIN:VEVENT',
        `UID:text-rules-${uid}`,
        `DTSTAMP:${utc(base, 0, 8, 0)}`,
        `DTSTART:${utc(base, 3, 23, 59)}`,
        `SUMMARY:${summary}`,
        `DESCRIPTION:${description}`,
        `CATEGORIES:${course}`,
        'END:VEVENT',
      );
    }
    lines.push('END:VCALENDAR');
    return `${lines.join('\r\n')}\r\n`;
  }

  it('stores titles and descriptions cut to the limits with "…" and cleaned; a blank title is skipped', async () => {
    const { as, id: uid } = await student();
    const url = `${inject('stack').lms}feeds/text-rules-${Date.now()}.ics`;
    expect((await fetch(url, { method: 'PUT', body: hostileFeed() })).status).toBe(204);

    const preview = await as('POST', '/api/lms-feeds/preview', { url });
    expect(preview.status, preview.text).toBe(200);
    const items = preview.body.items as { title: string; course: string }[];
    for (const item of items) {
      expect(clean(item.title), JSON.stringify(item.title)).toBe(true);
      expect(clean(item.course), JSON.stringify(item.course)).toBe(true);
    }

    const created = await as('POST', '/api/lms-feeds', { url });
    expect(created.status, created.text).toBe(201);
    const list = (await as('GET', '/api/assignments')).body as unknown as Card[];
    const titles = list.map((c) => c.title).sort();
    console.log(
      `[text rules] imported titles: ${JSON.stringify(titles.map((t) => t.slice(0, 30)))}`,
    );
    expect(list).toHaveLength(4);

    const long = list.find((c) => c.title.startsWith('Long '));
    expect(long?.title).toHaveLength(125);
    expect(long?.title).toBe(`${longTitle.slice(0, 124)}…`);
    expect(long?.description).toHaveLength(2000);
    expect(long?.description).toBe(`${longDescription.slice(0, 1999)}…`);

    expect(titles).toContain('Essay draft');
    expect(titles).toContain('Homeworkfdp.exe');
    expect(titles).toContain('واجب الرياضيات 📐');
    expect(list.some((c) => c.description === 'Nothing visible in the title')).toBe(false);

    const nul = list.find((c) => c.title === 'Essay draft');
    expect(nul?.description).toBe('Line one\nLine two');
    expect(nul?.source?.course).toBe('ENG101');
    const bidi = list.find((c) => c.title === 'Homeworkfdp.exe');
    expect(bidi?.description).toBe('Isolated text');
    expect(bidi?.source?.course).toBe('BIO101');

    for (const card of list) {
      const doc = await storedDoc(uid, card.id);
      expect(clean(String(doc.title)), JSON.stringify(doc.title)).toBe(true);
      expect(clean(String(doc.description), true), JSON.stringify(doc.description)).toBe(true);
      expect(String(doc.title).length).toBeLessThanOrEqual(125);
      expect(String(doc.description).length).toBeLessThanOrEqual(2000);
    }
  });
});

describe('device names', () => {
  const subscribeBody = (deviceNameJson: string) => {
    const device = testDevice();
    return (
      `{"subscription":${JSON.stringify({ endpoint: device.endpoint, keys: device.keys })},` +
      `"device_name":${deviceNameJson}}`
    );
  };

  it('refuses a lone surrogate with a 400 and a sentence, not a 500', async () => {
    const { token, csrf } = await student();
    const res = await call('POST', '/api/push/subscriptions', {
      token,
      csrf,
      rawBody: subscribeBody('"ab\\ud800c"'),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({
      error: 'device_name contains a broken character. Please retype it.',
    });
  });

  it('refuses a push address with a lone surrogate with a 400, never storing it', async () => {
    const { token, csrf } = await student();
    const device = testDevice();
    const endpoint = JSON.stringify(device.endpoint).slice(0, -1) + '\\ud800"';
    const res = await call('POST', '/api/push/subscriptions', {
      token,
      csrf,
      rawBody: `{"subscription":{"endpoint":${endpoint},"keys":${JSON.stringify(device.keys)}},"device_name":"Phone"}`,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({
      error: 'subscription.endpoint contains a broken character. Please retype it.',
    });
  });

  it('stores a name with NUL, CR/LF and U+202E cleaned, and refuses one of only zero-width characters', async () => {
    const { as, token, csrf } = await student();
    const cases: [string, string][] = [
      ['"My\\u0000 phone"', 'My phone'],
      ['"Work\\r\\nlaptop"', 'Work laptop'],
      ['"Tablet\\u202Ecod.exe"', 'Tabletcod.exe'],
    ];
    for (const [json] of cases) {
      const res = await call('POST', '/api/push/subscriptions', {
        token,
        csrf,
        rawBody: subscribeBody(json),
      });
      expect(res.status, res.text).toBe(201);
    }
    const devices = (await as('GET', '/api/push/subscriptions')).body as unknown as {
      device_name: string;
    }[];
    expect(devices.map((d) => d.device_name).sort()).toEqual(cases.map(([, name]) => name).sort());

    const blank = await call('POST', '/api/push/subscriptions', {
      token,
      csrf,
      rawBody: subscribeBody('"\\u200b\\u200d\\ufeff"'),
    });
    expect(blank.status, blank.text).toBe(400);
    expect(blank.body).toEqual({ error: 'device_name is required.' });
  });
});

describe('the calendar feed', () => {
  async function feedText(as: As): Promise<string> {
    const link = await as('GET', '/api/calendar-feed');
    expect(link.status, link.text).toBe(200);
    const res = await fetch(`${inject('stack').api}${new URL(String(link.body.url)).pathname}`);
    expect(res.status).toBe(200);
    return res.text();
  }

  /** Every control character of the file other than its CRLF line ends. */
  const controlsIn = (ics: string) =>
    [...ics.replace(/\r\n/g, '')].filter((ch) => /\p{Cc}/u.test(ch)).map((ch) => ch.codePointAt(0));

  it('never carries a control character: a NUL typed into a title never reaches SUMMARY', async () => {
    const { as, id: uid } = await student();
    const typed = await as('POST', '/api/assignment', {
      title: 'Lab\u0000 report',
      description: 'Bring\u0007 goggles\tand a pen',
      due_date: '2031-03-09T09:00:00',
    });
    expect(typed.status, typed.text).toBe(201);
    // A card stored before these rules existed still leaves clean.
    const old = admin().db.collection('users').doc(uid).collection('assignments').doc('old-card');
    await old.set({
      title: 'Old\u0000 quiz\u202E',
      description: 'Line\u0000 one\u001B\nLine two\t!',
      due_date: '2031-03-10T14:30:00',
      status: 'new',
      subtasks: {},
      notes: {},
      rank: 0,
      version: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });

    const ics = await feedText(as);
    expect(controlsIn(ics)).toEqual([]);
    expect(BIDI.test(ics)).toBe(false);
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
    expect(events.map((e) => String(e.getFirstPropertyValue('summary'))).sort()).toEqual([
      'Lab report',
      'Old quiz',
    ]);
    const oldEvent = events.find((e) => e.getFirstPropertyValue('summary') === 'Old quiz');
    expect(String(oldEvent?.getFirstPropertyValue('description'))).toMatch(
      /^Line one\nLine two !\n\nOpen in Brainboard: /,
    );
  });
});
