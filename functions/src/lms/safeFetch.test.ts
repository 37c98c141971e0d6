import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedFetchError } from './safeFetch.ts';
import {
  checkTarget,
  HTTPS_ONLY,
  isPublicAddress,
  REFUSED_ADDRESS,
  safeFetchText,
  TOO_LARGE,
  TOO_SLOW,
  type Resolver,
} from './safeFetch.ts';

/** Resolution faked: no test here ever connects anywhere but this machine's loopback. */
const resolvesTo =
  (...addresses: string[]): Resolver =>
  () =>
    Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('the address filter', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.10',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::6810:85e5'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses a name that resolves to a private, link-local or metadata address', async () => {
    for (const address of ['10.0.0.7', '169.254.169.254', 'fe80::1', '::ffff:192.168.1.1']) {
      await expect(
        checkTarget(new URL('https://lms.example.edu/feed.ics'), {
          resolve: resolvesTo(address),
        }),
      ).rejects.toThrow(REFUSED_ADDRESS);
    }
    // One private address among public ones is enough to refuse.
    await expect(
      checkTarget(new URL('https://lms.example.edu/feed.ics'), {
        resolve: resolvesTo('93.184.216.34', '127.0.0.1'),
      }),
    ).rejects.toThrow(REFUSED_ADDRESS);
  });

  it('pins a public name to the address it checked', async () => {
    const target = await checkTarget(new URL('https://lms.example.edu/feed.ics'), {
      resolve: resolvesTo('93.184.216.34'),
    });
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('takes http only under the allowed base', async () => {
    await expect(
      checkTarget(new URL('http://lms.example.edu/feed.ics'), { resolve: resolvesTo('8.8.8.8') }),
    ).rejects.toThrow(HTTPS_ONLY);
    await expect(
      checkTarget(new URL('http://127.0.0.1:9/other'), { allowedBase: 'http://127.0.0.1:8/' }),
    ).rejects.toThrow(HTTPS_ONLY);
  });
});

describe('fetching from a local server under the allowed base', () => {
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') {
        res.writeHead(200);
        res.write('BEGIN:VCALENDAR\r\n');
        return;
      }
      if (req.url === '/big') {
        res.writeHead(200);
        res.end('x'.repeat(2000));
        return;
      }
      const status = /^\/status\/(\d{3})$/.exec(req.url ?? '');
      if (status) {
        res.writeHead(Number(status[1])).end();
        return;
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: 'https://feeds.example.edu/cal.ics' }).end();
        return;
      }
      res.writeHead(200).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('reads a feed', async () => {
    await expect(safeFetchText(`${baseUrl}ok`, { allowedBase: baseUrl })).resolves.toContain(
      'BEGIN:VCALENDAR',
    );
  });

  it('gives up at the time limit', async () => {
    await expect(
      safeFetchText(`${baseUrl}slow`, { allowedBase: baseUrl, timeoutMs: 300 }),
    ).rejects.toThrow(TOO_SLOW);
  });

  it('stops reading past the size limit', async () => {
    await expect(
      safeFetchText(`${baseUrl}big`, { allowedBase: baseUrl, maxBytes: 1000 }),
    ).rejects.toThrow(TOO_LARGE);
  });

  it('checks a redirect target like the first URL', async () => {
    await expect(
      safeFetchText(`${baseUrl}to-private`, {
        allowedBase: baseUrl,
        resolve: resolvesTo('192.168.0.1'),
      }),
    ).rejects.toThrow(REFUSED_ADDRESS);
  });

  it('tells a failure that may pass from a link that is refused', async () => {
    const failure = (url: string, options = {}) =>
      safeFetchText(url, { allowedBase: baseUrl, ...options }).then(
        () => null,
        (err: unknown) => err as FeedFetchError,
      );
    for (const code of [500, 503, 429]) {
      expect((await failure(`${baseUrl}status/${code}`))?.transient, String(code)).toBe(true);
    }
    expect((await failure(`${baseUrl}slow`, { timeoutMs: 300 }))?.transient).toBe(true);
    for (const code of [404, 403, 410]) {
      expect((await failure(`${baseUrl}status/${code}`))?.transient, String(code)).toBe(false);
    }
    expect((await failure(`${baseUrl}big`, { maxBytes: 1000 }))?.transient).toBe(false);
    expect((await failure('http://feeds.example.edu/cal.ics'))?.transient).toBe(false);
  });
});
