import { inject } from 'vitest';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
}

let counter = 0;

/** A fresh account in the Auth emulator (email/password; the API only sees its ID token). */
export async function createTestUser(prefix = 'student'): Promise<TestUser> {
  const { authEmulator } = inject('stack');
  counter += 1;
  const email = `${prefix}-${Date.now()}-${counter}@brainboard.test`;
  const res = await fetch(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'test-password-1', returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator signUp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string; refreshToken: string };
  return { uid: body.localId, email, idToken: body.idToken, refreshToken: body.refreshToken };
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
