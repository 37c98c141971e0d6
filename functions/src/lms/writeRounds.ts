import type { SyncCounts } from '@brainboard/domain';
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { touchBoard } from '../board/stamp.ts';
import { DATABASE_DEADLINE_MS, DatabaseDeadlineError } from '../http/deadline.ts';

/**
 * How a feed sync sends its writes: in rounds of a few hundred, each answered within the
 * database deadline, and write by write where another sync of the feed raced with a round
 * (sync.ts plans the writes).
 */

/**
 * Planned writes per batch: each is an assignment and its reminder schedule entry, plus the
 * board's stamp once, well inside what Firestore takes in one commit (500 writes, 10 MiB).
 */
export const WRITE_ROUND = 200;

export interface SyncResult {
  counts: SyncCounts;
  changes: string[];
}

/**
 * Writing stopped before the end (the database stopped answering, or the write budget ran
 * out): `done` counts what was written, `left` the writes that were not.
 */
export class WritesUnfinishedError extends Error {
  override name = 'WritesUnfinishedError';
  constructor(
    readonly done: SyncResult,
    readonly left: number,
    override readonly cause: unknown,
  ) {
    super(`${left} writes of a feed sync were not made.`);
  }
}

export const grpcCode = (err: unknown) => (err as { code?: unknown })?.code;

/**
 * A write's answer within the database deadline. The client library gives a commit its own
 * retries and up to 60 s per attempt, and an import's writes run after the request's deadline
 * is lifted; past this one the write counts as not confirmed (it may still land later).
 */
export async function answered<T>(write: Promise<T>, ms = DATABASE_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseDeadlineError()), ms);
  });
  try {
    return await Promise.race([write, late]);
  } finally {
    clearTimeout(timer);
  }
}
export const NOT_FOUND = 5;
export const ALREADY_EXISTS = 6;
export const FAILED_PRECONDITION = 9;

/** One planned write: how to send it, and what its outcome counts. */
export interface PlannedWrite {
  /** Adds the write (with its schedule entry) to a batch. */
  into(batch: WriteBatch): void;
  landed(): void;
  /** A refusal this write expects (and settles); false for any other failure. */
  refused(err: unknown): Promise<boolean>;
}

/** Refusals a planned write expects (a race with another sync), settled write by write. */
const EXPECTED_REFUSALS = new Set([NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION]);
/** Writes sent at once when a round goes write by write. */
const ALONE_AT_ONCE = 25;

/**
 * Sends the writes in batches of WRITE_ROUND, one after another, each answered within the
 * database deadline (`answered`). A batch lands whole or not at all: when one of its writes is
 * refused as expected (another sync of the feed got there first), its writes are sent alone,
 * so each lands or is settled on its own. Any other failure, or the deadline, ends the
 * writing; then WritesUnfinishedError says what was written (`result()`) and how many writes
 * were not confirmed.
 */
export async function writeInRounds(
  db: Firestore,
  uid: string,
  writes: PlannedWrite[],
  deadline: number,
  result: () => SyncResult,
): Promise<void> {
  for (let sent = 0; sent < writes.length;) {
    if (Date.now() > deadline) {
      throw new WritesUnfinishedError(result(), writes.length - sent, 'write budget');
    }
    const round = writes.slice(sent, sent + WRITE_ROUND);
    const batch = db.batch();
    for (const write of round) write.into(batch);
    touchBoard(batch, db, uid);
    try {
      await answered(batch.commit());
      for (const write of round) write.landed();
      sent += round.length;
      continue;
    } catch (err) {
      if (!EXPECTED_REFUSALS.has(grpcCode(err) as number)) {
        throw new WritesUnfinishedError(result(), writes.length - sent, err);
      }
    }
    const failures: unknown[] = [];
    let next = 0;
    const lane = async () => {
      while (next < round.length) {
        const write = round[next++] as PlannedWrite;
        try {
          const alone = db.batch();
          write.into(alone);
          touchBoard(alone, db, uid);
          await answered(alone.commit());
          write.landed();
        } catch (err) {
          // Settling a refusal reads and writes again, and may fail in its turn.
          const settled = await write.refused(err).catch((again: unknown) => {
            failures.push(again);
            return true;
          });
          if (!settled) failures.push(err);
        }
      }
    };
    await Promise.all(Array.from({ length: ALONE_AT_ONCE }, lane));
    sent += round.length;
    if (failures.length > 0) {
      throw new WritesUnfinishedError(
        result(),
        failures.length + writes.length - sent,
        failures[0],
      );
    }
  }
}
