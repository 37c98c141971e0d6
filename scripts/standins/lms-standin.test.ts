import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canvasFeed } from './lms-fixtures.ts';
import { startLmsStandin, type LmsStandin } from './lms-standin.ts';

const base = new Date(Date.UTC(2026, 10, 23));

describe('LMS stand-in', () => {
  let standin: LmsStandin;
  beforeAll(async () => {
    standin = await startLmsStandin({ port: 0, host: '127.0.0.1', base });
  });
  afterAll(async () => {
    await standin.close();
  });

  it('serves the fixtures as text/calendar', async () => {
    const res = await fetch(`${standin.url}feeds/canvas.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await res.text()).toBe(canvasFeed(base));
  });

  it('stores a PUT feed, serves it, and forgets it on reset', async () => {
    const body = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    expect((await fetch(`${standin.url}feeds/mine.ics`, { method: 'PUT', body })).status).toBe(204);
    expect(await (await fetch(`${standin.url}feeds/mine.ics`)).text()).toBe(body);
    await fetch(`${standin.url}__standin/reset`, { method: 'POST' });
    expect((await fetch(`${standin.url}feeds/mine.ics`)).status).toBe(404);
  });

  it('redirects where it is told', async () => {
    const res = await fetch(`${standin.url}redirect?to=https%3A%2F%2Fexample.edu%2F`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.edu/');
  });
});
