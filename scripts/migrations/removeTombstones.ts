/**
 * One-off migration: subtasks and notes used to be removed by marking the map entry
 * `deleted: true`, which kept the removed text stored. Removal now deletes the entry, so this
 * deletes every entry still marked that way, in every student's assignments.
 *
 * Run against a project with Application Default Credentials (or the emulators, with
 * FIRESTORE_EMULATOR_HOST and GCLOUD_PROJECT set):
 *   npx tsx scripts/migrations/removeTombstones.ts
 * It can run again safely: a second run finds nothing to remove.
 */
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { pathToFileURL } from 'node:url';
import { getServices } from '../../functions/src/firebase.ts';

export interface TombstoneReport {
  /** Assignments read. */
  scanned: number;
  /** Assignments that had a removed entry. */
  changed: number;
  /** Entries deleted. */
  removed: number;
}

const MAPS = ['subtasks', 'notes'] as const;

/** The field paths of the removed entries in one stored assignment. */
function tombstonePaths(doc: Record<string, unknown>): FieldPath[] {
  return MAPS.flatMap((map) => {
    const entries = doc[map];
    if (!entries || typeof entries !== 'object') return [];
    return Object.entries(entries as Record<string, unknown>)
      .filter(([, v]) => !!v && typeof v === 'object' && (v as { deleted?: unknown }).deleted)
      .map(([id]) => new FieldPath(map, id));
  });
}

export async function removeTombstones(db: Firestore): Promise<TombstoneReport> {
  const report: TombstoneReport = { scanned: 0, changed: 0, removed: 0 };
  const snap = await db.collectionGroup('assignments').get();
  for (const doc of snap.docs) {
    report.scanned++;
    // Only assignments under users/{uid}.
    if (doc.ref.parent.parent?.parent.id !== 'users') continue;
    const paths = tombstonePaths(doc.data());
    const [first, ...rest] = paths;
    if (!first) continue;
    await doc.ref.update(
      first,
      FieldValue.delete(),
      ...rest.flatMap((p) => [p, FieldValue.delete()]),
      'version',
      FieldValue.increment(1),
    );
    report.changed++;
    report.removed += paths.length;
  }
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await removeTombstones(getServices().db);
  console.log(
    `Read ${report.scanned} assignments; removed ${report.removed} entries from ${report.changed}.`,
  );
}
