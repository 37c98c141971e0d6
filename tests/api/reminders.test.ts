import { wallClockIn as wallTime, type ReminderMessage } from '@brainboard/domain';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { actionKey } from '../../functions/src/reminders/actionToken.ts';
import { dispatchReminders } from '../../functions/src/reminders/dispatcher.ts';
import { firestoreReminderStore } from '../../functions/src/reminders/store.ts';
import { LOCAL_VAPID_KEYS } from '../../scripts/stack/config.ts';
import { call, studentApi } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { admin } from '../support/firestore.ts';
import { decryptPush, pushesFor, testDevice, type StoredPush } from '../support/push.ts';

const ZONE = 'America/New_York';

async function signedIn() {
  const user = await createTestUser('reminders');
  const api = await studentApi(user.idToken);
  expect((await api.as('PATCH', `/api/user/${api.id}`, { time_zone: ZONE })).status).toBe(200);
  return api;
}

describe('reminders by Web Push', () => {
  it('delivers an encrypted reminder within its minute; Snooze and Done work from its buttons', async () => {
    const { id: uid, as } = await signedIn();
    expect((await call('GET', '/api/push/public-key')).status).toBe(401);
    const key = await as('GET', '/api/push/public-key');
    expect(key.body).toEqual({ publicKey: LOCAL_VAPID_KEYS.publicKey });

    const device = testDevice();
    const sub = await as('POST', '/api/push/subscriptions', {
      subscription: { endpoint: device.endpoint, keys: device.keys },
      device_name: 'Test laptop',
    });
    expect(sub.status, sub.text).toBe(201);
    const list = await as('GET', '/api/push/subscriptions');
    expect(list.body).toEqual([
      { id: sub.body.id, device_name: 'Test laptop', created_at: expect.any(String) },
    ]);

    // Due two minutes after the current minute began; the reminder 1 minute before fires at
    // the start of the next minute.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const due = new Date(minute + 2 * 60_000);
    const fireAt = due.getTime() - 60_000;
    const created = await as('POST', '/api/assignment', {
      title: 'Physics worksheet',
      due_date: wallTime(due, ZONE),
      reminders: [1],
    });
    expect(created.status, created.text).toBe(201);
    const assignmentId = (created.body.item as { id: string }).id;

    let received: StoredPush | undefined;
    await expect
      .poll(
        async () => {
          [received] = await pushesFor(device.endpoint);
          return received !== undefined;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(true);
    const push = received!;
    const delayMs = Date.parse(push.received_at) - fireAt;
    console.log(
      `[reminders] due minute ${new Date(fireAt).toISOString()}, delivered after ${delayMs} ms`,
    );
    expect(delayMs).toBeGreaterThanOrEqual(0);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(/^vapid t=.+, k=/);
    const payload = decryptPush(device, push) as ReminderMessage;
    console.log(`[reminders] decrypted: ${JSON.stringify({ ...payload, tokens: '…' })}`);
    expect(payload.title).toMatch(/^Physics worksheet · due in 1 minute \(\d{1,2}:\d{2} [AP]M\)$/);
    expect(payload.url).toBe(`/dashboard?focus=${assignmentId}`);
    expect(Object.keys(payload.tokens).sort()).toEqual(['done', 'focus', 'snooze']);

    // A button's token allows its own action only; junk is refused.
    const forged = await call('POST', '/api/reminders/action', { body: { token: 'x.y' } });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({
      error: 'This reminder button no longer works. Open Brainboard to see the assignment.',
    });

    const snooze = await call('POST', '/api/reminders/action', {
      body: { token: payload.tokens.snooze },
    });
    expect(snooze.status, snooze.text).toBe(200);
    const until = Date.parse((snooze.body as { snoozed_until: string }).snoozed_until);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);

    // Ten minutes on (an injected clock), two overlapping runs send the snoozed reminder once.
    const { db } = admin();
    const sent: string[] = [];
    const run = () =>
      dispatchReminders({
        store: firestoreReminderStore(db),
        send: async (s) => {
          sent.push(s.endpoint);
          return 'sent';
        },
        now: new Date(until + 1000),
        tokenKey: actionKey(LOCAL_VAPID_KEYS.privateKey),
      });
    const reports = await Promise.all([run(), run()]);
    expect(sent).toEqual([device.endpoint]);
    expect(reports.map((r) => r.sent).sort()).toEqual([0, 1]);

    const done = await call('POST', '/api/reminders/action', {
      body: { token: payload.tokens.done },
    });
    expect(done.status, done.text).toBe(200);
    const after = await as('GET', `/api/assignment/${assignmentId}`);
    expect((after.body.item as { status: string }).status).toBe('done');
    expect(uid).toBeTruthy();
  }, 150_000);

  it('removes a device whose push service answers 410, and refuses endpoints that are no push service', async () => {
    const { as } = await signedIn();
    const gone = testDevice('/gone');
    const sub = await as('POST', '/api/push/subscriptions', {
      subscription: { endpoint: gone.endpoint, keys: gone.keys },
      device_name: 'Old phone',
    });
    expect(sub.status, sub.text).toBe(201);
    const test = await as('POST', `/api/push/subscriptions/${String(sub.body.id)}/test`, {});
    expect(test.status).toBe(410);
    expect((await as('GET', '/api/push/subscriptions')).body).toEqual([]);

    const good = testDevice();
    const ok = await as('POST', '/api/push/subscriptions', {
      subscription: { endpoint: good.endpoint, keys: good.keys },
      device_name: 'Laptop',
    });
    const sentTest = await as('POST', `/api/push/subscriptions/${String(ok.body.id)}/test`, {});
    expect(sentTest.status, sentTest.text).toBe(200);
    const [message] = await pushesFor(good.endpoint);
    expect((decryptPush(good, message!) as { title: string }).title).toBe(
      'Brainboard · reminders work on this device',
    );

    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:1/push/x',
    ]) {
      const refused = await as('POST', '/api/push/subscriptions', {
        subscription: { endpoint, keys: good.keys },
        device_name: 'Sneaky',
      });
      expect(refused.status, endpoint).toBe(400);
    }
  });
});

