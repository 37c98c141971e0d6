/**
 * One-off migration: reminders used to be worked out every minute from every student's
 * assignments; now each pending card has a stored schedule entry
 * (`users/{uid}/reminder_schedule/{id}`, docs/decisions/0017-reminder-schedule.md), and each board
 * a stamp (`users/{uid}/meta/board`) that gives the polling ETag. This builds both for data
 * stored before: an entry for every card that has none (a card not done, with a due time), and
 * a stamp for every board without one.
 *
 * It goes through the students a page at a time (ordered by id), and each student's cards a
 * page at a time, each page in one transaction that reads the cards and their entries and
 * creates only the entries missing; an entry written meanwhile by the API stands. It can run
 * again safely: a second run writes nothing.
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
  profileReminders,
  scheduleEntry,
  scheduleOf,
  writeEntry,
  type SchedulableDoc,
} from '../../functions/src/reminders/schedule.ts';

export interface ScheduleMigrationReport {
  students: number;
  /** Cards read. */
  scanned: number;
  /** Schedule entries created. */
  entries: number;
  /** Boards given their first stamp. */
  stamps: number;
}

export async function buildReminderSchedule(
  db: Firestore,
  { studentsPerPage = 100, cardsPerPage = 200, now = new Date() } = {},
): Promise<ScheduleMigrationReport> {
  const report: ScheduleMigrationReport = { students: 0, scanned: 0, entries: 0, stamps: 0 };
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

async function migrateStudent(
  db: Firestore,
  uid: string,
  profile: { defaults: number[] | null; zone: string },
  cardsPerPage: number,
  now: Date,
  report: ScheduleMigrationReport,
): Promise<void> {
  const cards = db.collection('users').doc(uid).collection('assignments');
  let after: string | null = null;
  for (;;) {
    let page = cards.orderBy(FieldPath.documentId()).limit(cardsPerPage);
    if (after) page = page.startAfter(after);
    const ids = (await page.get()).docs.map((d) => d.id);
    report.scanned += ids.length;
    if (ids.length > 0) {
      report.entries += await db.runTransaction(async (tx) => {
        const snaps = await Promise.all([
          ...ids.map((id) => tx.get(cards.doc(id))),
          ...ids.map((id) => tx.get(scheduleOf(db, uid).doc(id))),
        ]);
        let created = 0;
        ids.forEach((id, i) => {
          const card = snaps[i]!;
          if (!card.exists || snaps[ids.length + i]!.exists) return;
          const doc = card.data() as SchedulableDoc;
          const entry = scheduleEntry(uid, id, doc, profile.defaults, profile.zone, null, now);
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
  if (!(await readBoardStamp(db, uid)) && (await startBoardStamp(db, uid))) report.stamps++;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await buildReminderSchedule(getServices().db);
  console.log(
    `Read ${r.scanned} assignments of ${r.students} students; created ${r.entries} reminder schedule entries and ${r.stamps} board stamps.`,
  );
}
