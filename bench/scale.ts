/**
 * Scale: what the work the server does on its own costs as the school grows (docs/scale.md).
 *
 *   npx tsx bench/scale.ts [--students 10000] [--feeds 2000] [--feed-hours 4] [--feed-speedup 8]
 *                          [--seed clone|api]
 *                          [--port <its lite Firestore's port, default 8093 + the port offset;
 *                                   0: any free one>]
 *   npx tsx bench/scale.ts --quick      (500 students, 12 feeds over 4 hours: what npm test runs)
 *
 * On a lite Firestore of its own (counting every document read and written, see
 * scale/countDocuments.ts), with the push and LMS stand-ins in this process:
 * 1. seeds the students (scale/seed.ts): 30 assignments and one push device each, time zones
 *    over eight IANA zones; 200 reminders fire over minutes 0, 1 and 2;
 * 2. runs the real reminder dispatcher once per simulated minute (its `now` passed in, no
 *    waiting): per minute the documents read and written, run time, reminders sent, and how
 *    late each arrived (the time from its minute's start to the run start, plus the real time
 *    from the run start to the push stand-in's answer);
 * 3. measures an unchanged poll of the board (scale/poll.ts);
 * 4. runs the school-feed job over (compressed) hours, its tasks dispatched by the Cloud Tasks
 *    emulator to `feedSync` in the Functions emulator (scale/feeds.ts, scale/taskEmulators.ts).
 * The last line is one JSON object with the figures runs are compared by.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  LOCAL_VAPID_KEYS,
  PORT_OFFSET,
  PROJECT_ID,
  PUSH_STANDIN_CERT,
} from '../scripts/stack/config.ts';
import { startLmsStandin } from '../scripts/standins/lms-standin.ts';
import { startPushStandin } from '../scripts/standins/push-standin.ts';
import { isMain, percentile, runAsScript } from './support.ts';
import {
  countsBetween,
  startCountingFirestore,
  type DocumentCounts,
} from './scale/countingFirestore.ts';
import { measureFeeds, type FeedFigures } from './scale/feeds.ts';
import { measurePoll } from './scale/poll.ts';
import { seedStudents, type SeedMode } from './scale/seed.ts';
import { startTaskEmulators } from './scale/taskEmulators.ts';

/** The bench's own lite Firestore (beside the stack's ports, moved by the same offset). */
const FIRESTORE_PORT = 8093 + PORT_OFFSET;
/** Reminders that fall due over the three minutes. */
const REMINDERS_DUE = 200;
const MINUTES = 3;
/**
 * How many times faster than real time the feed schedule runs (scale/feeds.ts): 4 hours in 30
 * minutes (2,000 feeds come due about one a second, within what a shared 2-core machine syncs
 * through the Functions emulator); quick mode's 4 hours in 24 seconds.
 */
const FEED_SPEEDUP = 8;
const QUICK_FEED_SPEEDUP = 600;

interface MinuteFigures {
  minute: number;
  due: number;
  reads: number;
  writes: number;
  deletes: number;
  seconds: number;
  sent: number;
  lateness: number[];
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));
const log = (line: string) => console.log(line);

function describe(c: DocumentCounts): string {
  return `${c.reads} read (${c.queries} queries, ${c.lookups} lookups), ${c.writes} written, ${c.deletes} deleted`;
}

/** The Admin SDK looks for a cloud metadata server when it has no credentials: none here. */
process.env.METADATA_SERVER_DETECTION = 'none';
/** It runs the functions' code against stand-ins in the emulator's place (functions/src/localStack.ts). */
process.env.FUNCTIONS_EMULATOR = 'true';

