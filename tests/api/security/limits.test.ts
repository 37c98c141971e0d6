import { beforeAll, describe, it } from 'vitest';
import type { Student } from '../../support/security.ts';
import { ENDPOINTS, nameOf } from './endpoints.ts';
import { expectRefused, twoStudents } from './suite.ts';

let owner: Student;
let other: Student;

beforeAll(async () => {
  ({ owner, other } = await twoStudents());
});

const cases = ENDPOINTS.flatMap((e) =>
  (e.limits ?? []).map((c) => [`${nameOf(e)}: ${c.label}`, c] as const),
);

describe('limits of the fields and the server caps', () => {
  it.each(cases)('%s: refused with a message naming it, nothing stored changes', async (_, c) => {
    await expectRefused(
      c.request(owner.ids),
      { token: owner.user.idToken, csrf: owner.csrf },
      { status: c.status, error: c.error },
      [owner, other],
    );
  });
});
