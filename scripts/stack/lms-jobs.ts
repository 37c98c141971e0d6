import { startLmsStandin } from '../standins/lms-standin.ts';
import { PORT_OFFSET } from './config.ts';

/** The LMS stand-in's port (8092 plus the stack's offset). */
export const LMS_STANDIN_PORT = Number(process.env.LMS_STANDIN_PORT ?? 8092) + PORT_OFFSET;

/** How often the local stack runs the scheduled feed sync (production: every 30 minutes). */
const LOCAL_SYNC_INTERVAL_MS = 5_000;

/** Starts the LMS stand-in; its URL is the one loopback base the functions may fetch. */
export async function startLms(log: (m: string) => void) {
  const standin = await startLmsStandin({ port: LMS_STANDIN_PORT, host: '127.0.0.1' });
  log(`LMS stand-in: ${standin.url}`);
  return standin;
}

/**
 * Runs the same scheduled sync as production's `lmsSync` function every few
 * seconds, against the emulators (call after they are up). Runs never overlap.
 */
export async function startLmsSyncLoop(allowedBase: string): Promise<() => Promise<void>> {
  const { getServices } = await import('../../functions/src/firebase.ts');
  const { syncDueFeeds } = await import('../../functions/src/lms/schedule.ts');
  const { db } = getServices();
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => syncDueFeeds(db, { allowedBase }, new Date()))
      .catch((err: unknown) => console.error('Scheduled feed sync failed', err));
  }, LOCAL_SYNC_INTERVAL_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
