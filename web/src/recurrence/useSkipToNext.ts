import type { Assignment } from '@brainboard/domain';
import { useCallback, useRef, useEffect } from 'react';
import { toast } from 'sonner';
import { updateAssignment } from '../assignment/assignmentsApi.ts';
import { errorDetail } from '../api/client.ts';
import { api } from '../firebase/api.ts';
import { showAlert } from '../ui/notify.ts';
import { skipFailed, skipToNext } from './recurrenceApi.ts';

/** How long the Undo stays offered: long enough to notice and reach it, then out of the way. */
const UNDO_MS = 10_000;

/** (ours) The toast after a skip, and the alert when its undo could not be saved. */
const skipped = (title: string) => `“${title}” moved to its next date.`;
const undoSkipFailed = (detail: string) => `Failed to undo the skip: ${detail}`;

/**
 * "Skip to next …" on a card: moves the due date on (the server's skip changes nothing but the
 * card's due date and stamp), then offers Undo in a toast. Undo puts the previous due date back
 * through the editor's own write (PATCH /api/assignment, this card only), once; if the card's
 * due date changed again meanwhile (another skip, an edit, another device), it is left alone.
 */
export function useSkipToNext(
  assignments: readonly Assignment[],
  applyItem: (item: Assignment) => void,
  trackWrite: <T>(write: Promise<T>) => Promise<T>,
): (id: string) => void {
  // The list as last rendered, so the returned function stays the same and cards stay memoised.
  const list = useRef(assignments);
  useEffect(() => {
    list.current = assignments;
  });

  const undo = useCallback(
    async (id: string, skippedTo: string, previous: string) => {
      const now = list.current.find((a) => a.id === id);
      if (!now || now.due_date !== skippedTo) return;
      try {
        applyItem(await trackWrite(updateAssignment(api, id, { due_date: previous })));
      } catch (err) {
        await showAlert(undoSkipFailed(errorDetail(err)));
      }
    },
    [applyItem, trackWrite],
  );

  return useCallback(
    (id: string) => {
      const previous = list.current.find((a) => a.id === id)?.due_date;
      void trackWrite(skipToNext(api, id)).then(
        (item) => {
          applyItem(item);
          if (!previous || previous === item.due_date) return;
          let used = false;
          toast(skipped(item.title), {
            duration: UNDO_MS,
            action: {
              label: 'Undo',
              onClick: () => {
                if (used) return;
                used = true;
                void undo(id, item.due_date, previous);
              },
            },
          });
        },
        (err: unknown) => showAlert(skipFailed(errorDetail(err))),
      );
    },
    [applyItem, trackWrite, undo],
  );
}
