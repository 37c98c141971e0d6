import { runWorker, type WorkerLimits, type WorkerScript } from '../sandbox/worker.ts';
import {
  FEED_READ_TIME_LIMIT_MS,
  FEED_READERS_AT_ONCE,
  FEED_TURN_WAIT_MS,
  FEED_WORKER_HEAP_MB,
  FeedLimitError,
  FeedReadersBusyError,
  READ_FAILED,
  READ_TOO_LARGE,
  READ_TOO_SLOW,
} from './limits.ts';
import { NotACalendarError, type ParsedFeed } from './parse.ts';

/** What the feed worker is given: the feed's text and the window to read it in. */
export interface FeedWorkerInput {
  body: string;
  url: string;
  zone: string;
  nowMs: number;
  sinceMs: number;
}

/** What the feed worker answers. */
export type FeedWorkerAnswer =
  | { ok: true; feed: ParsedFeed }
  | { ok: false; kind: 'not-a-calendar' | 'limit' | 'failed'; message: string };

const FEED_WORKER: WorkerScript = {
  built: new URL('./feedWorker.js', import.meta.url),
  source: new URL('./feedWorker.ts', import.meta.url),
};

/**
 * At most `size` holders at once; the others wait in order, each at most `waitMs`. Reading a
 * feed takes a worker with its own heap, so an instance (512 MiB) runs only a few at once.
 */
export function turns(size: number, waitMs: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return async function take<T>(work: () => Promise<T>): Promise<T> {
    if (running < size) running++;
    else {
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(start), 1);
          reject(new FeedReadersBusyError());
        }, waitMs);
        queue.push(start);
      });
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}

const readerTurn = turns(FEED_READERS_AT_ONCE, FEED_TURN_WAIT_MS);

/**
 * A school calendar's deadlines, read in a worker thread inside the feed limits (limits.ts):
 * its heap is capped, it is stopped after the time limit, and the expansion of repeating
 * items is bounded inside it (parse.ts). Throws NotACalendarError, FeedLimitError (a 422's
 * sentence) or FeedReadersBusyError.
 */
export async function readFeedInWorker(
  input: FeedWorkerInput,
  limits: WorkerLimits = { heapMb: FEED_WORKER_HEAP_MB, timeLimitMs: FEED_READ_TIME_LIMIT_MS },
): Promise<ParsedFeed> {
  const outcome = await readerTurn(() => runWorker<FeedWorkerAnswer>(FEED_WORKER, input, limits));
  switch (outcome.kind) {
    case 'time':
      throw new FeedLimitError(READ_TOO_SLOW);
    case 'memory':
      throw new FeedLimitError(READ_TOO_LARGE);
    case 'failed':
      console.error('The feed reader stopped without an answer', outcome.error);
      throw new FeedLimitError(READ_FAILED);
  }
  const answer = outcome.answer;
  if (answer.ok) return answer.feed;
  if (answer.kind === 'not-a-calendar') throw new NotACalendarError();
  if (answer.kind === 'failed') console.error('Reading a feed failed:', answer.message);
  throw new FeedLimitError(answer.kind === 'limit' ? answer.message : READ_FAILED);
}
