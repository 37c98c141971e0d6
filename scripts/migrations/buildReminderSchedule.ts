/**
 * One-off migration: reminders used to be worked out every minute from every student's
 * assignments; now each pending card has a stored schedule entry
 * (`users/{uid}/reminder_schedule/{id}`, docs/decisions/0017-reminder-schedule.md), and each board
 * a stamp (`users/{uid}/meta/board`) that gives the polling ETag. This builds both for data
 * stored before: an entry for every card that has none (a card not done, with a due time), and
 * a stamp for every board without one. Entries carry a copy of the student's push devices, kept
 * on `push_users/{uid}` as a list: it builds that list from the student's devices, and copies it
 * onto their pending entries that lack it (entries written before the copy existed).
 *
 * It goes through the students a page at a time (ordered by id), and each student's cards a
 * page at a time, each page in one transaction that reads the cards and their entries and
 * creates only the entries missing; an entry written meanwhile by the API stands. The device
 * list is written in a transaction that reads the devices and the list, as a device change does.
 * It can run again safely: a second run writes nothing.
 *
 * Run against a project with Application Default Credentials (or the emulators, with
 * FIRESTORE_EMULATOR_HOST and GCLOUD_PROJECT set):
 *   npx tsx scripts/migrations/buildReminderSchedule.ts
 */
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { pathToFileURL } from 'node:url';
import { getServices } from '../../functions/src/firebase.ts';
import { startBoardStamp, readBoardStamp } from '../../functions/src/board/stamp.ts';
import {
  devicesOf,
  pushUsers,
  sameDevices,
  type DeviceCopy,
} from '../../functions/src/reminderSchedule/deviceList.ts';
import {
  subscriptionsOf,
  type StoredSubscription,
} from '../../functions/src/push/subscriptions.ts';
import {
  profileReminders,
  refreshScheduledDevices,
  scheduleEntry,
  scheduleOf,
  writeEntry,
  type SchedulableDoc,
} from '../../functions/src/reminderSchedule/schedule.ts';

export interface ScheduleMigrationReport {
  students: number;
  /** Cards read. */
  scanned: number;
  /** Schedule entries created. */
  entries: number;
  /** Boards given their first stamp. */
  stamps: number;
  /** Students whose device list was written. */
  deviceLists: number;
  /** Pending entries given the student's devices. */
  deviceCopies: number;
}

export async function buildReminderSchedule(
  db: Firestore,
  { studentsPerPage = 100, cardsPerPage = 200, now = new Date() } = {},
): Promise<ScheduleMigrationReport> {
  const report: ScheduleMigrationReport = {
    students: 0,
    scanned: 0,
    entries: 0,
    stamps: 0,
    deviceLists: 0,
    deviceCopies: 0,
  };
  const users = db.collection('users');
  let after: string | null = null;
  for (;;) {
    let page = users.orderBy(FieldPath.documentId()).limit(studentsPerPage);
    if (after) page = page.startAfter(after);
    const snap = await page.get();
    for (const profile of snap.docs) {
      report.students++;
      await migrateStudent(db, profile.id, profileReminders(profile), cardsPerPage, now, report);
    }
    const last = snap.docs.at(-1);
    if (!last || snap.size < studentsPerPage) return report;
    after = last.id;
  }
}

/** Writes `push_users/{uid}`'s device list from the student's devices when it differs. */
async function writeDeviceList(db: Firestore, uid: string): Promise<boolean> {
  const marker = pushUsers(db).doc(uid);
  return db.runTransaction(async (tx) => {
    const [stored, subs] = await Promise.all([tx.get(marker), tx.get(subscriptionsOf(db, uid))]);
    const devices: DeviceCopy[] = subs.docs.map((d) => {
      const s = d.data() as StoredSubscription;
      return { id: d.id, endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
    });
    if (devices.length === 0 || sameDevices(stored.get('devices'), devices)) return false;
    tx.set(marker, { uid, updated_at: new Date().toISOString(), devices });
    return true;
  });
}

async function migrateStudent(
  db: Firestore,
  uid: string,
  profile: { defaults: number[] | null; zone: string },
  cardsPerPage: number,
  now: Date,
  report: ScheduleMigrationReport,
): Promise<void> {
  if (await writeDeviceList(db, uid)) report.deviceLists++;
  const cards = db.collection('users').doc(uid).collection('assignments');
  let after: string | null = null;
  for (;;) {
    let page = cards.orderBy(FieldPath.documentId()).limit(cardsPerPage);
    if (after) page = page.startAfter(after);
    const ids = (await page.get()).docs.map((d) => d.id);
    report.scanned += ids.length;
    if (ids.length > 0) {
      report.entries += await db.runTransaction(async (tx) => {
        const [marker, ...snaps] = await Promise.all([
          tx.get(pushUsers(db).doc(uid)),
          ...ids.map((id) => tx.get(cards.doc(id))),
          ...ids.map((id) => tx.get(scheduleOf(db, uid).doc(id))),
        ]);
        let created = 0;
        ids.forEach((id, i) => {
          const card = snaps[i]!;
          if (!card.exists || snaps[ids.length + i]!.exists) return;
          const doc = card.data() as SchedulableDoc;
          const student = { ...profile, devices: devicesOf(marker!) };
          const entry = scheduleEntry(uid, id, doc, student, null, now);
          if (!entry) return;
          writeEntry(tx, db, uid, id, entry);
          created++;
        });
        return created;
      });
    }
    if (ids.length < cardsPerPage) break;
    after = ids.at(-1)!;
  }
  report.deviceCopies += await refreshScheduledDevices(db, uid);
  if (!(await readBoardStamp(db, uid)) && (await startBoardStamp(db, uid))) report.stamps++;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await buildReminderSchedule(getServices().db);
  console.log(
    `Read ${r.scanned} assignments of ${r.students} students; created ${r.entries} reminder schedule entries and ${r.stamps} board stamps; wrote ${r.deviceLists} device lists and copied them onto ${r.deviceCopies} entries.`,
  );
}
