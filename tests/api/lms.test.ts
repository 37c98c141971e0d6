import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FEED_NOT_FOUND } from '../../functions/src/lms/routes.ts';
import { NOT_A_CALENDAR } from '../../functions/src/lms/parse.ts';
import { HTTPS_ONLY, REFUSED_ADDRESS, TOO_LARGE } from '../../functions/src/lms/safeFetch.ts';
import { FIXTURE_NAMES, startOfUtcDay, utc } from '../../scripts/standins/lms-fixtures.ts';
import { studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';

interface FeedAnswer {
  id: string;
  source: string;
  label: string;
  last_synced_at: string;
  counts: { added: number; updated: number; unchanged: number; gone: number };
  changes: string[];
  error?: string;
}
interface Card {
  id: string;
  title: string;
  due_date: string;
  status: string;
  source: { kind: string; feed_id: string; uid: string; course: string; url: string } | null;
  due_moved_from: string | null;
  source_gone: boolean;
}

const lms = () => inject('stack').lms;
const base = startOfUtcDay();

async function student(): Promise<As> {
  const user = await createTestUser('lms');
  return (await studentApi(user.idToken)).as;
}

/** A Canvas-shaped feed with these assignments (id, title, days from today, UTC time). */
function canvasTerm(items: [number, string, number, number, number][]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:icalendar-ruby',
    'X-WR-CALNAME:Term Student Calendar (Canvas)',
  ];
  for (const [id, title, days, hh, mm] of items) {
    lines.push(
      'BEGIN:VEVENT',
      `DTSTART:${utc(base, days, hh, mm)}`,
      `DTEND:${utc(base, days, hh, mm)}`,
      `SUMMARY:${title} [HIST200]`,
      `URL;VALUE=URI:https://canvas.example.edu/calendar#assignment_${id}`,
      `UID:event-assignment-${id}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

async function putFeed(name: string, body: string): Promise<string> {
  const url = `${lms()}feeds/${name}.ics`;
  const res = await fetch(url, { method: 'PUT', body });
  expect(res.status).toBe(204);
  return url;
}

async function cards(as: As): Promise<Card[]> {
  const res = await as('GET', '/api/assignments');
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as Card[];
}

/** Today plus `days` as YYYY-MM-DD (UTC, the zone of a student without one). */
const isoDay = (days: number) =>
  new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const byTitle = (list: Card[], title: string) => list.filter((c) => c.title === title);

describe('importing each fixture feed', () => {
  it.each(FIXTURE_NAMES)('%s: preview, import, cards with their course', async (name) => {
    const as = await student();
    const url = `${lms()}feeds/${name}.ics`;
    const preview = await as('POST', '/api/lms-feeds/preview', { url });
    expect(preview.status, preview.text).toBe(200);
    const items = preview.body.items as { title: string; course: string; due_date: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.course).not.toBe('');
      expect(item.due_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    }
    const created = await as('POST', '/api/lms-feeds', { url });
    expect(created.status, created.text).toBe(201);
    const feed = created.body as unknown as FeedAnswer;
    expect(feed.counts).toEqual({ added: items.length, updated: 0, unchanged: 0, gone: 0 });
    console.log(
      `[lms] ${name}: ${feed.label}, ${items.length} items: ` +
        items.map((i) => `${i.course} ${i.title} ${i.due_date}`).join('; '),
    );
    const list = await cards(as);
    expect(list).toHaveLength(items.length);
    for (const card of list) {
      expect(card.status).toBe('new');
      expect(card.source).toMatchObject({ kind: 'lms', feed_id: feed.id });
      expect(card.source?.course).not.toBe('');
      expect(card.due_moved_from).toBeNull();
      expect(card.source_gone).toBe(false);
    }
    // New cards are placed by due date.
    const dues = list.map((c) => c.due_date);
    expect(dues).toEqual([...dues].sort());
  });
});

describe('a scripted term on one feed', () => {
  let as: As;
  let url: string;
  let feedId: string;
  const name = `term-${Date.now()}`;
  const sync = async () => {
    const res = await as('POST', `/api/lms-feeds/${feedId}/sync`);
    expect(res.status, res.text).toBe(200);
    return res.body as unknown as FeedAnswer;
  };

  beforeAll(async () => {
    as = await student();
    url = await putFeed(
      name,
      canvasTerm([
        [1, 'Old quiz', -20, 23, 59],
        [2, 'Source analysis', 3, 23, 59],
        [3, 'Map exercise', 5, 17, 0],
        [4, 'Timeline', 7, 23, 59],
        [5, 'Primary sources', 9, 12, 0],
      ]),
    );
    const created = await as('POST', '/api/lms-feeds', { url });
    expect(created.status, created.text).toBe(201);
    const feed = created.body as unknown as FeedAnswer;
    feedId = feed.id;
    // The one due more than 14 days ago is skipped.
    expect(feed.counts).toEqual({ added: 4, updated: 0, unchanged: 0, gone: 0 });
    console.log(`[lms] term import: ${JSON.stringify(feed.counts)}`);
  });

  it('ten syncs add nothing twice, and adding the same link again keeps one feed', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await sync()).counts).toEqual({ added: 0, updated: 0, unchanged: 4, gone: 0 });
    }
    const again = await as('POST', '/api/lms-feeds', { url });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(feedId);
    expect(await cards(as)).toHaveLength(4);
    const list = await as('GET', '/api/lms-feeds');
    expect((list.body.feeds as FeedAnswer[]).map((f) => f.id)).toEqual([feedId]);
  });

  it('moves, edits kept, gone, done stays done, and a new item once', async () => {
    const before = await cards(as);
    const card = (title: string) => byTitle(before, title)[0] as Card;
    // The student finishes one, retitles one and sets their own date on another.
    for (const [id, fields] of [
      [card('Source analysis').id, { status: 'done' }],
      [card('Map exercise').id, { title: 'Map exercise (with Ana)' }],
      [card('Timeline').id, { due_date: `${card('Timeline').due_date.slice(0, 10)}T09:00:00` }],
    ] as const) {
      const res = await as('PATCH', '/api/assignment', { id, ...fields });
      expect(res.status, res.text).toBe(200);
    }
    // The LMS moves every date, renames "Map exercise", drops "Primary sources", adds one.
    await putFeed(
      name,
      canvasTerm([
        [1, 'Old quiz', -20, 23, 59],
        [2, 'Source analysis', 4, 23, 59],
        [3, 'Map exercise v2', 6, 17, 0],
        [4, 'Timeline', 8, 23, 59],
        [6, 'Essay plan', 12, 23, 59],
      ]),
    );
    const result = await sync();
    console.log(`[lms] term sync after changes: ${JSON.stringify(result.counts)}`);
    expect(result.counts).toEqual({ added: 1, updated: 3, unchanged: 0, gone: 1 });
    expect(result.changes).toContain('Added: Essay plan');
    expect(result.changes).toContain('No longer in Canvas: Primary sources');

    const after = await cards(as);
    expect(after).toHaveLength(5);
    const done = byTitle(after, 'Source analysis')[0] as Card;
    expect(done.status).toBe('done');
    expect(done.due_date).toBe(`${isoDay(4)}T23:59:00`);
    expect(done.due_moved_from).toBe(card('Source analysis').due_date);
    // The student's title stays; the LMS's new date is taken.
    const renamed = byTitle(after, 'Map exercise (with Ana)')[0] as Card;
    expect(renamed.due_moved_from).toBe(card('Map exercise').due_date);
    expect(renamed.due_date).not.toBe(card('Map exercise').due_date);
    // The student's own date stays.
    const own = byTitle(after, 'Timeline')[0] as Card;
    expect(own.due_date.slice(11)).toBe('09:00:00');
    expect(own.due_moved_from).toBeNull();
    const gone = byTitle(after, 'Primary sources')[0] as Card;
    expect(gone.source_gone).toBe(true);
    expect(byTitle(after, 'Essay plan')).toHaveLength(1);

    // Nothing more happens on the next sync; done stays done.
    expect((await sync()).counts).toEqual({ added: 0, updated: 0, unchanged: 4, gone: 0 });
    expect(byTitle(await cards(as), 'Source analysis')[0]?.status).toBe('done');
  });

  it('two syncs at once add a new item once', async () => {
    await putFeed(
      name,
      canvasTerm([
        [2, 'Source analysis', 4, 23, 59],
        [3, 'Map exercise v2', 6, 17, 0],
        [4, 'Timeline', 8, 23, 59],
        [6, 'Essay plan', 13, 23, 59],
        [7, 'Final project', 20, 23, 59],
      ]),
    );
    const [a, b] = await Promise.all([sync(), sync()]);
    expect((a as FeedAnswer).counts.added + (b as FeedAnswer).counts.added).toBe(1);
    const list = await cards(as);
    expect(byTitle(list, 'Final project')).toHaveLength(1);
    expect(byTitle(list, 'Essay plan')).toHaveLength(1);
    expect(list).toHaveLength(6);
  });

  it('removing the feed keeps its cards; its id is then unknown', async () => {
    const del = await as('DELETE', `/api/lms-feeds/${feedId}`);
    expect(del.status, del.text).toBe(200);
    expect(await cards(as)).toHaveLength(6);
    const again = await as('POST', `/api/lms-feeds/${feedId}/sync`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(FEED_NOT_FOUND);
  });
});

describe('the scheduled sync', () => {
  it('takes a feed whose turn has come, as the production schedule does', async () => {
    const as = await student();
    const name = `scheduled-${Date.now()}`;
    const url = await putFeed(name, canvasTerm([[1, 'Scheduled essay', 3, 23, 59]]));
    const created = await as('POST', '/api/lms-feeds', { url });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    await putFeed(name, canvasTerm([[1, 'Scheduled essay', 4, 23, 59]]));
    // Its turn comes now (normally 4 hours after the last sync).
    await admin()
      .db.collection('lms_feeds')
      .doc(id)
      .update({ next_sync_at: new Date(Date.now() - 1000).toISOString() });
    await expect
      .poll(async () => (await cards(as))[0]?.due_date, { timeout: 20_000, interval: 500 })
      .toBe(`${isoDay(4)}T23:59:00`);
    const feeds = (await as('GET', '/api/lms-feeds')).body.feeds as FeedAnswer[];
    expect(feeds[0]?.changes).toEqual(['Moved: Scheduled essay']);
  });
});

describe('fetching only what is safe', () => {
  let as: As;
  beforeAll(async () => {
    as = await student();
  });
  const refused = async (url: string, error: string) => {
    const res = await as('POST', '/api/lms-feeds/preview', { url });
    expect(res.status, `${url}: ${res.text}`).toBe(400);
    expect(res.body.error, url).toBe(error);
  };

  it('refuses loopback outside the stand-in, in every spelling', async () => {
    const api = new URL(inject('stack').api);
    const lmsUrl = new URL(lms());
    await refused(`${api.origin}/api/health`, HTTPS_ONLY);
    await refused(`http://localhost:${lmsUrl.port}/feeds/canvas.ics`, HTTPS_ONLY);
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${api.port}`,
      `127.0.0.1:${lmsUrl.port}`,
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:0:0:1]',
      '0.0.0.0',
      '[::]',
      'localhost',
    ]) {
      await refused(`https://${host}/feeds/canvas.ics`, REFUSED_ADDRESS);
    }
  });

  it('refuses private, link-local and metadata addresses, also after a redirect', async () => {
    for (const host of ['10.0.0.1', '192.168.1.10', '172.16.0.5', '169.254.169.254', '[fe80::1]']) {
      await refused(`https://${host}/calendar.ics`, REFUSED_ADDRESS);
    }
    await refused(
      `${lms()}redirect?to=${encodeURIComponent('https://169.254.169.254/latest/meta-data/')}`,
      REFUSED_ADDRESS,
    );
    await refused(
      `${lms()}redirect?to=${encodeURIComponent(`${inject('stack').api}/health`)}`,
      HTTPS_ONLY,
    );
  });

  it('refuses a feed over 5 MB, a page that is not a calendar, and a missing feed', async () => {
    await refused(`${lms()}huge.ics`, TOO_LARGE);
    await refused(`${lms()}page.html`, NOT_A_CALENDAR);
    await refused(
      `${lms()}feeds/nothing-here.ics`,
      'Your school did not accept that link. It may have been reset: copy the calendar feed link again.',
    );
    await refused('ftp://example.edu/calendar.ics', HTTPS_ONLY);
  });
});
