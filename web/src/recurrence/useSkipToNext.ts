import type { Assignment } from '@brainboard/domain';
import { useCallback, useEffect, useRef } from 'react';
import { errorDetail } from '../data/api/client.ts';
import { showAlert } from '../ui/notify.ts';
import { skipFailed } from './recurrenceApi.ts';
import type { SkipBoard } from './skipWithUndo.ts';

/**
 * The board's "Skip to next …" (skipWithUndo.ts), whose code loads with the first skip: only
 * repeating cards offer it, and the board's first paint has a budget (bench/bundle-size.ts).
 * The returned function stays the same, so cards stay memoised.
 */
export function useSkipToNext(
  assignments: readonly Assignment[],
  applyItem: (item: Assignment) => void,
  trackWrite: <T>(write: Promise<T>) => Promise<T>,
): (id: string, to: string) => void {
  // The list as last rendered: Undo compares against the card as it is when pressed.
  const list = useRef(assignments);
  useEffect(() => {
    list.current = assignments;
  });
  return useCallback(
    (id: string, to: string) => {
      const board: SkipBoard = {
        find: (cardId) => list.current.find((a) => a.id === cardId),
        applyItem,
        trackWrite,
      };
      // The service worker precaches the chunk; without it, offline, the skip says it failed.
      void import('./skipWithUndo.ts').then(
        ({ skipWithUndo }) => skipWithUndo(board, id, to),
        (err: unknown) => showAlert(skipFailed(errorDetail(err))),
      );
    },
    [applyItem, trackWrite],
  );
}
