import { afterAll, describe, expect, it } from 'vitest';
import { createAssignment } from '../../functions/src/assignments/store.ts';
import { saveSubscription } from '../../functions/src/push/subscriptions.ts';
import { actionKey } from '../../functions/src/reminders/actionToken.ts';
import { dispatchReminders } from '../../functions/src/reminders/dispatcher.ts';
import { firestoreReminderStore } from '../../functions/src/reminders/store.ts';
import { LOCAL_VAPID_KEYS } from '../../scripts/stack/config.ts';
import { admin } from '../support/firestore.ts';
import { countReads } from '../support/readCounter.ts';

/**
 * What one minute's reminder run costs: with nothing due it must not grow with the students
 * who have a device, and with reminders due it reads those entries and a few documents more,
 * whatever the number of students they belong to. Students are stored the way the API stores
 * them (its own assignment and device code), each with one push device.
 */
const { db } = admin();
const counter = countReads(db);
afterAll(() => counter.stop());

const run = Date.now().toString(36);
let seeded = 0;

async function seedStudents(
  count: number,
  assignmentsEach: number,
  dueDate = (i: number) => `2031-0${1 + (i % 9)}-10T09:00:00`,
  zone = 'Europe/Berlin',
): Promise<string[]> {
  const now = new Date();
  return Promise.all(
    Array.from({ length: count }, async () => {
      const uid = `scale-${run}-${seeded++}`;
      await db.collection('users').doc(uid).set({ id: uid, time_zone: zone });
      await saveSubscription(
        db,
        uid,
        {
          endpoint: `https://fcm.googleapis.com/fcm/send/${uid}`,
          keys: { p256dh: 'p', auth: 'a' },
          device_name: 'Phone',
        },
        now,
      );
      for (let i = 0; i < assignmentsEach; i++) {
        await createAssignment(db, uid, { title: `Task ${i}`, due_date: dueDate(i) }, now);
      }
      return uid;
    }),
  );
}

/** Documents read by one run at a minute before anything stored here or by other suites is due. */
async function readsOfOneRun(): Promise<number> {
  counter.reset();
  const sent: string[] = [];
  await dispatchReminders({
    store: firestoreReminderStore(db),
    send: async (device) => {
      sent.push(device.endpoint);
      return 'sent';
    },
    // Every entry is written with its next reminder after its write (less 15 minutes), so at
    // this instant nothing in the stack's Firestore is due, whatever other suites stored.
    now: new Date('2020-01-01T00:00:00Z'),
    tokenKey: actionKey(LOCAL_VAPID_KEYS.privateKey),
  });
  expect(sent).toEqual([]);
  return counter.reads;
}

describe('a reminder minute with nothing due', () => {
  it('reads the same few documents for 20 students as for 60', async () => {
    await seedStudents(20, 5);
    const small = await readsOfOneRun();
    await seedStudents(40, 5);
    const large = await readsOfOneRun();
    console.log(`[reminder scale] documents read: ${small} with 20+ students, ${large} with 60+`);
    expect(large).toBeLessThanOrEqual(2);
    expect(large).toBe(small);
  });
});

describe('a reminder minute with reminders due', () => {
  /**
   * One run at `now` for these students only: the query still returns (and is billed for)
   * whatever else in the stack is due by then, so reads are compared with what it returned, and
   * other suites' entries are neither claimed nor moved on.
   */
  async function readsOfDueRun(students: string[], now: Date) {
    const mine = new Set(students);
    const store = firestoreReminderStore(db);
    let returned = 0;
    const sentTo = new Set<string>();
    counter.reset();
    await dispatchReminders({
      store: {
        ...store,
        due: async (at, limit) => {
          const all = await store.due(at, limit);
          returned = all.length;
          return all.filter((e) => mine.has(e.uid));
        },
      },
      send: async (device) => {
        sentTo.add(device.endpoint);
        return 'sent';
      },
      now,
      tokenKey: actionKey(LOCAL_VAPID_KEYS.privateKey),
    });
    return { reads: counter.reads, returned, sent: sentTo.size, paths: counter.paths };
  }

  it('reads the entries due and at most 5 documents more, for 10 students as for 30', async () => {
    // Each card is due 61 minutes after the next whole minute, in UTC, so its 60-minute
    // reminder fires at a minute nothing else stored is due at (others are due in 2031 or
    // were written for other instants), and a run one second later sends it.
    const minute = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    const due = new Date(minute + 60 * 60_000).toISOString().slice(0, 19);
    const fireAt = new Date(minute + 1000);
    const small = await seedStudents(10, 1, () => due, 'UTC');
    const first = await readsOfDueRun(small, fireAt);
    expect(first.sent).toBe(10);
    const large = await seedStudents(30, 1, () => due, 'UTC');
    const second = await readsOfDueRun(large, fireAt);
    expect(second.sent).toBe(30);
    console.log(
      `[reminder scale] due run: ${first.reads} documents read for ${first.returned} entries due (10 students), ${second.reads} for ${second.returned} (30 students)`,
    );
    expect(first.reads, first.paths.join('\n')).toBeLessThanOrEqual(first.returned + 5);
    expect(second.reads, second.paths.join('\n')).toBeLessThanOrEqual(second.returned + 5);
  });
});
