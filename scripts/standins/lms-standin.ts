// Local stand-in for schools' LMS calendar feeds (iCalendar over HTTP).
//
//   GET  /feeds/<name>.ics   the stored feed (text/calendar); 404 when there is none
//   PUT  /feeds/<name>.ics   stores the request body as that feed (204), for tests to change one
//   POST /__standin/reset    forgets PUT feeds, failures and requests; restores the fixtures
//   POST /__standin/fail?feed=<name>&times=<n>&status=<code>
//                            the next n GETs of that feed answer that status (default 503),
//                            as a school's server that is down for a while
//   GET  /__standin/requests?feed=<name>
//                            { "times": [...] }: when each GET of that feed came (ms since epoch)
//
// It starts with the four fixture feeds of lms-fixtures.ts, dated from today:
// /feeds/canvas.ics, /feeds/moodle.ics, /feeds/blackboard.ics, /feeds/classroom.ics.
//
// Misbehaving servers, for the fetch's safety checks:
//   GET /redirect?to=<url>   302 to that URL
//   GET /huge.ics            a 6 MB calendar, streamed without Content-Length
//   GET /slow.ics            headers, then nothing until the client gives up
//   GET /page.html           an HTML page (not a calendar)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answeringErrors, BodyTooLargeError, listen, readBody, sendJson } from './http-util.ts';
import { FIXTURE_NAMES, fixtureFeed, startOfUtcDay } from './lms-fixtures.ts';

export interface LmsStandin {
  /** Base URL, ending with '/'. */
  url: string;
  close(): Promise<void>;
}

const FEED_PATH = /^\/feeds\/([A-Za-z0-9_-]{1,100})\.ics$/;
const MAX_FEEDS = 2000;

export async function startLmsStandin(options: {
  port: number;
  host: string;
  /** The day fixture dates count from (default: today, 00:00 UTC). */
  base?: Date;
}): Promise<LmsStandin> {
  const feeds = new Map<string, string>();
  /** Feeds told to fail: how many GETs still fail, and with which status. */
  const failing = new Map<string, { times: number; status: number }>();
  const requests = new Map<string, number[]>();
  const reset = () => {
    feeds.clear();
    failing.clear();
    requests.clear();
    const base = options.base ?? startOfUtcDay();
    for (const name of FIXTURE_NAMES) feeds.set(name, fixtureFeed(name, base));
  };
  reset();
  const slow = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const feed = FEED_PATH.exec(url.pathname);
    if (feed) {
      const name = feed[1] as string;
      if (req.method === 'PUT') {
        if (!feeds.has(name) && feeds.size >= MAX_FEEDS) {
          sendJson(res, 507, { error: 'too many feeds' });
          return;
        }
        feeds.set(name, await readBody(req));
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET') {
        if (requests.size < MAX_FEEDS || requests.has(name)) {
          requests.set(name, [...(requests.get(name) ?? []), Date.now()]);
        }
        const failure = failing.get(name);
        if (failure && failure.times > 0) {
          failure.times--;
          sendJson(res, failure.status, { error: 'told to fail' });
          return;
        }
        const body = feeds.get(name);
        if (body === undefined) {
          sendJson(res, 404, { error: 'no such feed' });
          return;
        }
        res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
        res.end(body);
        return;
      }
    }
    if (req.method === 'POST' && url.pathname === '/__standin/fail') {
      const name = url.searchParams.get('feed') ?? '';
      const times = Number(url.searchParams.get('times') ?? 1);
      const status = Number(url.searchParams.get('status') ?? 503);
      if (
        !/^[A-Za-z0-9_-]{1,100}$/.test(name) ||
        !Number.isInteger(times) ||
        times < 0 ||
        !Number.isInteger(status) ||
        status < 400 ||
        status > 599 ||
        (!failing.has(name) && failing.size >= MAX_FEEDS)
      ) {
        sendJson(res, 400, { error: 'feed, times (0 or more) and status (4xx or 5xx) please' });
        return;
      }
      failing.set(name, { times, status });
      sendJson(res, 200, { ok: true });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/__standin/requests') {
      sendJson(res, 200, { times: requests.get(url.searchParams.get('feed') ?? '') ?? [] });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/__standin/reset') {
      reset();
      sendJson(res, 200, { ok: true });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/huge.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
      const line = `X-PADDING:${'x'.repeat(1000)}\r\n`;
      let sent = 0;
      const pump = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += line.length;
          if (!res.write(line)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('END:VCALENDAR\r\n');
      };
      res.on('close', () => (sent = Infinity));
      pump();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/slow.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
      slow.add(res);
      res.on('close', () => slow.delete(res));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Calendar</title><p>Sign in to see your calendar.</p>');
      return;
    }
    sendJson(res, 404, { error: 'not found' });
  };

  const listening = await listen(
    answeringErrors(handle, (res, err) =>
      sendJson(res, err instanceof BodyTooLargeError ? 413 : 500, { error: String(err) }),
    ),
    options.port,
    options.host,
  );
  return {
    url: `http://${listening.urlHost}:${listening.port}/`,
    close: async () => {
      for (const res of slow) res.destroy();
      await listening.close();
    },
  };
}
