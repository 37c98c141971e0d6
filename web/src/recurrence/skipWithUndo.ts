import type { Assignment } from '@brainboard/domain';
import { toast } from 'sonner';
import { updateAssignment } from '../data/assignmentsApi.ts';
import { errorDetail } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { showAlert } from '../ui/notify.ts';
import { skipFailed, skipToNext } from './recurrenceApi.ts';

/** How long the Undo stays offered: long enough to notice and reach it, then out of the way. */
const UNDO_MS = 10_000;

/** (ours) The toast after a skip, and the alert when its undo could not be saved. */
const skipped = (title: string) => `“${title}” moved to its next date.`;
const undoSkipFailed = (detail: string) => `Failed to undo the skip: ${detail}`;

/** What a skip needs from the board it was asked on. */
export interface SkipBoard {
  /** The card as the board shows it now. */
  find(id: string): Assignment | undefined;
  applyItem(item: Assignment): void;
  trackWrite<T>(write: Promise<T>): Promise<T>;
}

/**
 * "Skip to next …" on a card: moves the due date on to `to` (the server's skip changes nothing
 * but the card's due date and stamp, and works the date out again), then offers Undo in a toast. Undo puts the previous due date back
 * through the editor's own write (PATCH /api/assignment, this card only), once; if the card's
 * due date changed again meanwhile (another skip, an edit, another device), it is left alone.
 */
export async function skipWithUndo(board: SkipBoard, id: string, to: string): Promise<void> {
  const card = board.find(id);
  if (!card) return;
  const previous = card.due_date;
  let item: Assignment;
  try {
    item = await board.trackWrite(skipToNext(api, card, to));
  } catch (err) {
    await showAlert(skipFailed(errorDetail(err)));
    return;
  }
  board.applyItem(item);
  if (!previous || previous === item.due_date) return;
  let used = false;
  toast(skipped(item.title), {
    duration: UNDO_MS,
    action: {
      label: 'Undo',
      onClick: () => {
        if (used) return;
        used = true;
        void undo(board, id, item.due_date, previous);
      },
    },
  });
}

async function undo(board: SkipBoard, id: string, skippedTo: string, previous: string) {
  const now = board.find(id);
  if (!now || now.due_date !== skippedTo) return;
  try {
    board.applyItem(await board.trackWrite(updateAssignment(api, id, { due_date: previous })));
  } catch (err) {
    await showAlert(undoSkipFailed(errorDetail(err)));
  }
}
