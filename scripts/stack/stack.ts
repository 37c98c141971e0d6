import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startCalendarStandin, type CalendarStandin } from '../standins/calendar-standin.ts';
import { startOpenAIStandin } from '../standins/openai-standin.ts';
import { startPushStandin } from '../standins/push-standin.ts';
import { startReminderJob } from './jobs.ts';
import {
  CALENDAR_STANDIN_PORT,
  DATA_DIR,
  emulatorConfigFile,
  liteFirestorePidFile,
  emulatorPorts,
  functionsEnv,
  OPENAI_STANDIN_PORT,
  PORT_OFFSET,
  PUSH_STANDIN_PORT,
  PROJECT_ID,
  ROOT,
  urls,
  WEB_PORT,
  webEnv,
  type ProviderUrls,
} from './config.ts';
import { startLms, startLmsSyncLoop, LMS_STANDIN_PORT } from './lms-jobs.ts';
import { startFaultControl, type FaultControl, type StoppablePart } from './faultControl.ts';
import { detectMode, type ModeChoice } from './mode.ts';
import { serveWeb, type WebServing } from './web.ts';
import {
  assertPortsFree,
  spawnGroup,
  waitForHttp,
  waitForPort,
  type GroupProcess,
} from './processes.ts';

export interface StackOptions {
  /**
   * 'preview' builds the app for production and serves the build (with its service worker),
   * 'dev' serves it with Vite's dev server (hot reload, no service worker); 'none' serves no app.
   */
  web: WebServing | 'none';
  /**
   * Rebuild the functions and the web app when their sources change (`npm start`, `npm run
   * dev`); the tests serve one fixed build.
   */
  watch?: boolean;
  /** Create the demo account and its sample assignments. */
  seed: boolean;
  /** Print the emulators' output (it always goes to .data/logs/emulators.log). */
  echo?: (line: string) => void;
  /** Progress messages. */
  log?: (message: string) => void;
  /**
   * Serve a control that stops and starts one part alone (the lite Firestore, the Calendar
   * stand-in), for fault tests; its URL is `urls.control`.
   */
  faultControl?: boolean;
}

export interface Stack {
  mode: ModeChoice;
  urls: {
    web: string | null;
    api: string;
    authEmulator: string;
    openai: string | null;
    calendar: string | null;
    push: string;
    lms: string;
    control: string | null;
  };
  stop(): Promise<void>;
}

type Stopper = () => Promise<unknown>;

const isRunning = (proc: GroupProcess) =>
  proc.child.exitCode === null && proc.child.signalCode === null;

async function bundleFunctions(
  watch: boolean,
  env: NodeJS.ProcessEnv,
): Promise<GroupProcess | null> {
  if (watch) {
    // A child that rebuilds lib/index.js on change; the emulator reloads it.
    const proc = spawnGroup(process.execPath, ['functions/build.mjs', '--watch'], {
      cwd: ROOT,
      env,
      logFile: join(DATA_DIR, 'logs', 'functions-build.log'),
    });
    // The first build must exist before the emulator starts.
    await buildFunctionsOnce();
    return proc;
  }
  await buildFunctionsOnce();
  return null;
}

function buildFunctionsOnce(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['functions/build.mjs'], { cwd: ROOT }, (err, _out, stderr) =>
      err ? reject(new Error(`Building the functions failed:\n${stderr}`)) : resolve(),
    );
  });
}

