import { FieldPath, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, inject, it } from 'vitest';
import { writePaths } from '../../functions/src/assignments/store.ts';
import { recordFocusEvent } from '../../functions/src/focus/sessions.ts';
import { actionKey, signActionToken } from '../../functions/src/reminders/actionToken.ts';
import { dispatchReminders } from '../../functions/src/reminders/dispatcher.ts';
import {
  readDevicesForBatch,
  refreshIfDevicesChanged,
} from '../../functions/src/reminderSchedule/schedule.ts';
import { firestoreReminderStore } from '../../functions/src/reminders/store.ts';
import { LOCAL_VAPID_KEYS } from '../../scripts/stack/config.ts';
import { utc, startOfUtcDay } from '../../scripts/standins/lms-fixtures.ts';
import { call, studentApi, type As } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { friday } from '../support/dates.ts';
import { admin } from '../support/firestore.ts';
import { testDevice, type TestDevice } from '../support/push.ts';

/** More than every suite on the shared stack leaves due at once. */
const EVERY_DUE_ENTRY = 100_000;

/**
 * The stored reminder schedule (`users/{uid}/reminder_schedule/{id}`: the next instant a card's
 * reminder fires) after every kind of write that moves it, made through the API; and the
 * board's ETag, which changes with every write to an assignment.
 */
const { db } = admin();

interface Card {
  id: string;
  title: string;
  due_date: string;
  status: string;
  created_at: string;
  series_id?: string | null;
}

async function student(zone = 'UTC') {
  const user = await createTestUser('schedule');
  const api = await studentApi(user.idToken);
  expect((await api.as('PATCH', `/api/user/${api.id}`, { time_zone: zone })).status).toBe(200);
  return { uid: api.id, as: api.as, user };
}

async function create(as: As, body: object): Promise<Card> {
  const res = await as('POST', '/api/assignment', body);
  expect(res.status, res.text).toBe(201);
  return (res.body as { item: Card }).item;
}

async function patch(as: As, body: object) {
  const res = await as('PATCH', '/api/assignment', body);
  expect(res.status, res.text).toBe(200);
}

/** The stored entry: when it fires and what, or null when the card has none. */
async function scheduled(uid: string, id: string) {
  const snap = await db.doc(`users/${uid}/reminder_schedule/${id}`).get();
  if (!snap.exists) return null;
  const at = (field: string) => {
    const v: unknown = snap.get(field);
    return v instanceof Timestamp ? v.toDate().toISOString() : null;
  };
  return {
    fire_at: at('fire_at'),
    fire_key: snap.get('fire_key') as unknown,
    snooze_at: at('snooze_at'),
  };
}

const firesAt = (fire_at: string, fire_key: string) => ({ fire_at, fire_key, snooze_at: null });

/** The board's ETag; it must differ after every write to an assignment. */
async function etag(as: As): Promise<string> {
  const res = await as('GET', '/api/assignments');
  expect(res.status).toBe(200);
  return res.headers.get('etag') ?? '';
}

function changesBoard(as: As) {
  let last = '';
  return async (what: string) => {
    const now = await etag(as);
    expect(now, what).not.toBe(last);
    expect(now, what).toMatch(/^"[\w-]+"$/);
    last = now;
  };
}

const key = actionKey(LOCAL_VAPID_KEYS.privateKey);
const press = (action: 'snooze' | 'done', uid: string, card: Card) =>
  call('POST', '/api/reminders/action', {
    body: {
      token: signActionToken(
        { action, uid, assignmentId: card.id, card: card.created_at, exp: Date.now() + 3_600_000 },
        key,
      ),
    },
  });

