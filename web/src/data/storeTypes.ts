// What the assignments store offers the features (its hook is useAssignments.ts).
import type { Assignment, RepeatScope, Status } from '@brainboard/domain';

/** A card's new place in its column after a drag (the moved card and renumbered neighbours). */
export interface RankChange {
  id: string;
  rank: number;
}

export type AssignmentsStatus = 'loading' | 'ready' | 'error';

export interface UseAssignments {
  /**
   * 'ready' at once when this browser has the student's board from last time (userCache), or
   * when the first load answered; 'error' when the first load failed (logged; live updates keep
   * retrying), with the cached board if there is one.
   */
  status: AssignmentsStatus;
  /** Every assignment, sorted by rank ascending. */
  assignments: readonly Assignment[];
  /** Puts an assignment as the server answered it (after create, update, subtask changes...). */
  applyItem(item: Assignment): void;
  /**
   * Moves a card: the board changes at once, then the change is saved (docs/product.md, Behaviour).
   * `ranks` holds
   * the moved card's new rank, plus any renumbered neighbours. On failure: the alert,
   * and the card stays where the person put it. Resolves true when saved.
   */
  moveCard(id: string, status: Status, ranks: readonly RankChange[]): Promise<boolean>;
  /** Deletes (the caller has asked for confirmation); the alert on failure. */
  /** `scope` for the open card of a repeat: only this one (the next one comes) or the repeat too. */
  deleteCard(id: string, scope?: RepeatScope): Promise<boolean>;
  /**
   * A change made outside the board (Focus Mode ticking a subtask): `change` shows on the card
   * at once, then the server's answer to `write` replaces it. On failure `undo` is applied to
   * the card as it is then, and the error goes to the caller (which tells the student).
   */
  saveChange(
    id: string,
    change: (a: Assignment) => Assignment,
    undo: (a: Assignment) => Assignment,
    write: () => Promise<Assignment>,
  ): Promise<Assignment>;
  /** Wraps any write, so live updates never show data older than it meanwhile. */
  trackWrite<T>(write: Promise<T>): Promise<T>;
  /** While held (a drag is in progress), live updates wait. */
  holdUpdates(hold: boolean): void;
}
