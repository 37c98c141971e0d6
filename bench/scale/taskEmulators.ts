/**
 * The Firebase emulators the school-feed part of the scale bench dispatches through, started as
 * the local stack starts them (scripts/stack/stack.ts): the functions built by
 * `functions/build.mjs`, then `firebase emulators:start --only auth,functions,tasks` with the
 * functions' local environment (scripts/stack/config.ts), except that the functions talk to the
 * bench's own lite Firestore and may fetch only from the bench's LMS stand-in, and that every
 * emulator port is a free one (a copy of firebase.json's emulator settings with its ports
 * moved), so the bench runs beside a stack, as its smoke test does in `npm test`. The Functions
 * emulator serves `feedSync` and registers its queue with the Cloud Tasks emulator, which
 * dispatches each task to it over HTTP at its scheduleTime, with the queue's rate limits and
 * retries, as Cloud Tasks does in production.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { DATA_DIR, functionsEnv, PROJECT_ID, ROOT } from '../../scripts/stack/config.ts';
import { spawnGroup, waitForHttp } from '../../scripts/stack/processes.ts';
import {
  FEED_TASK_RATE,
  FEED_TASK_REGION,
  FEED_TASK_RETRY,
} from '../../functions/src/lms/schedule.ts';

export interface TaskEmulators {
  /** host:port of the Cloud Tasks emulator, as CLOUD_TASKS_EMULATOR_HOST takes it. */
  tasksHost: string;
  /**
   * Registers the feed queue again with production's retry settings and its rate limits
   * multiplied by `speedup` (a compressed clock: docs/scale.md, Feeds). 1 keeps them as the
   * Functions emulator registered them.
   */
  scaleFeedQueue(speedup: number): Promise<void>;
  /** Tasks on the feed queue not yet dispatched (waiting for their time, or queued). */
  feedTasksWaiting(): Promise<number>;
  stop(): Promise<void>;
}

const QUEUE = 'feedSync';

function buildFunctions(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['functions/build.mjs'], { cwd: ROOT }, (err, _out, stderr) =>
      err ? reject(new Error(`Building the functions failed:\n${stderr}`)) : resolve(),
    );
  });
}

/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface FirebaseJson {
  functions: { source: string }[];
  emulators: Record<string, { host?: string; port?: number }>;
}

/**
 * A copy of the built functions (`functions/lib` and its package.json, with its node_modules
 * linked) that this run's Functions emulator serves: it reloads when its source changes, and
 * another build of `functions/lib` (a test run's stack) must not reload it in the middle.
 */
function copyBuiltFunctions(): string {
  const dir = join(DATA_DIR, `scale-functions-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'functions', 'lib'), join(dir, 'lib'), { recursive: true });
  cpSync(join(ROOT, 'functions', 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'functions', 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/**
 * firebase.json with every emulator on a free port and the functions served from `source`,
 * written beside it (the functions' source is found relative to the file; the name is
 * git-ignored). Answers the file and the ports.
 */
async function configWithFreePorts(
  source: string,
): Promise<{ file: string; ports: Record<string, number> }> {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
  for (const codebase of config.functions) codebase.source = relative(ROOT, source);
  const ports: Record<string, number> = {};
  for (const [name, entry] of Object.entries(config.emulators)) {
    if (typeof entry.port !== 'number') continue;
    entry.port = await freePort();
    ports[name] = entry.port;
  }
  const file = join(ROOT, `firebase.offset-scale-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return { file, ports };
}

interface StartOptions {
  firestoreHost: string;
  lmsBase: string;
  log: (line: string) => void;
}

/** Starts the emulators, trying twice more (on new ports, from a new build) when they fail. */
export async function startTaskEmulators(options: StartOptions): Promise<TaskEmulators> {
  const ATTEMPTS = 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (err) {
      // A port taken between the choosing and the binding, or a build read while another
      // process wrote it, on a busy machine.
      if (attempt >= ATTEMPTS) throw err;
      const why = err instanceof Error ? err.message : String(err);
      options.log(`  the emulators did not start (${why}); trying again on other ports`);
    }
  }
}

async function startOnce(options: StartOptions): Promise<TaskEmulators> {
  options.log('  building the functions and starting the emulators (auth, functions, tasks)...');
  await buildFunctions();
  const functionsDir = copyBuiltFunctions();
  const { file, ports } = await configWithFreePorts(functionsDir);
  const tasksHost = `127.0.0.1:${ports.tasks}`;
  const functionsBase = `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${FEED_TASK_REGION}`;
  const env: NodeJS.ProcessEnv = {
    FUNCTIONS_DISCOVERY_TIMEOUT: '60',
    ...process.env,
    ...functionsEnv('lite', { lmsBaseUrl: options.lmsBase }),
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIRESTORE_EMULATOR_HOST: options.firestoreHost,
    FUNCTIONS_EMULATOR_PARALLEL: process.env.FUNCTIONS_EMULATOR_PARALLEL ?? '6',
  };
  const emulators = spawnGroup(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
      'emulators:start',
      '--only',
      'auth,functions,tasks',
      '--project',
      PROJECT_ID,
      '--config',
      file,
    ],
    { cwd: ROOT, env, logFile: join(DATA_DIR, 'logs', `scale-emulators-${process.pid}.log`) },
  );
  const stop = async () => {
    await emulators.stop();
    rmSync(file, { force: true });
    rmSync(functionsDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${functionsBase}/api/api/health`, {
      timeoutMs: 180_000,
      process: emulators,
      what: 'The Firebase emulators',
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const queueUrl = `http://${tasksHost}/projects/${PROJECT_ID}/locations/${FEED_TASK_REGION}/queues/${QUEUE}`;
  const key = `queue:${PROJECT_ID}-${FEED_TASK_REGION}-${QUEUE}`;
  return {
    tasksHost,
    async scaleFeedQueue(speedup) {
      if (speedup === 1) return;
      const res = await fetch(queueUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          retryConfig: FEED_TASK_RETRY,
          rateLimits: {
            maxConcurrentDispatches: Math.min(
              5000,
              FEED_TASK_RATE.maxConcurrentDispatches * speedup,
            ),
            maxDispatchesPerSecond: FEED_TASK_RATE.maxDispatchesPerSecond * speedup,
          },
          defaultUri: `${functionsBase}/${QUEUE}`,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`The tasks emulator refused the queue: ${await res.text()}`);
    },
    async feedTasksWaiting() {
      const res = await fetch(`http://${tasksHost}/queueStats`, {
        signal: AbortSignal.timeout(10_000),
      });
      const stats = (await res.json()) as Record<string, { numberOfTasks: number }>;
      return stats[key]?.numberOfTasks ?? 0;
    },
    stop,
  };
}
