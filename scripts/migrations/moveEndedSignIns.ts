/**
 * One-off migration: sign-ins ended with Logout used to be kept at `users/{uid}/private/signins`;
 * now they are in the student's board document (`users/{uid}/meta/board`), so one read answers
 * both the sign-in check and an unchanged poll (docs/decisions/0019-one-read-per-poll.md).
 *
 * The API moves a student's old document itself at their first request after the change. Run
 * this once the new version serves all traffic: it moves every old document still there, which
 * covers students who have not been seen since and a Logout that an instance of the previous
 * version was still answering when the new one took over (it wrote the old place after the
 * API had moved it). Each move is one transaction that merges the old ended sign-ins into the
 * board document and deletes the old one; it can run again safely (a second run finds none).
 *
 * Run against a project with Application Default Credentials (or the emulators, with
 * FIRESTORE_EMULATOR_HOST and GCLOUD_PROJECT set):
 *   npx tsx scripts/migrations/moveEndedSignIns.ts
 */
import type { Firestore } from 'firebase-admin/firestore';
import { pathToFileURL } from 'node:url';
import { getServices } from '../../functions/src/firebase.ts';
import { moveEndedSignIns } from '../../functions/src/users/signins.ts';

export interface SigninsMigrationReport {
  /** Old documents found and moved. */
  moved: number;
}

export async function moveAllEndedSignIns(
  db: Firestore,
  { pageSize = 300 } = {},
): Promise<SigninsMigrationReport> {
  const report: SigninsMigrationReport = { moved: 0 };
  // Every `private` document of every student (a few each), by path, without their fields.
  let page = db.collectionGroup('private').select().limit(pageSize);
  for (;;) {
    const snap = await page.get();
    for (const doc of snap.docs) {
      const uid = doc.ref.parent.parent?.id;
      if (doc.id !== 'signins' || doc.ref.parent.parent?.parent.id !== 'users' || !uid) continue;
      await moveEndedSignIns(db, uid);
      report.moved++;
    }
    const last = snap.docs.at(-1);
    if (!last || snap.size < pageSize) return report;
    page = page.startAfter(last);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await moveAllEndedSignIns(getServices().db);
  console.log(`Moved the ended sign-ins of ${r.moved} students into their board documents.`);
}
