import { zonedInstant, type Assignment, type ReminderMessage } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { actionKey } from '../../functions/src/reminders/actionToken.ts';
import { dispatchReminders } from '../../functions/src/reminders/dispatcher.ts';
import { firestoreReminderStore } from '../../functions/src/reminders/store.ts';
import { LOCAL_VAPID_KEYS } from '../../scripts/stack/config.ts';
import { call, studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { friday } from '../support/dates.ts';
import { admin } from '../support/firestore.ts';

/** More than every suite on the shared stack leaves due at once. */
const EVERY_DUE_ENTRY = 100_000;

/**
 * A notification's buttons (Snooze, Done, Start focus) post the token the reminder carried to
 * `POST /api/reminders/action`, with no sign-in. The tokens here are the genuine ones: the
 * dispatcher builds the reminder as it does every minute, and the test keeps what it would send.
 */

const WEEKLY_FRI = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null, zone: 'UTC' };
const ALREADY_USED =
  'This notification button was already used. Open Brainboard to see the assignment.';
const NOT_FOUND = 'That assignment does not exist.';

async function student(): Promise<{ uid: string; as: As }> {
  const user = await createTestUser('reminder-action');
  const { id, as } = await studentApi(user.idToken);
  return { uid: id, as };
}

async function create(as: As, body: object): Promise<Assignment> {
  const res = await as('POST', '/api/assignment', { reminders: [60], ...body });
  expect(res.status, res.text).toBe(201);
  return (res.body as { item: Assignment }).item;
}

