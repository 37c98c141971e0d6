import { startLmsStandin } from '../standins/lms-standin.ts';
import { PORT_OFFSET } from './config.ts';

/** The LMS stand-in's port (8092 plus the stack's offset). */
export const LMS_STANDIN_PORT = Number(process.env.LMS_STANDIN_PORT ?? 8092) + PORT_OFFSET;

/** How often the local stack runs the feed enqueue job (production: every 30 minutes). */
const LOCAL_ENQUEUE_INTERVAL_MS = 5_000;

/** Starts the LMS stand-in; its URL is the one loopback base the functions may fetch. */
export async function startLms(log: (m: string) => void) {
  const standin = await startLmsStandin({ port: LMS_STANDIN_PORT, host: '127.0.0.1' });
  log(`LMS stand-in: ${standin.url}`);
  return standin;
}

/**
 * Runs the same enqueue job as production's `lmsSync` function every few seconds, against the
 * emulators (call after they are up, with CLOUD_TASKS_EMULATOR_HOST set): the tasks go to the
 * Cloud Tasks emulator, which dispatches them to `feedSync` in the Functions emulator, as Cloud
 * Tasks does in production. Runs never overlap.
 */
export async function startLmsSyncLoop(): Promise<() => Promise<void>> {
  const { getServices } = await import('../../functions/src/firebase.ts');
  const { enqueueDueFeeds, feedTaskQueue } = await import('../../functions/src/lms/schedule.ts');
  const { app, db } = getServices();
  const queue = feedTaskQueue(app);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => enqueueDueFeeds(db, queue, new Date()))
      .catch((err: unknown) => console.error('Enqueueing the feed syncs failed', err));
  }, LOCAL_ENQUEUE_INTERVAL_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
