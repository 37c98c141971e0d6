import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { Request, RequestHandler } from 'express';
import { route, unauthorized } from './errors.ts';

interface AuthedRequest extends Request {
  user: DecodedIdToken;
}

/** The signed-in caller; only valid behind `requireUser`. */
export function callerOf(req: Request): DecodedIdToken {
  const user = (req as Partial<AuthedRequest>).user;
  if (!user) throw unauthorized();
  return user;
}

const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';
const SIGNED_OUT = 'You signed out on this device. Please sign in again.';

/**
 * Verifies the ID token. Tokens of a sign-in that ended with Logout (`ended`) are refused.
 * `Authorization: Bearer <Firebase ID token>`, verified with the
 * Admin SDK. Revocation is checked too, so a deleted or disabled account, or
 * a token made up for an account that does not exist, is refused.
 */
export function requireUser(
  auth: Auth,
  ended: (uid: string, authTime: number, request: Request) => Promise<boolean> = async () => false,
): RequestHandler {
  return route(async (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Please sign in to continue.');
    let user: DecodedIdToken;
    try {
      user = await auth.verifyIdToken(match[1], true);
    } catch {
      throw unauthorized(SESSION_INVALID);
    }
    if (await ended(user.uid, user.auth_time, req)) throw unauthorized(SIGNED_OUT);
    (req as AuthedRequest).user = user;
    next();
  });
}
