import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * A notification's buttons act without a signed-in page, so each carries its own token: it
 * names one action on one assignment of one student, expires, and is signed with HMAC-SHA256
 * under a key derived from the VAPID private key (a server secret).
 *
 * A token also names the card it was made for by the card's `created_at`: an assignment deleted
 * and created again with the same id is another card, and its old notifications do nothing to
 * it. A token works once; its use is recorded under `useId` (useReminderAction in reminders/store.ts).
 */
export const REMINDER_ACTIONS = ['snooze', 'done', 'focus'] as const;
type ReminderAction = (typeof REMINDER_ACTIONS)[number];

export interface ActionClaims {
  action: ReminderAction;
  uid: string;
  assignmentId: string;
  /** The card's `created_at` when the token was made ('' for a card without one). */
  card: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
}

/** A genuine token's claims, and the id under which its use is recorded. */
export interface VerifiedAction extends ActionClaims {
  /** The same for every copy of one token (a hash of its signed body), never for two tokens. */
  useId: string;
}

/** How long a notification's buttons keep working. */
export const ACTION_TOKEN_TTL_MS = 24 * 3600_000;

export function actionKey(vapidPrivateKey: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', vapidPrivateKey, 'brainboard', 'reminder-action-token', 32),
  );
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

export function signActionToken(claims: ActionClaims, key: Buffer): string {
  const body = Buffer.from(
    JSON.stringify({
      a: claims.action,
      u: claims.uid,
      i: claims.assignmentId,
      c: claims.card,
      e: claims.exp,
    }),
  ).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyActionToken(token: string, key: Buffer, now: number): VerifiedAction | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const expected = mac(key, body);
  // Only the one spelling of the signature: another base64 spelling of the same bytes would be
  // another string for the same token.
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (given.toString('base64url') !== sig) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { a, u, i, c, e } = (parsed ?? {}) as Record<string, unknown>;
  if (
    !REMINDER_ACTIONS.includes(a as ReminderAction) ||
    typeof u !== 'string' ||
    typeof i !== 'string' ||
    typeof c !== 'string' ||
    typeof e !== 'number' ||
    e <= now
  ) {
    return null;
  }
  return {
    action: a as ReminderAction,
    uid: u,
    assignmentId: i,
    card: c,
    exp: e,
    useId: createHash('sha256').update(body).digest('base64url'),
  };
}
