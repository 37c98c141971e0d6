import type { Status } from '@brainboard/domain';
import { columnLabel } from './columns.ts';

/** Screen-reader texts for dragging a card (keyboard dragging with announcements). */

export interface CardPlace {
  status: Status;
  /** 0-based. */
  index: number;
  count: number;
}

const place = (p: CardPlace) => `${columnLabel(p.status)}, position ${p.index + 1} of ${p.count}`;

export const SCREEN_READER_INSTRUCTIONS =
  'To pick up a card, press Space or Enter. Use the arrow keys to move it: up and down inside ' +
  'a column, left and right between columns. Press Space or Enter again to drop it, or Escape ' +
  'to cancel.';

export const pickedUpText = (title: string, p: CardPlace) =>
  `Picked up ${title}. It is in ${place(p)}.`;

export const movedOverText = (title: string, p: CardPlace) => `${title} is now in ${place(p)}.`;

export const droppedText = (title: string, p: CardPlace) => `Moved ${title} to ${place(p)}.`;

export const cancelledText = (title: string, p: CardPlace) =>
  `Move cancelled. ${title} is back in ${place(p)}.`;
