import { beforeAll, describe, expect, it } from 'vitest';
import { forgedToken } from '../../support/auth.ts';
import { admin } from '../../support/firestore.ts';
import {
  expiredToken,
  makeStudent,
  retimedToken,
  send,
  tamperedToken,
  type Student,
} from '../../support/security.ts';
import { ENDPOINTS } from './endpoints.ts';
import { eachEndpointAndVariant, refusedWith, twoStudents, type HeaderVariant } from './suite.ts';

const SIGN_IN = 'Please sign in to continue.';
const NOT_VALID = 'Your session has expired or is not valid. Please sign in again.';

let owner: Student;
let other: Student;
let deleted: Student;

beforeAll(async () => {
  ({ owner, other } = await twoStudents());
  deleted = await makeStudent({ prefix: 'sec-deleted' });
  await admin().auth.deleteUser(deleted.user.uid);
});

// Auth comes before CSRF: the requests with a bad token carry no CSRF header
// and still answer 401 (not 403); the one without a token carries the
// owner's valid CSRF token and still answers 401.
const variants: HeaderVariant[] = [
  { label: 'no token', opts: () => ({ csrf: owner.csrf }), error: SIGN_IN },
  {
    label: "no token, at the function's own URL (the app's root mount)",
    opts: () => ({ csrf: owner.csrf, rootMount: true }),
    error: SIGN_IN,
  },
  {
    label: "the owner's token, expired an hour ago",
    opts: () => ({ token: expiredToken(owner.user.idToken) }),
    error: NOT_VALID,
  },
  {
    label: 'a forged token for an account that does not exist',
    opts: () => ({ token: forgedToken(`ghost-${owner.user.uid}`) }),
    error: NOT_VALID,
  },
  {
    label: "the owner's claims under a made-up signature",
    opts: () => ({ token: tamperedToken(owner.user.idToken) }),
    error: NOT_VALID,
  },
  {
    label: 'the unexpired token of a deleted account',
    opts: () => ({ token: deleted.user.idToken, csrf: deleted.csrf }),
    error: NOT_VALID,
  },
];

eachEndpointAndVariant(
  'auth',
  ENDPOINTS,
  variants,
  '401 for %s, nothing stored changes',
  refusedWith(401, () => ({ owner, other })),
);

describe('auth: control', () => {
  // The expired-token cases differ from an accepted token only in their times.
  it("accepts the owner's token re-encoded the same way with a future expiry", async () => {
    const res = await send(
      { method: 'GET', path: '/api/session' },
      { token: retimedToken(owner.user.idToken, 60, 3600) },
    );
    expect(res.status).toBe(200);
    expect((res.body.user as { id: string }).id).toBe(owner.user.uid);
  });
});
