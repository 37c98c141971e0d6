import {
  CHEERS_PER_DAY,
  SHARE_ENDED,
  type ProjectedAssignment,
  type ShareScope,
} from '@brainboard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { decryptPush, pushesFor, testDevice } from '../support/push.ts';

/** The only fields a projected assignment may ever carry, by what the scope allows. */
function allowedFields(scope: ShareScope): string[] {
  const fields = ['id', 'title', 'due_date', 'status', 'completed_date'];
  if (scope.steps) fields.push('steps_done', 'steps_total');
  if (scope.descriptions) fields.push('description');
  return fields.sort();
}

interface Person {
  uid: string;
  token: string;
  as: As;
}

async function person(prefix: string): Promise<Person> {
  const user = await createTestUser(prefix);
  const { id, as } = await studentApi(user.idToken);
  return { uid: id, token: user.idToken, as };
}

/** A word in every private field of the student's data, to catch a leak anywhere in an answer. */
const SECRET = 'zebra-secret-7f3a';

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('sharing a board with a supporter', () => {
  let student: Person;
  let supporter: Person;
  let stranger: Person;
  const due = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    [student, supporter, stranger] = await Promise.all([
      person('share-student'),
      person('share-supporter'),
      person('share-stranger'),
    ]);
    const made = await student.as('POST', '/api/assignment', {
      id: 'essay-1',
      title: 'History essay',
      description: 'Compare two sources',
      due_date: due,
      subtasks: [
        { id: 's1', title: `Outline ${SECRET}`, completed: true },
        { id: 's2', title: 'Draft' },
        { id: 's3', title: 'Edit' },
      ],
      notes: [`note ${SECRET}`],
    });
    expect(made.status).toBe(201);
    expect(
      (await student.as('POST', '/api/assignment', { id: 'done-1', title: 'Lab', status: 'done' }))
        .status,
    ).toBe(201);
    const { db } = admin();
    // What must never reach a supporter: chats, files, feeds, deep-dive results.
    await db.doc(`users/${student.uid}/chats/essay-1`).set({ messages: [{ content: SECRET }] });
    await db.doc(`users/${student.uid}/files/f1`).set({ name: `${SECRET}.pdf` });
    await db.doc(`lms_feeds/feed-${student.uid}`).set({ uid: student.uid, url: SECRET });
    await db
      .doc(`users/${student.uid}/assignments/essay-1`)
      .update({ deep_dive: { summary: SECRET } });
  });

  it('creates a link whose token is 256 random bits, stored only as a hash', async () => {
    const res = await student.as('POST', '/api/shares', {
      name: 'Mum',
      scope: { steps: true, focus: false, descriptions: false },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'url']);
    const token = tokenOf(res.body.url as string);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = (
      await admin()
        .db.doc(`shares/${res.body.id as string}`)
        .get()
    ).data()!;
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[a-f0-9]{64}$/);
  });

  it('projects only what each scope allows, and never anything private', async () => {
    const scopes: ShareScope[] = [
      { steps: false, focus: false, descriptions: false },
      { steps: true, focus: false, descriptions: false },
      { steps: false, focus: true, descriptions: true },
      { steps: true, focus: true, descriptions: true },
    ];
    for (const scope of scopes) {
      const made = await student.as('POST', '/api/shares', { name: 'Tutor', scope });
      const accepted = await supporter.as('POST', '/api/shared/accept', {
        token: tokenOf(made.body.url as string),
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ id: made.body.id, scope });
      const res = await supporter.as('GET', `/api/shared/${made.body.id as string}/board`);
      expect(res.status).toBe(200);
      const body = res.body as unknown as {
        student_name: string;
        assignments: ProjectedAssignment[];
        summary: Record<string, unknown>;
      };
      expect(res.text).not.toContain(SECRET);
      expect(Object.keys(body).sort()).toEqual([
        'assignments',
        'cheers',
        'scope',
        'student_name',
        'summary',
      ]);
      expect(body.assignments.map((a) => a.id).sort()).toEqual(['done-1', 'essay-1']);
      for (const a of body.assignments) expect(Object.keys(a).sort()).toEqual(allowedFields(scope));
      const essay = body.assignments.find((a) => a.id === 'essay-1')!;
      expect(essay).toMatchObject({ title: 'History essay', due_date: due, status: 'new' });
      expect(essay.completed_date).toBeNull();
      if (scope.steps) expect([essay.steps_done, essay.steps_total]).toEqual([1, 3]);
      if (scope.descriptions) expect(essay.description).toBe('Compare two sources');
      const lab = body.assignments.find((a) => a.id === 'done-1')!;
      expect(lab.status).toBe('done');
      expect(typeof lab.completed_date).toBe('string');
      expect(body.summary).toEqual({
        done_this_week: 1,
        focus_minutes_this_week: scope.focus ? 0 : null,
        due_soon: 1,
      });
    }
  });

  it('answers 404 to anyone but the bound supporter, and after Stop sharing', async () => {
    const made = await student.as('POST', '/api/shares', {
      name: 'Coach',
      scope: { steps: true, focus: true, descriptions: false },
    });
    const id = made.body.id as string;
    const token = tokenOf(made.body.url as string);
    // Before anyone accepts, nobody reads it.
    expect((await supporter.as('GET', `/api/shared/${id}/board`)).status).toBe(404);
    expect((await supporter.as('POST', '/api/shared/accept', { token })).status).toBe(200);
    // Accepting twice from the same account is fine; the link is theirs alone now.
    expect((await supporter.as('POST', '/api/shared/accept', { token })).status).toBe(200);
    const taken = await stranger.as('POST', '/api/shared/accept', { token });
    expect(taken.status).toBe(404);
    expect(taken.body.error).toBe('That invitation link does not work. Ask for a new one.');
    const theirs = await stranger.as('GET', `/api/shared/${id}/board`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('That shared board does not exist.');
    expect((await stranger.as('GET', '/api/shared')).body).toEqual({ boards: [] });
    // The student's own link is not for them.
    expect((await student.as('POST', '/api/shared/accept', { token })).status).toBe(400);
    // The student cannot read through their own share either (it is a supporter's view).
    expect((await student.as('GET', `/api/shared/${id}/board`)).status).toBe(404);
    // Another student cannot change or end it.
    expect((await stranger.as('PATCH', `/api/shares/${id}`, { cheers: false })).status).toBe(404);
    expect((await stranger.as('DELETE', `/api/shares/${id}`)).status).toBe(404);

    const listed = await supporter.as('GET', '/api/shared');
    expect((listed.body.boards as { id: string }[]).map((b) => b.id)).toContain(id);

    // The scope changes at once.
    const patched = await student.as('PATCH', `/api/shares/${id}`, {
      scope: { steps: false, focus: false, descriptions: false },
    });
    expect(patched.status).toBe(200);
    const narrowed = await supporter.as('GET', `/api/shared/${id}/board`);
    const cards = narrowed.body.assignments as Record<string, unknown>[];
    for (const a of cards)
      expect(Object.keys(a).sort()).toEqual(allowedFields(patched.body.scope as ShareScope));

    // Stop sharing: the next read says so; the stale token no longer works.
    expect((await student.as('DELETE', `/api/shares/${id}`)).status).toBe(200);
    const ended = await supporter.as('GET', `/api/shared/${id}/board`);
    expect(ended.status).toBe(404);
    expect(ended.body).toEqual({ error: SHARE_ENDED });
    expect((await supporter.as('POST', '/api/shared/accept', { token })).status).toBe(404);
    expect((await supporter.as('POST', `/api/shared/${id}/cheers`, { text: 'hi' })).status).toBe(
      404,
    );
    const list = await student.as('GET', '/api/shares');
    expect((list.body.shares as { id: string }[]).map((s) => s.id)).not.toContain(id);
    // A token that never existed.
    const stale = await stranger.as('POST', '/api/shared/accept', { token: 'A'.repeat(43) });
    expect(stale.status).toBe(404);
  });

  it('a cheer also arrives as a notification on the devices the student allowed', async () => {
    const cheered = await person('cheer-student');
    const device = testDevice();
    const sub = await cheered.as('POST', '/api/push/subscriptions', {
      subscription: { endpoint: device.endpoint, keys: device.keys },
      device_name: 'Phone',
    });
    expect(sub.status, sub.text).toBe(201);
    const made = await cheered.as('POST', '/api/shares', {
      name: 'Mum',
      scope: { steps: false, focus: false, descriptions: false },
    });
    const id = made.body.id as string;
    await supporter.as('POST', '/api/shared/accept', { token: tokenOf(made.body.url as string) });
    const sent = await supporter.as('POST', `/api/shared/${id}/cheers`, {
      text: "You've got this!",
    });
    expect(sent.status, sent.text).toBe(201);
    // Sent within the request: it is at the push service when the answer arrives.
    const [received] = await pushesFor(device.endpoint);
    expect(received).toBeDefined();
    expect(decryptPush(device, received!)).toMatchObject({
      title: 'A cheer from Mum',
      body: "You've got this!",
      assignment_id: null,
      url: '/dashboard',
    });
  });

  it('holds cheers to 3 a day per supporter, and the student can turn them off', async () => {
    const made = await student.as('POST', '/api/shares', {
      name: 'Dad',
      scope: { steps: false, focus: false, descriptions: false },
    });
    const id = made.body.id as string;
    await supporter.as('POST', '/api/shared/accept', { token: tokenOf(made.body.url as string) });
    expect(
      (await supporter.as('POST', `/api/shared/${id}/cheers`, { text: 'x'.repeat(141) })).status,
    ).toBe(400);
    expect((await supporter.as('POST', `/api/shared/${id}/cheers`, { text: '   ' })).status).toBe(
      400,
    );
    expect((await stranger.as('POST', `/api/shared/${id}/cheers`, { text: 'hi' })).status).toBe(
      404,
    );
    for (let i = 0; i < CHEERS_PER_DAY; i++) {
      const res = await supporter.as('POST', `/api/shared/${id}/cheers`, { text: 'Proud of you' });
      expect(res.status).toBe(201);
    }
    const over = await supporter.as('POST', `/api/shared/${id}/cheers`, { text: 'One more' });
    expect(over.status).toBe(429);
    expect(typeof over.body.error).toBe('string');

    const seen = await student.as('GET', '/api/cheers');
    const cheers = seen.body.cheers as { id: string; from: string; text: string }[];
    expect(cheers.filter((c) => c.from === 'Dad')).toHaveLength(CHEERS_PER_DAY);
    expect(cheers[0]).toMatchObject({ from: 'Dad', text: 'Proud of you' });
    expect((await student.as('DELETE', `/api/cheers/${cheers[0]!.id}`)).status).toBe(200);
    expect((await stranger.as('DELETE', `/api/cheers/${cheers[1]!.id}`)).status).toBe(404);

    // Turned off: the supporter is told so, and the board says cheers are off.
    const other = await student.as('POST', '/api/shares', {
      name: 'Gran',
      scope: { steps: false, focus: false, descriptions: false },
    });
    const otherId = other.body.id as string;
    await supporter.as('POST', '/api/shared/accept', { token: tokenOf(other.body.url as string) });
    expect((await student.as('PATCH', `/api/shares/${otherId}`, { cheers: false })).status).toBe(
      200,
    );
    expect((await supporter.as('GET', `/api/shared/${otherId}/board`)).body.cheers).toBe(false);
    const off = await supporter.as('POST', `/api/shared/${otherId}/cheers`, { text: 'hi' });
    expect(off.status).toBe(403);
  });

  it('refuses bad bodies with a sentence, and requires sign-in and CSRF', async () => {
    const bad = await student.as('POST', '/api/shares', { name: '', scope: {} });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');
    const extra = await student.as('POST', '/api/shares', {
      name: 'Mum',
      scope: { steps: true, focus: true, descriptions: true, notes: true },
    });
    expect(extra.status).toBe(400);
    expect((await call('GET', '/api/shares')).status).toBe(401);
    const noCsrf = await call('POST', '/api/shares', {
      token: student.token,
      body: { name: 'Mum', scope: { steps: true, focus: true, descriptions: true } },
    });
    expect(noCsrf.status).toBe(403);
  });
});