async function scale(args: {
  students: number;
  feeds: number;
  feedHours: number;
  feedSpeedup: number;
  seed: SeedMode;
  port: number;
}): Promise<void> {
  const firestore = await startCountingFirestore(args.port);
  process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  // Loaded now: the Admin SDK reads the emulator's address when the services start.
  const { getServices } = await import('../functions/src/firebase.ts');
  const { readPushConfig } = await import('../functions/src/push/config.ts');
  const { runReminderDispatch } = await import('../functions/src/reminders/run.ts');
  const push = await startPushStandin({ port: 0, host: '127.0.0.1' });
  const lms = await startLmsStandin({ port: 0, host: '127.0.0.1' });
  try {
    const { app, db } = getServices();
    const config = readPushConfig({
      FUNCTIONS_EMULATOR: 'true',
      VAPID_PUBLIC_KEY: LOCAL_VAPID_KEYS.publicKey,
      VAPID_PRIVATE_KEY: LOCAL_VAPID_KEYS.privateKey,
      VAPID_SUBJECT: 'mailto:bench@brainboard.test',
      PUSH_STANDIN_URL: push.url,
    });
    // Minute 0 is three hours ahead: every reminder is still ahead while the data is made.
    const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 3_600_000);
    const due = Math.min(REMINDERS_DUE, args.students);

    log(
      `Scale bench: ${args.students} students, ${args.feeds} feeds over ${args.feedHours} h;` +
        ` ${cpus().length} cores, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}; Node ${process.version}; ${new Date().toISOString()}`,
    );
    log(`Seeding ${args.students} students (${args.seed}) into a lite Firestore of its own...`);
    const c0 = await firestore.counts();
    const seeded = await seedStudents(db, {
      students: args.students,
      due,
      start,
      pushBase: push.url,
      mode: args.seed,
      log,
    });
    const c1 = await firestore.counts();
    const seeding = countsBetween(c0, c1);
    log(
      `Seeded in ${seeded.seconds.toFixed(1)} s (${Math.round((seeding.writes + seeding.deletes) / seeded.seconds)}` +
        ` documents written a second): ${describe(seeding)}`,
    );

    log(`\nReminder minutes (${due} reminders fall due over ${MINUTES} minutes):`);
    const minutes: MinuteFigures[] = [];
    const runs: { start: number; end: number; now: number }[] = [];
    for (let m = 0; m < MINUTES; m++) {
      const now = start.getTime() + m * 60_000;
      const before = await firestore.counts();
      const started = Date.now();
      const report = await runReminderDispatch(db, config, new Date(now));
      const ended = Date.now();
      const counts = countsBetween(before, await firestore.counts());
      runs.push({ start: started, end: ended, now });
      minutes.push({
        minute: m,
        due: seeded.due.filter((d) => d.fireAt.getTime() === now).length,
        reads: counts.reads,
        writes: counts.writes,
        deletes: counts.deletes,
        seconds: (ended - started) / 1000,
        sent: report?.sent ?? 0,
        lateness: [],
      });
      if (report?.failed) log(`  minute ${m}: ${report.failed} sends failed`);
    }
    // Each delivery's lateness, counted in the run whose time its answer falls in.
    let delivered = 0;
    for (const d of seeded.due) {
      const message = push.messages.get(d.endpoint)?.[0];
      if (!message) continue;
      const at = Date.parse(message.received_at);
      const r = runs.findIndex((run) => at >= run.start && at <= run.end + 1);
      const run = runs[r];
      if (!run) continue;
      delivered++;
      minutes[r]?.lateness.push((run.now - d.fireAt.getTime() + (at - run.start)) / 1000);
    }
    for (const m of minutes) {
      log(
        `  minute ${m.minute}: due ${m.due}, ${m.reads} documents read, ${m.writes + m.deletes} written` +
          ` (${m.deletes} deleted), run ${m.seconds.toFixed(2)} s, sent ${m.sent}, lateness` +
          ` p50 ${percentile(m.lateness, 50).toFixed(2)} s, p99 ${percentile(m.lateness, 99).toFixed(2)} s,` +
          ` max ${percentile(m.lateness, 100).toFixed(2)} s`,
      );
    }
    const lateness = minutes.flatMap((m) => m.lateness);

    log('\nAn unchanged poll of the board (GET /api/assignments with its ETag):');
    const poll = await measurePoll(db, seeded.uids[seeded.uids.length - 1] as string, () =>
      firestore.counts(),
    );
    log(
      `  answered ${poll.status}, ${poll.reads} documents read (the board document: the sign-in` +
        ` check every request makes and the ETag's stamp)`,
    );

    log(
      `\nSchool feeds: ${args.feeds} feeds, the 30-minute job over ${args.feedHours} simulated hours,` +
        ` through the Cloud Tasks emulator, the clock ${args.feedSpeedup} times faster:`,
    );
    const emulators = await startTaskEmulators({
      firestoreHost: firestore.host,
      lmsBase: lms.url,
      log,
    });
    let feeds: FeedFigures;
    try {
      feeds = await measureFeeds(db, app, emulators, {
        count: args.feeds,
        hours: args.feedHours,
        speedup: args.feedSpeedup,
        lmsBase: lms.url,
        log,
        counts: () => firestore.counts(),
      });
    } finally {
      await emulators.stop();
    }
    log(
      `  ${feeds.runs} runs enqueued ${feeds.enqueued} tasks; ${feeds.syncs} syncs, ${feeds.failed} failed for good,` +
        ` in ${feeds.runSeconds.toFixed(1)} s of real time (${((feeds.runSeconds * feeds.speedup) / 3600).toFixed(1)} simulated hours);` +
        ` longest wait past a feed's turn ${feeds.waitMaxRealSeconds.toFixed(1)} s real,` +
        ` ${feeds.waitMaxMinutes.toFixed(1)} min simulated; ${feeds.stillWaiting} feeds still waiting at the end`,
    );
    for (const [why, n] of Object.entries(feeds.failures)) log(`  failed for good (${n}): ${why}`);
    log(
      `  documents of the runs: ${describe(feeds.runDocuments)}; per sync` +
        ` ${(feeds.runDocuments.reads / Math.max(1, feeds.syncs)).toFixed(1)} read,` +
        ` ${((feeds.runDocuments.writes + feeds.runDocuments.deletes) / Math.max(1, feeds.syncs)).toFixed(1)} written`,
    );

    const figures = {
      students: args.students,
      reads_per_minute_max: Math.max(...minutes.map((m) => m.reads)),
      writes_per_minute_max: Math.max(...minutes.map((m) => m.writes + m.deletes)),
      run_seconds_max: round(Math.max(...minutes.map((m) => m.seconds))),
      reminders_due: seeded.due.length,
      reminders_sent: delivered,
      lateness_p50_s: round(percentile(lateness, 50)),
      lateness_p99_s: round(percentile(lateness, 99)),
      lateness_max_s: round(percentile(lateness, 100)),
      feeds: feeds.feeds,
      feed_wait_max_min: round(feeds.waitMaxMinutes, 1),
      poll_reads_unchanged: poll.reads,
    };
    log('');
    console.log(JSON.stringify(figures));
  } finally {
    await push.close();
    await lms.close();
    await firestore.stop();
  }
}

