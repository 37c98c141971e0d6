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

  it('fails the next GETs of a feed when told, and says when each GET came', async () => {
    const feed = `${standin.url}feeds/canvas.ics`;
    const fail = await fetch(`${standin.url}__standin/fail?feed=canvas&times=2&status=503`, {
      method: 'POST',
    });
    expect(fail.status).toBe(200);
    expect((await fetch(feed)).status).toBe(503);
    expect((await fetch(feed)).status).toBe(503);
    expect((await fetch(feed)).status).toBe(200);
    const seen = (await (await fetch(`${standin.url}__standin/requests?feed=canvas`)).json()) as {
      times: number[];
    };
    expect(seen.times).toHaveLength(3);
    expect(seen.times).toEqual([...seen.times].sort((a, b) => a - b));
    const bad = await fetch(`${standin.url}__standin/fail?feed=canvas&status=200`, {
      method: 'POST',
    });
    expect(bad.status).toBe(400);
    await fetch(`${standin.url}__standin/reset`, { method: 'POST' });
    const after = (await (await fetch(`${standin.url}__standin/requests?feed=canvas`)).json()) as {
      times: number[];
    };
    expect(after.times).toEqual([]);
  });

  it('redirects where it is told', async () => {
    const res = await fetch(`${standin.url}redirect?to=https%3A%2F%2Fexample.edu%2F`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.edu/');
  });
});