/**
 * Brings up the whole product locally (docs/architecture.md, The local stack): the Auth and
 * Functions
 * emulators, Firestore (the official emulator in full mode, the lite server
 * otherwise), the OpenAI and Calendar stand-ins unless real providers are
 * configured, the demo data, and the web app on :5173. `stop()` takes all of
 * it down again.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const stoppers: Stopper[] = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => {});
    stoppers.length = 0;
  };

  const parts: Record<string, StoppablePart> = {};
  try {
    const mode = await detectMode();
    log(`Mode: ${mode.mode}. ${mode.reason}`);

    const ports: Record<string, number> = {
      auth: emulatorPorts.auth,
      functions: emulatorPorts.functions,
      firestore: emulatorPorts.firestore,
      'emulator hub': emulatorPorts.hub,
      'Cloud Tasks emulator': emulatorPorts.tasks,
    };
    if (mode.mode === 'full') ports.storage = emulatorPorts.storage;
    if (options.web !== 'none') ports.web = WEB_PORT;
    const useOpenAIStandin = !process.env.OPENAI_API_KEY;
    const useCalendarStandin = !process.env.GOOGLE_CALENDAR_ROOT_URL;
    if (useOpenAIStandin) ports['OpenAI stand-in'] = OPENAI_STANDIN_PORT;
    if (useCalendarStandin) ports['Calendar stand-in'] = CALENDAR_STANDIN_PORT;
    ports['Web Push stand-in'] = PUSH_STANDIN_PORT;
    ports['LMS stand-in'] = LMS_STANDIN_PORT;
    await assertPortsFree(ports);
    mkdirSync(DATA_DIR, { recursive: true });

    const providers: ProviderUrls = {};
    if (useOpenAIStandin) {
      const openai = await startOpenAIStandin({ port: OPENAI_STANDIN_PORT, host: '127.0.0.1' });
      stoppers.push(() => openai.close());
      providers.openaiBaseUrl = openai.url;
      log(`OpenAI stand-in: ${openai.url}`);
    }
    if (useCalendarStandin) {
      const startCalendar = () =>
        startCalendarStandin({ port: CALENDAR_STANDIN_PORT, host: '127.0.0.1' });
      let calendar: CalendarStandin | null = await startCalendar();
      stoppers.push(async () => calendar?.close());
      providers.calendarRootUrl = calendar.url;
      providers.oauthTokenUrl = `${calendar.url}token`;
      log(`Calendar stand-in: ${calendar.url}`);
      // Stopping closes its listening socket and connections; it starts again empty.
      parts.calendar = {
        get running() {
          return calendar !== null;
        },
        async stop() {
          const closing = calendar?.close();
          calendar = null;
          await closing;
        },
        async start() {
          calendar ??= await startCalendar();
        },
      };
    }

    const push = await startPushStandin({ port: PUSH_STANDIN_PORT, host: '127.0.0.1' });
    stoppers.push(() => push.close());
    providers.pushBaseUrl = push.url;
    log(`Web Push stand-in: ${push.url}`);
    const lms = await startLms(log);
    stoppers.push(() => lms.close());
    providers.lmsBaseUrl = lms.url;

    if (mode.mode === 'lite') {
      // Its own process: a fault can pause or stop it without touching the rest.
      const startFirestore = async () => {
        const proc = spawnGroup(
          process.execPath,
          [
            '--import',
            'tsx',
            join(ROOT, 'scripts', 'stack', 'liteFirestore.ts'),
            String(emulatorPorts.firestore),
            liteFirestorePidFile(),
          ],
          {
            cwd: ROOT,
            env: process.env,
            logFile: join(
              DATA_DIR,
              'logs',
              `lite-firestore${PORT_OFFSET ? `-${PORT_OFFSET}` : ''}.log`,
            ),
          },
        );
        try {
          await waitForPort(emulatorPorts.firestore, {
            timeoutMs: 30_000,
            process: proc,
            what: 'The lite Firestore',
          });
        } catch (err) {
          await proc.stop(2000);
          throw err;
        }
        return proc;
      };
      let firestore: GroupProcess | null = null;
      stoppers.push(async () => firestore?.stop(2000));
      firestore = await startFirestore();
      log(`Lite Firestore (gRPC): ${urls.firestoreHost}`);
      // Stopping kills it (its data is in memory: it starts again empty).
      parts.firestore = {
        get running() {
          return firestore !== null && isRunning(firestore);
        },
        async stop() {
          const killing = firestore?.kill();
          firestore = null;
          await killing;
        },
        async start() {
          if (firestore && isRunning(firestore)) return;
          firestore = await startFirestore();
        },
      };
    }

    const fnEnv = functionsEnv(mode.mode, providers);
    const childEnv: NodeJS.ProcessEnv = {
      // Reading the functions' code takes longer than the CLI's 10 s on a busy machine.
      FUNCTIONS_DISCOVERY_TIMEOUT: '60',
      ...process.env,
      ...fnEnv,
      // The Functions emulator starts one worker process per request in flight, up to this
      // many (firebase-tools' default is 50, each ~150 MB); requests past it wait in its queue.
      FUNCTIONS_EMULATOR_PARALLEL: process.env.FUNCTIONS_EMULATOR_PARALLEL ?? '6',
    };

    log('Building the functions...');
    const watcher = await bundleFunctions(options.watch ?? false, childEnv);
    if (watcher) stoppers.push(() => watcher.stop(2000));

    // The Cloud Tasks emulator is plain JavaScript (no Java): both modes run it, and the
    // Functions emulator registers the task functions' queues with it.
    const only =
      mode.mode === 'full' ? 'auth,functions,tasks,firestore,storage' : 'auth,functions,tasks';
    log(`Starting the Firebase emulators (${only})...`);
    const emulators = spawnGroup(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
        'emulators:start',
        '--only',
        only,
        '--project',
        PROJECT_ID,
        '--config',
        emulatorConfigFile(),
      ],
      {
        cwd: ROOT,
        env: childEnv,
        logFile: join(DATA_DIR, 'logs', `emulators${PORT_OFFSET ? `-${PORT_OFFSET}` : ''}.log`),
        ...(options.echo ? { echo: options.echo } : {}),
      },
    );
    stoppers.push(() => emulators.stop());
    await waitForHttp(`${urls.functionBase}/api/health`, {
      timeoutMs: 180_000,
      process: emulators,
      what: 'The Firebase emulators',
    });

    const reminders = startReminderJob(childEnv);
    stoppers.push(() => reminders.stop());

    // The Admin SDK in this process talks to the same emulators.
    Object.assign(process.env, {
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: fnEnv.FIREBASE_AUTH_EMULATOR_HOST,
      FIRESTORE_EMULATOR_HOST: urls.firestoreHost,
      // firebase-admin's task queues send here (the functions get it from their emulator).
      CLOUD_TASKS_EMULATOR_HOST: urls.tasksHost,
    });

    stoppers.push(await startLmsSyncLoop());

    if (options.seed) {
      const { getServices } = await import('../../functions/src/firebase.ts');
      const { seedDemo } = await import('./seed.ts');
      const { auth, db } = getServices();
      await seedDemo(auth, db);
      log('Demo account ready: demo@brainboard.test');
    }

    let webUrl: string | null = null;
    if (options.web !== 'none') {
      Object.assign(process.env, webEnv(mode.mode), {
        BRAINBOARD_API_PROXY_TARGET: urls.functionBase,
        BRAINBOARD_WEB_PORT: String(WEB_PORT),
        // The browser talks to these emulators directly (CSP connect-src).
        BRAINBOARD_CSP_CONNECT: `${urls.auth} http://${urls.firestoreHost} ws://${urls.firestoreHost}`,
      });
      stoppers.push(await serveWeb(options.web, { watch: options.watch ?? false, log }));
      webUrl = urls.web;
    }

    let control: FaultControl | null = null;
    if (options.faultControl) {
      const started = await startFaultControl(parts);
      stoppers.push(() => started.close());
      control = started;
      log(`Fault control: ${control.url}/parts`);
    }

    return {
      mode,
      urls: {
        web: webUrl,
        api: urls.functionBase,
        authEmulator: urls.auth,
        openai: providers.openaiBaseUrl ?? null,
        calendar: providers.calendarRootUrl ?? null,
        push: push.url,
        lms: lms.url,
        control: control?.url ?? null,
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
