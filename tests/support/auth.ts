import { inject } from 'vitest';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
}

let counter = 0;

/** Every test account's password. */
const PASSWORD = 'test-password-1';

/** Asks the Auth emulator for `accounts:<method>` with this email and the tests' password. */
async function accounts(method: 'signUp' | 'signInWithPassword', email: string) {
  const { authEmulator } = inject('stack');
  const res = await fetch(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator ${method} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { localId: string; idToken: string; refreshToken: string };
}

/** A fresh account in the Auth emulator (email/password; the API only sees its ID token). */
export async function createTestUser(prefix = 'student'): Promise<TestUser> {
  counter += 1;
  const email = `${prefix}-${Date.now()}-${counter}@brainboard.test`;
  let body = await accounts('signUp', email);
  // The account signed in once more: a token whose sign-in is now (mayBeRevoked).
  if (mayBeRevoked(body.idToken, Date.now())) body = await accounts('signInWithPassword', email);
  return { uid: body.localId, email, idToken: body.idToken, refreshToken: body.refreshToken };
}

/**
 * Whether the emulator's first token of a new account may read as revoked. Its signUp takes the
 * token's `auth_time` from a clock reading made before the one it records as the account's
 * `validSince` (both in whole seconds). When a second boundary falls between the two, the
 * token's sign-in looks older than the account, and the API's revocation check refuses it (a
 * 401 seen once in a CI run under load). The real service signs the new account in after it
 * exists. The boundary can only have fallen between them if the second has changed since
 * `auth_time`, by `now` (the answer's arrival, in milliseconds).
 */
export function mayBeRevoked(idToken: string, now: number): boolean {
  const payload = idToken.split('.')[1] ?? '';
  const { auth_time: authTime } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    auth_time?: number;
  };
  return authTime === undefined || Math.floor(now / 1000) > authTime;
}

/** An unsigned token of the shape the emulator issues, for an account that does not exist. */
export function forgedToken(uid = 'someone-else'): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return [
    enc({ alg: 'none', typ: 'JWT' }),
    enc({
      iss: 'https://securetoken.google.com/demo-brainboard',
      aud: 'demo-brainboard',
      auth_time: now,
      user_id: uid,
      sub: uid,
      iat: now,
      exp: now + 3600,
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}
