import { join } from 'node:path';
import { DATA_DIR, PORT_OFFSET, ROOT } from './config.ts';
import { spawnGroup, type GroupProcess } from './processes.ts';

/**
 * Scheduled work of the local stack, each the same code the scheduled function runs in
 * production: the reminder dispatcher, in its own process with the functions' environment.
 */
export function startReminderJob(env: NodeJS.ProcessEnv): GroupProcess {
  return spawnGroup(
    process.execPath,
    ['--import', 'tsx', join('scripts', 'stack', 'reminder-loop.ts')],
    {
      cwd: ROOT,
      // It stands in for the Functions emulator's scheduled function, so it may read the
      // stand-ins' switches the emulator gets (functions/src/localStack.ts).
      env: { ...env, FUNCTIONS_EMULATOR: 'true' },
      logFile: join(DATA_DIR, 'logs', `reminders${PORT_OFFSET ? `-${PORT_OFFSET}` : ''}.log`),
    },
  );
}
