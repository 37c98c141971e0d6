import { describe, expect, it } from 'vitest';
import { call, studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { inZone } from '../support/syllabus.ts';

async function student(zone = 'America/New_York'): Promise<{ id: string; as: As; token: string }> {
  const user = await createTestUser('capture');
  const { id, as } = await studentApi(user.idToken);
  await inZone(as, id, zone);
  return { id, as, token: user.idToken };
}

/** The date of the next `weekday` (0 Sunday) after today in `zone`, as YYYY-MM-DD. */
function nextWeekday(weekday: number, zone: string): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: zone }));
  const days = (weekday - today.getDay() + 7) % 7 || 7;
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('POST /api/capture/parse', () => {
  it('reads one task in plain words on the student’s clock, writing nothing', async () => {
    const me = await student();
    const res = await me.as('POST', '/api/capture/parse', {
      text: 'history essay fri 5pm',
      mode: 'one',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      items: [
        { title: 'History essay', due_date: `${nextWeekday(5, 'America/New_York')}T17:00:00` },
      ],
      read_by: 'rules',
      unreadable: 0,
    });
    expect(((await me.as('GET', '/api/assignments')).body as unknown as unknown[]).length).toBe(0);
  });

  it('uses the student’s default time and says when it found no date', async () => {
    const me = await student();
    const bad = await me.as('PATCH', `/api/user/${me.id}`, { default_due_time: '25:00' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'default_due_time must be a 24-hour time such as 23:59.',
    });
    await me.as('PATCH', `/api/user/${me.id}`, { default_due_time: '08:30' });
    const dated = await me.as('POST', '/api/capture/parse', { text: 'lab report due fri' });
    expect((dated.body as { items: { due_date: string }[] }).items[0]?.due_date).toBe(
      `${nextWeekday(5, 'America/New_York')}T08:30:00`,
    );
    const none = await me.as('POST', '/api/capture/parse', { text: 'read ch 4' });
    expect(none.body).toMatchObject({ items: [{ title: 'Read ch 4', due_date: null }] });
  });

  it('reads the locale’s date order', async () => {
    const me = await student();
    const us = await me.as('POST', '/api/capture/parse', { text: 'lab 3/12', locale: 'en-US' });
    const gb = await me.as('POST', '/api/capture/parse', { text: 'lab 3/12', locale: 'en-GB' });
    const dueOf = (r: typeof us) =>
      (r.body as { items: { due_date: string }[] }).items[0]!.due_date;
    expect(dueOf(us).slice(5, 10)).toBe('03-12');
    expect(dueOf(gb).slice(5, 10)).toBe('12-03');
  });

  it('a brain dump with AI Help off: one proposal per line or sentence', async () => {
    const me = await student();
    const res = await me.as('POST', '/api/capture/parse', {
      mode: 'many',
      text: 'I have a chem lab on Thursday. Start the essay outline.\nMath problem set due Monday morning',
    });
    expect(res.body).toMatchObject({
      read_by: 'rules',
      items: [
        { title: 'I have a chem lab', due_date: `${nextWeekday(4, 'America/New_York')}T23:59:00` },
        { title: 'Start the essay outline', due_date: null },
        { title: 'Math problem set', due_date: `${nextWeekday(1, 'America/New_York')}T09:00:00` },
      ],
    });
  });

  it('a brain dump with AI Help on: the model’s proposals with steps, unreadable ones counted', async () => {
    const me = await student();
    await me.as('PATCH', `/api/user/${me.id}`, { ai_help_enabled: true });
    const res = await me.as('POST', '/api/capture/parse', {
      mode: 'many',
      text: 'Chem lab report due fri 5pm. Start the essay outline. [[standin:bad-items]]',
    });
    expect(res.status, res.text).toBe(200);
    const body = res.body as {
      read_by: string;
      unreadable: number;
      items: { title: string; due_date: string | null; steps: string[] }[];
    };
    expect(body.read_by).toBe('ai');
    expect(body.unreadable).toBe(2);
    expect(body.items.map((i) => [i.title, i.due_date])).toEqual([
      ['Chem lab report', `${nextWeekday(5, 'America/New_York')}T17:00:00`],
      ['Start the essay outline', null],
    ]);
    expect(body.items[0]?.steps.length).toBeGreaterThan(0);
  });

  it('refuses text over 5,000 characters, a bad mode and unknown fields with a sentence', async () => {
    const me = await student();
    const long = await me.as('POST', '/api/capture/parse', { text: 'a'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'text must be at most 5000 characters.' });
    const mode = await me.as('POST', '/api/capture/parse', { text: 'x', mode: 'all' });
    expect(mode.body).toEqual({ error: 'mode must be "one" or "many".' });
    const extra = await me.as('POST', '/api/capture/parse', { text: 'x', when: 'now' });
    expect(extra.body).toEqual({ error: 'Unknown field: when.' });
    const empty = await me.as('POST', '/api/capture/parse', { text: '   ' });
    expect(empty.body).toEqual({ error: 'text is required.' });
  });

  it('needs sign-in and the CSRF header', async () => {
    const me = await student();
    expect((await call('POST', '/api/capture/parse', { body: { text: 'x' } })).status).toBe(401);
    const noCsrf = await call('POST', '/api/capture/parse', {
      token: me.token,
      body: { text: 'x' },
    });
    expect(noCsrf.status).toBe(403);
  });
});