describe('the reminder schedule follows every write that moves it', () => {
  it('due date, reminder list, the student’s defaults and time zone', async () => {
    const { uid, as } = await student();
    const changed = changesBoard(as);
    await changed('empty board');
    const card = await create(as, {
      title: 'Essay',
      due_date: '2031-03-10T09:00:00',
      reminders: [60],
    });
    await changed('create');
    expect(await scheduled(uid, card.id)).toEqual(
      firesAt('2031-03-10T08:00:00.000Z', '2031-03-10T09:00:00|60'),
    );

    await patch(as, { id: card.id, due_date: '2031-03-11T12:00:00' });
    await changed('due date');
    expect(await scheduled(uid, card.id)).toEqual(
      firesAt('2031-03-11T11:00:00.000Z', '2031-03-11T12:00:00|60'),
    );

    await patch(as, { id: card.id, reminders: [30, 1440] });
    await changed('reminder list');
    expect(await scheduled(uid, card.id)).toEqual(
      firesAt('2031-03-10T12:00:00.000Z', '2031-03-11T12:00:00|1440'),
    );

    await patch(as, { id: card.id, reminders: null });
    expect((await as('PATCH', `/api/user/${uid}`, { reminder_defaults: [120] })).status).toBe(200);
    expect(await scheduled(uid, card.id)).toEqual(
      firesAt('2031-03-11T10:00:00.000Z', '2031-03-11T12:00:00|120'),
    );

    // 12:00 in Berlin on 11 March 2031 (winter time, UTC+1) is 11:00Z.
    const zone = await as('PATCH', `/api/user/${uid}`, { time_zone: 'Europe/Berlin' });
    expect(zone.status).toBe(200);
    expect(await scheduled(uid, card.id)).toEqual(
      firesAt('2031-03-11T09:00:00.000Z', '2031-03-11T12:00:00|120'),
    );
  });

  it('snooze, Done (board and notification), reopen and delete', async () => {
    const { uid, as } = await student();
    const changed = changesBoard(as);
    await changed('empty board');
    const card = await create(as, {
      title: 'Lab',
      due_date: '2031-05-02T10:00:00',
      reminders: [60],
    });
    await changed('create');

    const before = Date.now();
    const snoozed = await press('snooze', uid, card);
    expect(snoozed.status, snoozed.text).toBe(200);
    const until = (snoozed.body as { snoozed_until: string }).snoozed_until;
    expect(Date.parse(until) - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(await scheduled(uid, card.id)).toEqual({
      fire_at: until,
      fire_key: `snooze|${until}`,
      snooze_at: until,
    });
    // A change of the card keeps the snooze pending.
    await patch(as, { id: card.id, title: 'Lab report' });
    await changed('title');
    expect((await scheduled(uid, card.id))?.snooze_at).toBe(until);

    await patch(as, { id: card.id, status: 'done' });
    await changed('done');
    expect(await scheduled(uid, card.id)).toBeNull();
    await patch(as, { id: card.id, status: 'new' });
    await changed('reopen');
    expect(await scheduled(uid, card.id)).toEqual(
      firesAt('2031-05-02T09:00:00.000Z', '2031-05-02T10:00:00|60'),
    );

    const done = await press('done', uid, card);
    expect(done.status, done.text).toBe(200);
    await changed('done from a notification');
    expect(await scheduled(uid, card.id)).toBeNull();

    const other = await create(as, { title: 'Quiz', due_date: '2031-05-03T10:00:00' });
    expect(await scheduled(uid, other.id)).not.toBeNull();
    await changed('create');
    const deleted = await as('DELETE', '/api/assignment', { id: other.id });
    expect(deleted.status, deleted.text).toBe(200);
    await changed('delete');
    expect(await scheduled(uid, other.id)).toBeNull();
  });

  it('a repeating card’s next instance, and skipping to the next date', async () => {
    const { uid, as } = await student();
    const changed = changesBoard(as);
    await changed('empty board');
    const first = await create(as, {
      title: 'Weekly reading',
      due_date: friday(1),
      reminders: [60],
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
    });
    await changed('create');
    const skipped = await as('POST', `/api/assignment/${first.id}/skip`, {});
    expect(skipped.status, skipped.text).toBe(200);
    await changed('skip');
    expect(await scheduled(uid, first.id)).toEqual(
      firesAt(new Date(Date.parse(`${friday(2)}Z`) - 3_600_000).toISOString(), `${friday(2)}|60`),
    );

    await patch(as, { id: first.id, status: 'done' });
    await changed('done with a next instance');
    expect(await scheduled(uid, first.id)).toBeNull();
    const list = (await as('GET', '/api/assignments')).body as unknown as Card[];
    const next = list.find((c) => c.series_id === first.series_id && c.status === 'new')!;
    expect(next.due_date).toBe(friday(3));
    expect(await scheduled(uid, next.id)).toEqual(
      firesAt(new Date(Date.parse(`${friday(3)}Z`) - 3_600_000).toISOString(), `${friday(3)}|60`),
    );
  });

  it('a school feed’s import and a sync that moves a date', async () => {
    const { uid, as } = await student();
    const changed = changesBoard(as);
    await changed('empty board');
    const base = startOfUtcDay();
    const feed = (day: number) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:icalendar-ruby',
        'BEGIN:VEVENT',
        `DTSTART:${utc(base, day, 17, 0)}`,
        `DTEND:${utc(base, day, 17, 0)}`,
        'SUMMARY:Map exercise [HIST200]',
        'UID:event-assignment-77',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const url = `${inject('stack').lms}feeds/schedule-${Date.now()}.ics`;
    expect((await fetch(url, { method: 'PUT', body: feed(5) })).status).toBe(204);
    const created = await as('POST', '/api/lms-feeds', { url });
    expect(created.status, created.text).toBe(201);
    await changed('import');
    const [card] = (await as('GET', '/api/assignments')).body as unknown as Card[];
    const dueAt = (day: number) => new Date(base.getTime() + day * 86_400_000 + 17 * 3_600_000);
    // The defaults: 1 day and 1 hour before; the day before comes first.
    expect((await scheduled(uid, card!.id))?.fire_at).toBe(
      new Date(dueAt(5).getTime() - 86_400_000).toISOString(),
    );

    expect((await fetch(url, { method: 'PUT', body: feed(8) })).status).toBe(204);
    const synced = await as('POST', `/api/lms-feeds/${String(created.body.id)}/sync`);
    expect(synced.status, synced.text).toBe(200);
    await changed('sync that moved a date');
    expect((await scheduled(uid, card!.id))?.fire_at).toBe(
      new Date(dueAt(8).getTime() - 86_400_000).toISOString(),
    );
  });

  it('account deletion removes it', async () => {
    const { uid, as } = await student();
    const card = await create(as, { title: 'Poster', due_date: '2031-06-01T09:00:00' });
    expect(await scheduled(uid, card.id)).not.toBeNull();
    const gone = await as('DELETE', `/api/user/${uid}`);
    expect(gone.status, gone.text).toBe(200);
    expect(await scheduled(uid, card.id)).toBeNull();
    const left = await db.collection(`users/${uid}/reminder_schedule`).get();
    expect(left.size).toBe(0);
  });
});

describe('the devices copied onto a student’s schedule', () => {
  /** The endpoints each of the student's entries would send to, by card. */
  async function copies(uid: string): Promise<Record<string, string[]>> {
    const snap = await db.collection(`users/${uid}/reminder_schedule`).get();
    return Object.fromEntries(
      snap.docs.map((d) => [
        d.id,
        ((d.get('devices') as { endpoint: string }[]) ?? []).map((c) => c.endpoint).sort(),
      ]),
    );
  }
  const everywhere = (ids: string[], endpoints: string[]) =>
    Object.fromEntries(ids.map((id) => [id, [...endpoints].sort()]));

  async function subscribe(as: As, device: TestDevice): Promise<string> {
    const res = await as('POST', '/api/push/subscriptions', {
      subscription: { endpoint: device.endpoint, keys: device.keys },
      device_name: 'Phone',
    });
    expect(res.status, res.text).toBe(201);
    return String(res.body.id);
  }

  it('follow subscribe, unsubscribe and a device the push service no longer knows', async () => {
    const { uid, as } = await student();
    const a = await create(as, { title: 'Essay', due_date: '2031-03-10T09:00:00' });
    const b = await create(as, { title: 'Lab', due_date: '2031-03-12T09:00:00' });
    expect(await copies(uid)).toEqual(everywhere([a.id, b.id], []));

    const phone = testDevice();
    const laptop = testDevice('/gone');
    const phoneId = await subscribe(as, phone);
    expect(await copies(uid)).toEqual(everywhere([a.id, b.id], [phone.endpoint]));
    await subscribe(as, laptop);
    const c = await create(as, { title: 'Poster', due_date: '2031-03-14T09:00:00' });
    const both = [phone.endpoint, laptop.endpoint];
    expect(await copies(uid)).toEqual(everywhere([a.id, b.id, c.id], both));
    // A card's later write copies the list again (here: a new due date).
    await patch(as, { id: a.id, due_date: '2031-03-13T09:00:00' });
    expect(await copies(uid)).toEqual(everywhere([a.id, b.id, c.id], both));

    const removed = await as('DELETE', `/api/push/subscriptions/${phoneId}`);
    expect(removed.status, removed.text).toBe(200);
    expect(await copies(uid)).toEqual(everywhere([a.id, b.id, c.id], [laptop.endpoint]));

    // A stale copy (as a race would leave it) still names the phone; its push service answers
    // 410 like the laptop's, so both are removed and every copy follows.
    await db.doc(`users/${uid}/reminder_schedule/${b.id}`).update({
      devices: [
        { id: phoneId, endpoint: phone.endpoint, keys: phone.keys },
        ...((await db.doc(`push_users/${uid}`).get()).get('devices') as unknown[]),
      ],
    });
    const store = firestoreReminderStore(db);
    const sentTo: string[] = [];
    const report = await dispatchReminders({
      store: {
        ...store,
        // Every suite on this stack shares the schedule: read past their due entries, so this
        // student's are never cut off by the run's limit.
        due: async (now) => (await store.due(now, EVERY_DUE_ENTRY)).filter((e) => e.uid === uid),
      },
      send: async (device) => (sentTo.push(device.endpoint), 'gone'),
      // The day-before reminder of the Lab (UTC).
      now: new Date('2031-03-11T09:00:30Z'),
      tokenKey: actionKey(LOCAL_VAPID_KEYS.privateKey),
    });
    expect(sentTo.sort()).toEqual(both.sort());
    expect(report.removedDevices).toBe(2);
    expect((await as('GET', '/api/push/subscriptions')).body).toEqual([]);
    expect((await db.doc(`push_users/${uid}`).get()).exists).toBe(false);
    const after = await copies(uid);
    for (const id of [a.id, b.id, c.id]) expect(after[id], id).toEqual([]);
  });

  it('end as the newest list when device changes and card writes run at once', async () => {
    const { uid, as } = await student();
    const devices = [testDevice(), testDevice(), testDevice()];
    const [, , , ...cards] = await Promise.all([
      ...devices.map((d) => subscribe(as, d)),
      ...Array.from({ length: 8 }, (_, i) =>
        create(as, { title: `Card ${i}`, due_date: `2031-04-${10 + i}T09:00:00` }),
      ),
    ]);
    const ids = (cards as Card[]).map((c) => c.id);
    expect(await copies(uid)).toEqual(
      everywhere(
        ids,
        devices.map((d) => d.endpoint),
      ),
    );
  });

  it('a batch that read the list before a device change is copied again after it', async () => {
    const { uid, as } = await student();
    const card = await create(as, { title: 'Essay', due_date: '2031-03-10T09:00:00' });
    // A school feed's sync reads the list outside a transaction, then writes in batches.
    const read = await readDevicesForBatch(db, uid);
    const phone = testDevice();
    await subscribe(as, phone);
    await db.doc(`users/${uid}/reminder_schedule/${card.id}`).update({ devices: read.devices });
    expect(await copies(uid)).toEqual(everywhere([card.id], []));
    await refreshIfDevicesChanged(db, uid, read.readAt);
    expect(await copies(uid)).toEqual(everywhere([card.id], [phone.endpoint]));
  });
});

describe('the board’s ETag', () => {
  it('changes with every other kind of assignment write', async () => {
    const { uid, as } = await student();
    const changed = changesBoard(as);
    const card = await create(as, { title: 'Essay', due_date: '2031-03-10T09:00:00' });
    await changed('create');
    const sub = await as('POST', `/api/assignment/${card.id}/subtasks`, { title: 'Outline' });
    expect(sub.status, sub.text).toBe(201);
    await changed('subtask added');
    const sid = (sub.body.item as { subtasks: { id: string }[] }).subtasks[0]!.id;
    expect(
      (await as('PATCH', `/api/assignment/${card.id}/subtasks/${sid}`, { completed: true })).status,
    ).toBe(200);
    await changed('subtask ticked');
    expect((await as('DELETE', `/api/assignment/${card.id}/subtasks/${sid}`)).status).toBe(200);
    await changed('subtask removed');
    const note = await as('POST', `/api/assignment/${card.id}/notes`, {
      text: 'Ask about sources',
    });
    expect(note.status, note.text).toBe(201);
    await changed('note added');
    await patch(as, { id: card.id, rank: 5 });
    await changed('moved on the board');
    // The AI's deep-dive answer and Focus Mode's minutes, through the functions those routes call.
    await writePaths(db, uid, card.id, [[new FieldPath('deep_dive', 'explain'), 'An answer']]);
    await changed('deep dive saved');
    const start = Date.now();
    await recordFocusEvent(db, uid, card.id, `s-${start}`, 'start', start);
    await recordFocusEvent(db, uid, card.id, `s-${start}`, 'pause', start + 5 * 60_000);
    await changed('focus minutes');
  });
});
