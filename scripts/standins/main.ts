// Runs the OpenAI, Google Calendar and LMS stand-ins until SIGINT/SIGTERM:
//   npx tsx scripts/standins/main.ts
// Ports: OPENAI_STANDIN_PORT (default 8089), CALENDAR_STANDIN_PORT (default 8090),
// LMS_STANDIN_PORT (default 8092).
// Bind address: STANDIN_HOST (default 127.0.0.1).
import { startCalendarStandin } from './calendar-standin.ts';
import { startLmsStandin } from './lms-standin.ts';
import { startOpenAIStandin } from './openai-standin.ts';

const DEFAULT_OPENAI_STANDIN_PORT = 8089;
const DEFAULT_CALENDAR_STANDIN_PORT = 8090;
const DEFAULT_LMS_STANDIN_PORT = 8092;

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`${name} must be a port number, got ${JSON.stringify(raw)}`);
  }
  return port;
}

async function main(): Promise<void> {
  const host = process.env.STANDIN_HOST || '127.0.0.1';
  const started: { close(): Promise<void> }[] = [];
  const closeAll = () => Promise.all(started.map((s) => s.close()));
  /** Starts one stand-in; if it cannot, closes those already started. */
  const start = async <S extends { close(): Promise<void> }>(run: () => Promise<S>) => {
    try {
      const standin = await run();
      started.push(standin);
      return standin;
    } catch (err) {
      await closeAll();
      throw err;
    }
  };
  const openai = await start(() =>
    startOpenAIStandin({
      host,
      port: portFromEnv('OPENAI_STANDIN_PORT', DEFAULT_OPENAI_STANDIN_PORT),
    }),
  );
  const calendar = await start(() =>
    startCalendarStandin({
      host,
      port: portFromEnv('CALENDAR_STANDIN_PORT', DEFAULT_CALENDAR_STANDIN_PORT),
    }),
  );
  const lms = await start(() =>
    startLmsStandin({ host, port: portFromEnv('LMS_STANDIN_PORT', DEFAULT_LMS_STANDIN_PORT) }),
  );

  console.log(`OpenAI stand-in:   ${openai.url}   (OPENAI_BASE_URL=${openai.url})`);
  console.log(
    `Calendar stand-in: ${calendar.url}   (googleapis rootUrl, token URL ${calendar.url}token)`,
  );

  console.log(`LMS stand-in:      ${lms.url}   (feeds: ${lms.url}feeds/canvas.ics, ...)`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping stand-ins`);
    closeAll().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