function argsFrom(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      students: { type: 'string' },
      feeds: { type: 'string' },
      'feed-hours': { type: 'string' },
      'feed-speedup': { type: 'string' },
      seed: { type: 'string', default: 'clone' },
      port: { type: 'string' },
    },
  });
  const quick = values.quick || process.env.BENCH_QUICK === '1';
  const number = (raw: string | undefined, fallback: number, least = 1) => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < least) throw new Error(`Not a whole number: ${raw}`);
    return n;
  };
  if (values.seed !== 'clone' && values.seed !== 'api') {
    throw new Error('--seed is clone or api');
  }
  return {
    students: number(values.students, quick ? 500 : 10_000),
    feeds: number(values.feeds, quick ? 12 : 2000),
    feedHours: number(values['feed-hours'], 4),
    feedSpeedup: number(values['feed-speedup'], quick ? QUICK_FEED_SPEEDUP : FEED_SPEEDUP),
    seed: values.seed as SeedMode,
    port: number(values.port, FIRESTORE_PORT, 0),
  };
}

if (isMain(import.meta.url)) {
  if (process.env.NODE_EXTRA_CA_CERTS !== PUSH_STANDIN_CERT) {
    // Node reads extra CAs at start only: run again trusting the push stand-in's certificate,
    // as the stack's processes do.
    const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, NODE_EXTRA_CA_CERTS: PUSH_STANDIN_CERT },
    });
    process.exit(again.status ?? 1);
  }
  runAsScript(() => scale(argsFrom(process.argv.slice(2))));
}
