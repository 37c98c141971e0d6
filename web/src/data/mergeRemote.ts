import type { Assignment } from '@brainboard/domain';
import { sortByRank } from '../board/columns.ts';

/** Ids the board changed itself a moment ago, which an older remote list may not know yet. */
export interface RecentLocal {
  created: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
  /**
   * Cards whose local change could not be saved: the board keeps them where the person put them
   * (no visible revert) until someone changes them again.
   */
  unsaved: ReadonlySet<string>;
}

const same = (a: Assignment, b: Assignment) =>
  a.updated_at === b.updated_at && a.rank === b.rank && a.status === b.status;

/**
 * The board's list after a remote list arrives. Per card, the newer copy (updated_at) wins, so
 * an older snapshot never undoes a write the board already saw answered; cards just created or
 * deleted here keep their local fate. Unchanged cards keep their object (memoised cards do not
 * re-render), and when nothing changed the local array itself is returned.
 */
export function mergeRemote(
  local: readonly Assignment[],
  remote: readonly Assignment[],
  recent: RecentLocal,
): readonly Assignment[] {
  const localById = new Map(local.map((a) => [a.id, a]));
  const remoteIds = new Set<string>();
  const merged: Assignment[] = [];
  for (const r of remote) {
    remoteIds.add(r.id);
    if (recent.deleted.has(r.id)) continue;
    const l = localById.get(r.id);
    const keepLocal =
      !!l &&
      (l.updated_at > r.updated_at ||
        same(l, r) ||
        (recent.unsaved.has(r.id) && l.updated_at >= r.updated_at));
    if (l && keepLocal) merged.push(l);
    else merged.push(r);
  }
  for (const l of local) {
    if (!remoteIds.has(l.id) && recent.created.has(l.id)) merged.push(l);
  }
  const sorted = sortByRank(merged);
  if (sorted.length === local.length && sorted.every((a, i) => a === local[i])) return local;
  return sorted;
}