async function read(as: As, id: string): Promise<Assignment> {
  const res = await as('GET', `/api/assignment/${id}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { item: Assignment }).item;
}

/**
 * The buttons' tokens of the reminder the dispatcher sends for an assignment (due in the
 * student's zone, UTC here, with a reminder 60 minutes before), taken from the message it builds.
 * Only this student's schedule is dispatched, to a device that exists only here, and nothing is
 * recorded or moved on.
 */
async function notificationTokens(uid: string, assignment: Assignment) {
  const { db } = admin();
  const due = zonedInstant(assignment.due_date, 'UTC');
  if (!due) throw new Error(`no due time: ${assignment.due_date}`);
  const sent: ReminderMessage[] = [];
  const store = firestoreReminderStore(db);
  await dispatchReminders({
    store: {
      ...store,
      // This student's entries only, sent to a device that exists only here, and left where
      // they are (a dry run).
      // The schedule is shared by every suite on this stack, whose entries due before `now` come
      // first: read past them all, so this student's are never cut off by the run's limit.
      due: async (now) =>
        (await store.due(now, EVERY_DUE_ENTRY))
          .filter((e) => e.uid === uid)
          .map((e) => ({
            ...e,
            devices: [
              {
                id: 'test-device',
                endpoint: 'https://push.invalid/x',
                keys: { p256dh: '', auth: '' },
              },
            ],
          })),
      advance: async () => {},
      claim: async () => true,
      release: async () => {},
      removeDevice: async () => {},
    },
    send: async (_device, payload) => {
      sent.push(payload as ReminderMessage);
      return 'sent';
    },
    now: new Date(due.getTime() - 60 * 60_000 + 30_000),
    tokenKey: actionKey(LOCAL_VAPID_KEYS.privateKey),
  });
  const message = sent.find((m) => m.assignment_id === assignment.id);
  if (!message) throw new Error(`no reminder was built for ${assignment.id}`);
  return message.tokens as Required<ReminderMessage['tokens']>;
}

const press = (token: string) => call('POST', '/api/reminders/action', { body: { token } });

async function seriesCards(as: As, seriesId: string): Promise<Assignment[]> {
  const list = await as('GET', '/api/assignments');
  return (list.body as unknown as Assignment[]).filter((a) => a.series_id === seriesId);
}

describe('Done from a notification', () => {
  it('on a weekly card plans the next card, exactly as Done on the board does', async () => {
    const { uid, as } = await student();
    // Next week's Friday, not this week's: on a Friday between 16:00 and 17:00 UTC, this week's
    // reminder (an hour before) would already be past, and none would be built.
    const fromNotification = await create(as, {
      title: 'Weekly reading',
      due_date: friday(1),
      repeat: WEEKLY_FRI,
    });
    const fromBoard = await create(as, {
      title: 'Weekly problems',
      due_date: friday(1),
      repeat: WEEKLY_FRI,
    });

    const { done } = await notificationTokens(uid, fromNotification);
    const pressed = await press(done);
    expect({ status: pressed.status, body: pressed.body }).toEqual({
      status: 200,
      body: { ok: true, status: 'done' },
    });
    const patched = await as('PATCH', '/api/assignment', { id: fromBoard.id, status: 'done' });
    expect(patched.status, patched.text).toBe(200);

    for (const first of [fromNotification, fromBoard]) {
      const cards = await seriesCards(as, first.series_id!);
      const finished = cards.find((c) => c.id === first.id);
      expect(finished?.status, first.title).toBe('done');
      expect(Date.parse(finished?.completed_date ?? ''), first.title).not.toBeNaN();
      const open = cards.filter((c) => c.status !== 'done');
      expect(
        open.map((c) => [c.title, c.due_date, c.status, c.reminders]),
        first.title,
      ).toEqual([[first.title, friday(2), 'new', [60]]]);
    }
  });
});

describe('notification tokens are single-use', () => {
  it('a used Done token is refused after the card is reopened, and a used Snooze too', async () => {
    const { uid, as } = await student();
    const card = await create(as, { title: 'Lab report', due_date: '2031-03-07T17:00:00' });
    const tokens = await notificationTokens(uid, card);

    expect((await press(tokens.done)).status).toBe(200);
    expect((await read(as, card.id)).status).toBe('done');
    const reopened = await as('PATCH', '/api/assignment', { id: card.id, status: 'new' });
    expect(reopened.status, reopened.text).toBe(200);

    const replay = await press(tokens.done);
    expect({ status: replay.status, body: replay.body }).toEqual({
      status: 410,
      body: { error: ALREADY_USED },
    });
    const after = await read(as, card.id);
    expect([after.status, after.completed_date]).toEqual(['new', null]);

    expect((await press(tokens.snooze)).status).toBe(200);
    const snoozedAgain = await press(tokens.snooze);
    expect({ status: snoozedAgain.status, body: snoozedAgain.body }).toEqual({
      status: 410,
      body: { error: ALREADY_USED },
    });
  });

  it('one token pressed on several devices at once acts once', async () => {
    const { uid, as } = await student();
    const card = await create(as, { title: 'Essay plan', due_date: '2031-03-07T17:00:00' });
    const { done } = await notificationTokens(uid, card);
    const answers = await Promise.all(Array.from({ length: 8 }, () => press(done)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    const item = await read(as, card.id);
    expect(item.status).toBe('done');
    // One write: created (1), then Done (2).
    expect(item.version).toBe(2);
  });

  it('a token for a deleted card does nothing to a card re-created with the same id', async () => {
    const { uid, as } = await student();
    const id = `assignment-${Date.now()}-recreated`;
    const card = await create(as, { id, title: 'Poster', due_date: '2031-03-07T17:00:00' });
    const tokens = await notificationTokens(uid, card);
    const deleted = await as('DELETE', '/api/assignment', { id });
    expect(deleted.status, deleted.text).toBe(200);
    await create(as, { id, title: 'Poster', due_date: '2031-03-07T17:00:00' });

    for (const token of [tokens.done, tokens.snooze]) {
      const res = await press(token);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: { error: NOT_FOUND },
      });
    }
    expect((await read(as, id)).status).toBe('new');
    // No snooze was stored on the new card's reminder schedule.
    const entry = await admin().db.doc(`users/${uid}/reminder_schedule/${id}`).get();
    expect(entry.exists).toBe(true);
    expect(entry.get('snooze_at')).toBeNull();
  });
});
