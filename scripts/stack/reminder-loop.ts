// The reminder dispatcher of the local stack: the same run the scheduled function makes every
// minute in production, every few seconds here. Started by scripts/stack/jobs.ts as its own
// process, so it trusts the push stand-in's certificate (NODE_EXTRA_CA_CERTS) like the
// Functions emulator does.
import { getServices } from '../../functions/src/firebase.ts';
import { readPushConfig } from '../../functions/src/push/config.ts';
import { runReminderDispatch } from '../../functions/src/reminders/run.ts';

const INTERVAL_MS = Number(process.env.REMINDER_INTERVAL_MS ?? 5000);

const { db } = getServices();
const config = readPushConfig();
let timer: NodeJS.Timeout | undefined;
let stopping = false;

async function tick(): Promise<void> {
  try {
    const report = await runReminderDispatch(db, config);
    if (report && (report.sent || report.failed || report.removedDevices || report.skipped)) {
      console.log(`${new Date().toISOString()} reminders ${JSON.stringify(report)}`);
    }
  } catch (err) {
    console.error(`${new Date().toISOString()} reminder run failed: ${(err as Error).message}`);
  }
  if (!stopping) timer = setTimeout(() => void tick(), INTERVAL_MS);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    clearTimeout(timer);
    process.exit(0);
  });
}
console.log(`Reminder dispatcher: every ${INTERVAL_MS} ms`);
void tick();
