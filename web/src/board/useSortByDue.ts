import {
  MOVE_ASSIGNMENT_FAILED,
  compareAssignments,
  type Assignment,
  type Status,
} from '@brainboard/domain';
import { useCallback } from 'react';
import { updateAssignment } from '../data/assignmentsApi.ts';
import { api } from '../data/api.ts';
import { showAlert } from '../ui/notify.ts';
import { sortByDueChanges } from './sortByDue.ts';

/**
 * "Sort by due date" for one column: the cards it moves change on screen at once, then each
 * moved card's new `rank` is saved on its own (nothing else of the card is written).
 */
export function useSortByDue(
  assignments: readonly Assignment[],
  applyItem: (item: Assignment) => void,
  trackWrite: <T>(write: Promise<T>) => Promise<T>,
): (status: Status) => Promise<boolean> {
  return useCallback(
    async (status: Status) => {
      const column = assignments.filter((a) => a.status === status).sort(compareAssignments);
      const changes = sortByDueChanges(column);
      const byId = new Map(column.map((a) => [a.id, a]));
      for (const c of changes) {
        const card = byId.get(c.id);
        if (card) applyItem({ ...card, rank: c.rank });
      }
      const results = await Promise.allSettled(
        changes.map((c) =>
          trackWrite(updateAssignment(api, c.id, { rank: c.rank })).then(applyItem),
        ),
      );
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (!failed) return true;
      console.error('Brainboard: could not save the sorted order.', failed.reason);
      void showAlert(MOVE_ASSIGNMENT_FAILED);
      return false;
    },
    [assignments, applyItem, trackWrite],
  );
}
