import { assignmentFromDoc, compareAssignments, type Assignment } from '@brainboard/domain';
import { collection, onSnapshot, type Firestore } from 'firebase/firestore';

export interface LiveAssignmentsHandlers {
  /**
   * Every assignment of the user, in board order, each time any of them changes. `fromServer`
   * is false while the list comes from the local cache only (not yet, or no longer, connected).
   */
  onList(assignments: Assignment[], fromServer: boolean): void;
  /** The listener stopped for good (permission denied, an unusable channel...). */
  onError(err: Error): void;
}

/**
 * Listens to users/{uid}/assignments on `db`. No orderBy: a query ordered by a field leaves out
 * every document without it, so the whole collection is read and sorted with the comparator the
 * API's list uses. Returns the unsubscribe.
 */
export function listenToAssignments(
  db: Firestore,
  uid: string,
  { onList, onError }: LiveAssignmentsHandlers,
): () => void {
  return onSnapshot(
    collection(db, 'users', uid, 'assignments'),
    { includeMetadataChanges: true },
    (snap) =>
      onList(
        snap.docs.map((d) => assignmentFromDoc(d.id, d.data())).sort(compareAssignments),
        !snap.metadata.fromCache,
      ),
    onError,
  );
}
