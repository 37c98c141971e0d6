import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetches a URL a student gave us (a calendar feed) without letting it reach
 * anything inside our network: https only, every resolved address checked
 * before the connection is made (and the connection pinned to the checked
 * address), redirects checked the same way, the body capped in size and the
 * whole exchange in time. The only exception is an explicitly allowed base
 * URL (the local stack's LMS stand-in); nothing else on loopback is reachable.
 */

const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /** URLs under this base may use http on loopback (the local LMS stand-in). */
  allowedBase?: string | undefined;
  maxBytes?: number;
  timeoutMs?: number;
  /** DNS resolution; tests fake it to check the address filter. */
  resolve?: Resolver;
}

/**
 * Why a fetch was refused or failed, as a sentence a student can act on. `transient`: the
 * school may answer if asked again shortly (no answer in time, a dropped connection, a name
 * that did not resolve, a 5xx or 429); false when the link itself is refused.
 */
export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

export const REFUSED_ADDRESS =
  'That link points to a private or local address. Paste the calendar feed link your school gives you (it starts with https://).';
export const HTTPS_ONLY =
  'That link must start with https://. Copy the calendar feed link again from your school’s site.';
export const UNREACHABLE =
  'We could not reach that link. Check that it is the calendar feed link from your school and try again.';
export const TOO_LARGE = 'That calendar is larger than 5 MB, so we cannot import it.';
export const TOO_SLOW =
  'Your school’s calendar took longer than 10 seconds to answer. Try again in a few minutes.';

/** Ranges a fetch may reach: only globally routed unicast addresses. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return false;
  if (parsed.kind() === 'ipv6') {
    // NAT64 and 6to4 can carry private IPv4 addresses; global unicast (2000::/3) only.
    const first = (parsed as ipaddr.IPv6).parts[0] ?? 0;
    if (first < 0x2000 || first > 0x3fff) return false;
  }
  return true;
}

const systemResolve: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });

/** A hostname as the URL parser normalised it, without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function underBase(url: URL, base: string | undefined): boolean {
  if (!base) return false;
  const allowed = new URL(base);
  return url.origin === allowed.origin && url.pathname.startsWith(allowed.pathname);
}

interface Target {
  url: URL;
  /** The address to connect to, already checked. */
  address: string;
  family: 4 | 6;
}

/** Checks one URL (the first or a redirect) and resolves the address to connect to. */
export async function checkTarget(url: URL, options: SafeFetchOptions): Promise<Target> {
  const host = bareHost(url);
  if (underBase(url, options.allowedBase)) {
    const family = isIP(host);
    if (family) return { url, address: host, family: family as 4 | 6 };
  }
  if (url.protocol !== 'https:') throw new FeedFetchError(HTTPS_ONLY);
  if (url.username || url.password) throw new FeedFetchError(UNREACHABLE);
  const literal = isIP(host);
  if (literal) {
    if (!isPublicAddress(host)) throw new FeedFetchError(REFUSED_ADDRESS);
    return { url, address: host, family: literal as 4 | 6 };
  }
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    throw new FeedFetchError(UNREACHABLE, true);
  }
  if (addresses.length === 0) throw new FeedFetchError(UNREACHABLE);
  // Every address must be public: a name with one private address is refused.
  if (addresses.some((a) => !isPublicAddress(a.address))) {
    throw new FeedFetchError(REFUSED_ADDRESS);
  }
  const first = addresses[0] as LookupAddress;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

interface Hop {
  status: number;
  location: string | null;
  body: Buffer | null;
}

function requestOnce(target: Target, deadline: AbortSignal, maxBytes: number): Promise<Hop> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        signal: deadline,
        headers: {
          accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
          'user-agent': 'Brainboard calendar import',
        },
        // Connect to the address that was checked, whatever DNS says now.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as (e: null, a: LookupAddress[]) => void)(null, [
              { address: target.address, family: target.family },
            ]);
          } else {
            callback(null, target.address, target.family);
          }
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location ?? null, body: null });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          reject(new FeedFetchError(TOO_LARGE));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new FeedFetchError(TOO_LARGE));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: null, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body of a feed URL as text, or a FeedFetchError saying what to check. */
export async function safeFetchText(raw: string, options: SafeFetchOptions = {}): Promise<string> {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new FeedFetchError(
      'That is not a link. Copy the whole calendar feed link, starting with https://.',
    );
  }
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const target = await checkTarget(url, options);
      if (deadline.aborted) throw new FeedFetchError(TOO_SLOW, true);
      const answer = await requestOnce(target, deadline, maxBytes);
      if (answer.location !== null) {
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
        throw new FeedFetchError(
          'Your school did not accept that link. It may have been reset: copy the calendar feed link again.',
        );
      }
      if (answer.status < 200 || answer.status >= 300 || !answer.body) {
        throw new FeedFetchError(UNREACHABLE, answer.status >= 500 || answer.status === 429);
      }
      return answer.body.toString('utf8');
    }
    throw new FeedFetchError(UNREACHABLE);
  } catch (err) {
    if (err instanceof FeedFetchError) throw err;
    if (deadline.aborted) throw new FeedFetchError(TOO_SLOW, true);
    throw new FeedFetchError(UNREACHABLE, true);
  }
}
