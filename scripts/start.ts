/**
 * `npm start`: the whole product on this machine (docs/architecture.md, The local stack), with
 * the web app built as deployed (service worker: offline use, push reminders) and rebuilt when
 * a file changes. `npm run dev` (`--dev`) serves the web app with Vite's dev server instead, for
 * hot reload. Ctrl+C stops everything it started.
 */
import { startStack, type Stack } from './stack/stack.ts';
import { DEMO_EMAIL } from './stack/seed.ts';

const dev = process.argv.includes('--dev');
const started = Date.now();
const say = (message: string) => console.log(`[brainboard] ${message}`);
let stack: Stack | undefined;
let stoppingSince = 0;

async function shutdown(code: number) {
  if (stoppingSince) {
    // npm and tsx pass the terminal's Ctrl+C on too, so one press can arrive
    // more than once; only a later press forces the exit.
    if (Date.now() - stoppingSince < 2000) return;
    say('Forcing exit.');
    process.exit(code);
  }
  stoppingSince = Date.now();
  say('Stopping...');
  await stack?.stop();
  say('Stopped.');
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startStack({
    web: dev ? 'dev' : 'preview',
    watch: true,
    seed: true,
    log: say,
    echo: (line) => {
      if (line.trim()) console.log(`[emulators] ${line}`);
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
  Brainboard is running (${stack.mode.mode} mode, ready in ${seconds} s).
  ${stack.mode.reason}
  ${
    dev
      ? "Web app: Vite's dev server with hot reload. It has no service worker, so no offline use\n  and no push reminders: `npm start` serves the app as deployed."
      : 'Web app: the production build with its service worker (offline use, push reminders),\n  rebuilt when a file changes; open pages then offer "Refresh". Hot reload: `npm run dev`.'
  }

    App:            ${stack.urls.web}
    API:            ${stack.urls.web}/api  (function: ${stack.urls.api})
    Auth emulator:  ${stack.urls.authEmulator}
    OpenAI:         ${stack.urls.openai ?? 'real provider (OPENAI_API_KEY)'}
    Calendar:       ${stack.urls.calendar ?? 'real Google Calendar'}
    Web Push:       ${stack.urls.push}  (stand-in; GET ${stack.urls.push}messages?endpoint=...)

  Sign in with Google and pick "${DEMO_EMAIL}" in the emulator's account chooser.
  Press Ctrl+C to stop.
`);
} catch (err) {
  console.error(
    `[brainboard] Could not start: ${err instanceof Error ? err.message : String(err)}`,
  );
  await shutdown(1);
}
