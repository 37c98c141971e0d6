import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { forbidden, route } from './errors.ts';
import { callerOf } from './auth.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_MISSING = 'Missing CSRF token. Reload the page and try again.';
export const CSRF_INVALID = 'Invalid CSRF token. Reload the page and try again.';

function same(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * Every state-changing call carries `X-CSRF-Token` equal to the
 * token that `GET /api/session` handed out for this user.
 */
export function requireCsrf(tokenFor: (uid: string) => Promise<string | null>): RequestHandler {
  return route(async (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const sent = req.get('x-csrf-token');
    if (!sent) throw forbidden(CSRF_MISSING);
    const expected = await tokenFor(callerOf(req).uid);
    if (!expected || !same(sent, expected)) throw forbidden(CSRF_INVALID);
    next();
  });
}
