/**
 * Worker thread entry: reads one school calendar (parse.ts, with its bounds on repeating
 * items) and posts the deadlines, or why it could not, back. Runs with a capped heap and a
 * time limit (feedSandbox.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FeedWorkerAnswer, FeedWorkerInput } from './feedSandbox.ts';
import { FeedLimitError } from './limits.ts';
import { NotACalendarError, parseFeed } from './parse.ts';

const { body, url, zone, nowMs, sinceMs } = workerData as FeedWorkerInput;

let answer: FeedWorkerAnswer;
try {
  answer = { ok: true, feed: parseFeed(body, url, zone, new Date(nowMs), new Date(sinceMs)) };
} catch (err) {
  answer = {
    ok: false,
    kind:
      err instanceof NotACalendarError
        ? 'not-a-calendar'
        : err instanceof FeedLimitError
          ? 'limit'
          : 'failed',
    message: err instanceof Error ? err.message : String(err),
  };
}
parentPort?.postMessage(answer);
