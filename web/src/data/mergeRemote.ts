import { compareAssignments, type Assignment } from '@brainboard/domain';

const sortByRank = (list: readonly Assignment[]) => [...list].sort(compareAssignments);

/** Ids the board changed itself a moment ago, which an older remote list may not know yet. */
export interface RecentLocal {
  created: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
}

const same = (a: Assignment, b: Assignment) =>
  a.version === b.version &&
  a.updated_at === b.updated_at &&
  a.rank === b.rank &&
  a.status === b.status;

/**
 * The board's list after a remote list arrives. Per card the server's copy is the truth, unless
 * the board's is of a later `version`: a write the board already saw answered (an older
 * snapshot never undoes it), or one laid over it that the server has not stored yet (waiting,
 * or not saved: the card stays where the person put it until someone changes it again, which
 * raises the server's version). Cards just created or deleted here keep their local fate. Unchanged cards keep their object (memoised cards do not
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
    const keepLocal = !!l && (l.version > r.version || same(l, r));
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
