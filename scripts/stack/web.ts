import { watch } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.ts';

/**
 * How the local stack serves the web app: 'preview' builds it for production (the service
 * worker, its precache and the hashed chunks, as deployed) and serves the build with `vite
 * preview`; 'dev' is Vite's dev server with hot reload, which has no service worker (so no
 * offline use and no push reminders).
 */
export type WebServing = 'dev' | 'preview';

type Stop = () => Promise<void>;

const CONFIG_FILE = join(ROOT, 'web', 'vite.config.ts');

/** What the web build reads: a change here rebuilds it (`npm start`). */
const SOURCES = [
  join(ROOT, 'web', 'src'),
  join(ROOT, 'web', 'public'),
  join(ROOT, 'domain', 'src'),
];
const INDEX_HTML = join(ROOT, 'web', 'index.html');

/** Files whose change does not change the build: tests and editors' own files. */
const ignored = (name: string) => /\.test\.tsx?$|(^|[\\/])\.|~$|\.sw.$/.test(name);

/** Builds the web app for production into its folder (web/vite.config.ts names it). */
async function buildWeb(): Promise<void> {
  const vite = await import('vite');
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ configFile: CONFIG_FILE, logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Builds again whenever a source file changes: one build at a time, a burst of changes (a
 * save of several files, a branch switch) making one more build after the one running.
 */
function rebuildOnChange(log: (message: string) => void): Stop {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    const started = Date.now();
    running = buildWeb()
      .then(
        () =>
          log(
            `Web app rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: open pages offer ` +
              '"Refresh" for the new version.',
          ),
        (err: unknown) =>
          log(
            `The web app did not build (the last build is still served): ${
              err instanceof Error ? err.message : String(err)
            }`,
          ),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const changed = (name: string | null) => {
    if (name && ignored(name)) return;
    clearTimeout(timer);
    // Saving one change often writes several files in a row: build once they are written.
    timer = setTimeout(run, 200);
  };
  const watchers = [
    ...SOURCES.map((dir) => watch(dir, { recursive: true }, (_event, name) => changed(name))),
    watch(INDEX_HTML, () => changed('index.html')),
  ];
  return async () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
    again = false;
    await running;
  };
}

/**
 * Serves the web app on its port (web/vite.config.ts reads the port, the /api proxy and the
 * CSP additions from the environment the stack set). With `watch`, the production build is
 * rebuilt when a source file changes; the dev server reloads by itself. Resolves to its stop.
 */
export async function serveWeb(
  serving: WebServing,
  options: { watch: boolean; log: (message: string) => void },
): Promise<Stop> {
  const vite = await import('vite');
  if (serving === 'dev') {
    const server = await vite.createServer({ configFile: CONFIG_FILE, logLevel: 'warn' });
    await server.listen();
    return () => server.close();
  }
  options.log('Building the web app...');
  await buildWeb();
  const server = await vite.preview({ configFile: CONFIG_FILE, logLevel: 'warn' });
  const stopWatching = options.watch ? rebuildOnChange(options.log) : null;
  return async () => {
    await stopWatching?.();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  };
}
