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
 * What one minute's reminder run costs when nothing is due: it must not grow with the
 * students who have a device. Students are stored the way the API stores them (its own
 * assignment and device code), each with assignments due in 2031 and one push device.
 */
const { db } = admin();
const counter = countReads(db);
afterAll(() => counter.stop());

const run = Date.now().toString(36);
let seeded = 0;

async function seedStudents(count: number, assignmentsEach: number) {
  const now = new Date();
  await Promise.all(
    Array.from({ length: count }, async () => {
      const uid = `scale-${run}-${seeded++}`;
      await db.collection('users').doc(uid).set({ id: uid, time_zone: 'Europe/Berlin' });
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
        await createAssignment(
          db,
          uid,
          { title: `Task ${i}`, due_date: `2031-0${1 + (i % 9)}-10T09:00:00` },
          now,
        );
      }
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
