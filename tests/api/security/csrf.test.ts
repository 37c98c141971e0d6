import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_INVALID, CSRF_MISSING } from '../../../functions/src/http/csrf.ts';
import { makeStudent, send, type Student } from '../../support/security.ts';
import { changesState, ENDPOINTS } from './endpoints.ts';
import {
  eachEndpointAndVariant,
  expectRefused,
  refusedWith,
  twoStudents,
  type HeaderVariant,
} from './suite.ts';

let owner: Student;
let other: Student;

beforeAll(async () => {
  ({ owner, other } = await twoStudents());
});

const variants: HeaderVariant[] = [
  {
    label: 'no X-CSRF-Token header',
    opts: () => ({ token: owner.user.idToken }),
    error: CSRF_MISSING,
  },
  {
    label: 'a made-up token of the right length',
    opts: () => ({
      token: owner.user.idToken,
      csrf: randomBytes(owner.csrf.length).toString('base64url').slice(0, owner.csrf.length),
    }),
    error: CSRF_INVALID,
  },
  {
    label: "the other student's CSRF token",
    opts: () => ({ token: owner.user.idToken, csrf: other.csrf }),
    error: CSRF_INVALID,
  },
];

eachEndpointAndVariant(
  'CSRF',
  ENDPOINTS.filter(changesState),
  variants,
  '403 for %s, nothing stored changes',
  refusedWith(403, () => ({ owner, other })),
);

describe('CSRF after sign-out', () => {
  it('refuses the ended sign-in (401) once POST /api/auth/logout ended it', async () => {
    const me = await makeStudent({ prefix: 'sec-logout' });
    const out = await send(
      { method: 'POST', path: '/api/auth/logout', json: {} },
      {
        token: me.user.idToken,
        csrf: me.csrf,
      },
    );
    expect(out.status).toBe(200);
    await expectRefused(
      { method: 'PATCH', path: `/api/user/${me.user.uid}`, json: { ai_help_enabled: false } },
      { token: me.user.idToken, csrf: me.csrf },
      { status: 401, error: 'You signed out on this device. Please sign in again.' },
      [me],
    );
  });
});
