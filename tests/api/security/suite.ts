import { NOTES_MAX_COUNT, SUBTASKS_MAX_COUNT } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import {
  makeStudent,
  send,
  STACK_TRACE,
  stored,
  type Answer,
  type Req,
  type SendOptions,
  type Student,
} from '../../support/security.ts';
import { nameOf, type Endpoint } from './endpoints.ts';

/**
 * The two students every security test file works with: `owner` (the one
 * whose data a request aims at) and `other` (a second student with data of
 * the same kinds). Both have turned on the AI features and granted calendar
 * access, so a request that got past a check would really change something.
 */
export async function twoStudents(): Promise<{ owner: Student; other: Student }> {
  const full = { subtasks: SUBTASKS_MAX_COUNT, notes: NOTES_MAX_COUNT };
  const [owner, other] = await Promise.all([
    makeStudent({ prefix: 'sec-owner', calendar: true, full }),
    makeStudent({ prefix: 'sec-other', calendar: true }),
  ]);
  return { owner, other };
}

export interface Refusal {
  status: number | number[];
  /** The exact `error` of the JSON answer; omit for answers that are not our JSON. */
  error?: string;
  /** The exact JSON body, for answers that are not errors. */
  body?: unknown;
}

/**
 * Sends the request and checks the answer: the status, the exact message, no
 * stack trace, no data of `secretsOf` (default: all of `students`) in it, and
 * nothing stored for `students` changed between before and after.
 */
export async function expectRefused(
  req: Req,
  opts: SendOptions,
  expected: Refusal,
  students: Student[],
  secretsOf: Student[] = students,
): Promise<Answer> {
  const uids = students.map((s) => s.user.uid);
  const before = await stored(uids);
  const res = await send(req, opts);
  const statuses = Array.isArray(expected.status) ? expected.status : [expected.status];
  expect(
    statuses,
    `${req.method} ${req.path} answered ${res.status}: ${res.text.slice(0, 200)}`,
  ).toContain(res.status);
  if (expected.error !== undefined) expect(res.body.error).toBe(expected.error);
  if (expected.body !== undefined) expect(res.body).toEqual(expected.body);
  expect(res.text).not.toMatch(STACK_TRACE);
  for (const s of secretsOf) expect(res.text).not.toContain(s.marker);
  expect(await stored(uids)).toEqual(before);
  return res;
}

/**
 * One describe block per endpoint (`<area>: METHOD /api/route`), each with one test per
 * variant (`title`, %s standing for the variant's label).
 */
export function eachEndpointAndVariant<V extends { label: string }>(
  area: string,
  endpoints: Endpoint[],
  variants: V[],
  title: string,
  test: (endpoint: Endpoint, variant: V) => Promise<unknown>,
): void {
  describe.each(endpoints.map((e) => [nameOf(e), e] as const))(`${area}: %s`, (_, endpoint) => {
    it.each(variants.map((v) => [v.label, v] as const))(title, async (_label, variant) => {
      await test(endpoint, variant);
    });
  });
}

/** A request the owner sends otherwise than the API wants, and the message it must get. */
export interface HeaderVariant {
  label: string;
  opts: () => SendOptions;
  error: string;
}

/**
 * A test of eachEndpointAndVariant: the owner's request to the endpoint, sent as the variant
 * says, answers `status` with the variant's message, and nothing stored for either student
 * changes.
 */
export const refusedWith =
  (status: number, students: () => { owner: Student; other: Student }) =>
  async (endpoint: Endpoint, variant: HeaderVariant): Promise<void> => {
    const { owner, other } = students();
    await expectRefused(
      endpoint.request(owner.ids),
      variant.opts(),
      { status, error: variant.error },
      [owner, other],
    );
  };
