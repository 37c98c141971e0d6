import { beforeAll, describe, it } from 'vitest';
import type { Student } from '../../support/security.ts';
import { ENDPOINTS, nameOf } from './endpoints.ts';
import { expectRefused, twoStudents } from './suite.ts';

let owner: Student;
let intruder: Student;

beforeAll(async () => {
  ({ owner, other: intruder } = await twoStudents());
});

// The intruder is signed in with a valid token and CSRF token and has data of
// every kind; each request names the owner's ids instead of their own.
const cases = ENDPOINTS.flatMap((e) =>
  (e.others ?? []).map((c) => [`${nameOf(e)} with ${c.label}`, c] as const),
);

describe('ownership: another student’s ids', () => {
  it.each(cases)('%s: refused, nothing leaked or changed', async (_, c) => {
    await expectRefused(
      c.request(intruder.ids, owner.ids),
      { token: intruder.user.idToken, csrf: intruder.csrf },
      {
        status: c.status,
        ...(c.error ? { error: c.error } : {}),
        ...(c.body ? { body: c.body } : {}),
      },
      [owner, intruder],
      [owner],
    );
  });
});