describe('the calendar feed', () => {
  it('parses with an independent parser, holds one alarm per reminder, and a reset link 404s', async () => {
    const { id: uid, as } = await signedIn();
    expect(
      (await as('PATCH', `/api/user/${uid}`, { reminder_defaults: [1440, 60, 10] })).status,
    ).toBe(200);
    const a = await as('POST', '/api/assignment', {
      title: 'Lab report',
      due_date: '2031-03-09T09:00:00',
    });
    const b = await as('POST', '/api/assignment', {
      title: 'Quiz',
      due_date: '2031-03-10T14:30:00',
      reminders: [0],
    });
    await as('POST', '/api/assignment', {
      title: 'Finished',
      due_date: '2031-03-10T10:00:00',
      status: 'done',
    });
    const aId = (a.body.item as { id: string }).id;
    const bId = (b.body.item as { id: string }).id;

    const first = await as('GET', '/api/calendar-feed');
    const url = new URL(String(first.body.url));
    expect(url.pathname).toMatch(/^\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await as('GET', '/api/calendar-feed')).body.url).toBe(first.body.url);
    const feedPath = url.pathname;
    const res = await fetch(`${inject('stack').api}${feedPath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    console.log(`[calendar feed] ${text.length} bytes:\n${text.slice(0, 900)}`);

    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('summary')).sort()).toEqual([
      'Lab report',
      'Quiz',
    ]);
    const byUid = new Map(events.map((e) => [String(e.getFirstPropertyValue('uid')), e]));
    const lab = byUid.get(`${aId}@brainboard`)!;
    const dtstart = lab.getFirstProperty('dtstart')!;
    expect(dtstart.getParameter('tzid')).toBe(ZONE);
    expect(String(dtstart.getFirstValue())).toBe('2031-03-09T09:00:00');
    const triggers = (e: ICAL.Component) =>
      e
        .getAllSubcomponents('valarm')
        .map((v) => String(v.getFirstPropertyValue('trigger')))
        .sort();
    expect(triggers(lab)).toEqual(['-P1D', '-PT10M', '-PT1H']);
    expect(triggers(byUid.get(`${bId}@brainboard`)!)).toEqual(['PT0S']);
    const seq1 = Number(lab.getFirstPropertyValue('sequence'));

    // A change raises SEQUENCE. It counts the whole seconds of the last change on the server's
    // own clock (the Functions emulator's, which no test can move), so the change is made in
    // the next second.
    await new Promise((r) => setTimeout(r, 1100));
    await as('PATCH', '/api/assignment', { id: aId, due_date: '2031-03-09T10:00:00' });
    const again = new ICAL.Component(
      ICAL.parse(await (await fetch(`${inject('stack').api}${feedPath}`)).text()),
    );
    const moved = again
      .getAllSubcomponents('vevent')
      .find((e) => e.getFirstPropertyValue('uid') === `${aId}@brainboard`)!;
    expect(Number(moved.getFirstPropertyValue('sequence'))).toBeGreaterThan(seq1);

    const rotated = await as('POST', '/api/calendar-feed/rotate', {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(first.body.url);
    const old = await fetch(`${inject('stack').api}${feedPath}`);
    expect(old.status).toBe(404);
    const fresh = await fetch(
      `${inject('stack').api}${new URL(String(rotated.body.url)).pathname}`,
    );
    expect(fresh.status).toBe(200);
  });
});
