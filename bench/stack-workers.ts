/**
 * The Functions emulator under 50 concurrent clients: requests a second, p50/p95 latency,
 * failures (5xx, unanswered) and the most worker processes it ran at once with their memory
 * (sampled every 250 ms), plus the time to 503 with the
 * lite Firestore paused, and the PDF bomb's upload time and the function's peak memory.
 * A measurement, not a test. Run: BRAINBOARD_PORT_OFFSET=3000 npx tsx bench/stack-workers.ts
 * (BENCH_QUICK=1 or --quick: 2 clients for 1 s and a 16 MB bomb). BENCH_CLIENTS and
 * BENCH_SECONDS change the load.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createDeflate } from 'node:zlib';
import { join } from 'node:path';
import { onePagePdf } from '../functions/src/files/pdfBombs.fixture.ts';
import { liteFirestorePidFile, ROOT } from '../scripts/stack/config.ts';
import { finite, newAccountToken, percentile, runStandalone, type BenchUrls } from './support.ts';

const functionsDir = join(ROOT, 'functions');

/** Emulator worker processes of this worktree's functions, with their resident memory. */
function workers(): { count: number; rssMb: number; largestMb: number } {
  let count = 0;
  let rss = 0;
  let largest = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('functionsEmulatorRuntime')) continue;
      if (readlinkSync(`/proc/${pid}/cwd`) !== functionsDir) continue;
      count++;
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      const mb = Number(m?.[1] ?? 0) / 1024;
      rss += mb;
      largest = Math.max(largest, mb);
    } catch {
      // Gone meanwhile.
    }
  }
  return { count, rssMb: Math.round(rss), largestMb: Math.round(largest) };
}

async function bombPdf(bytes: number): Promise<Buffer> {
  // Compressed a megabyte at a time: the bench itself never holds the inflated page.
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const chunk = Buffer.alloc(1024 * 1024, 32);
  for (let n = 0; n < bytes; n += chunk.length) {
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return onePagePdf(Buffer.concat(out), '/Filter /FlateDecode');
}

interface StackWorkersFigures extends Record<string, number> {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  failed: number;
  serverErrors: number;
  peakWorkers: number;
  peakWorkersMb: number;
  bombStatus: number;
  bombMs: number;
  /** NaN-free: -1 when there is no lite Firestore to pause (full mode). */
  pausedStatus: number;
  pausedMs: number;
}

/** Loads a running stack's Functions emulator; prints and returns the figures. */
export async function stackWorkers(
  urls: Pick<BenchUrls, 'api' | 'authEmulator'>,
  options: { quick?: boolean } = {},
): Promise<StackWorkersFigures> {
  const CLIENTS = options.quick ? 2 : Number(process.env.BENCH_CLIENTS ?? 50);
  const SECONDS = options.quick ? 1 : Number(process.env.BENCH_SECONDS ?? 15);
  const BOMB_BYTES = (options.quick ? 16 : 1024) * 1024 * 1024;
  const idToken = await newAccountToken(urls.authEmulator);
  const base = `${urls.api}/api`;
  const auth = { authorization: `Bearer ${idToken}` };
  const session = (await (await fetch(`${base}/session`, { headers: auth })).json()) as {
    user: { csrf_token: string };
  };

  // Warm-up: the first workers start (tens of seconds on a loaded machine).
  await Promise.all(
    Array.from({ length: 6 }, () =>
      fetch(`${base}/assignments`, { headers: auth }).then((r) => r.text()),
    ),
  );
  let peak = workers();
  const sampler = setInterval(() => {
    const now = workers();
    if (now.count > peak.count) peak = now;
  }, 250);
  const started0 = Date.now();
  const end = started0 + SECONDS * 1000;
  let ok = 0;
  let failed = 0;
  let serverErrors = 0;
  let unanswered = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await fetch(`${base}/assignments`, {
          headers: auth,
          signal: AbortSignal.timeout(30_000),
        }).catch(() => null);
        await res?.text().catch(() => '');
        latencies.push(performance.now() - t);
        if (res?.ok) ok++;
        else failed++;
        if (!res) unanswered++;
        else if (res.status >= 500) serverErrors++;
      }
    }),
  );
  // Requests still running at the end are counted over the time they took.
  const elapsed = (Date.now() - started0) / 1000;
  clearInterval(sampler);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `${CLIENTS} clients for ${elapsed.toFixed(1)} s: ${(ok / elapsed).toFixed(1)} requests/s, ` +
      `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; ${failed} failed ` +
      `(${serverErrors} 5xx, ${unanswered} unanswered in 30 s); ` +
      `peak ${peak.count} workers (${peak.rssMb} MB together, largest ${peak.largestMb} MB)`,
  );

  // The bomb: 1 GB of spaces in one compressed page (quick: 16 MB).
  const bomb = await bombPdf(BOMB_BYTES);
  const form = new FormData();
  form.append('file', new Blob([bomb], { type: 'application/pdf' }), 'bomb.pdf');
  const bombBefore = workers().largestMb;
  let bombPeak = 0;
  const bombSampler = setInterval(() => {
    bombPeak = Math.max(bombPeak, workers().largestMb);
  }, 100);
  const started = Date.now();
  const upload = await fetch(`${base}/upload-pdf`, {
    method: 'POST',
    headers: { ...auth, 'x-csrf-token': session.user.csrf_token },
    body: form,
  });
  const bombDone = Date.now();
  clearInterval(bombSampler);
  console.log(
    `bomb (${(bomb.length / 1024).toFixed(0)} KB, ${BOMB_BYTES / 1024 / 1024} MB inflated): ${upload.status} after ${bombDone - started} ms, ` +
      `largest worker ${bombBefore} MB before, ${bombPeak} MB at peak: ${await upload.text()}`,
  );

  // Time to 503 with the database paused.
  let pausedStatus = -1;
  let pausedMs = -1;
  if (existsSync(liteFirestorePidFile())) {
    const pid = Number(readFileSync(liteFirestorePidFile(), 'utf8'));
    process.kill(pid, 'SIGSTOP');
    try {
      const t = Date.now();
      const res = await fetch(`${base}/assignments`, { headers: auth });
      pausedStatus = res.status;
      pausedMs = Date.now() - t;
      console.log(`Firestore paused: ${res.status} after ${pausedMs} ms`);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // Resumed: the stack is whole again once the API reads the database again (a shared stack
    // goes on to serve other tests).
    const until = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(`${base}/assignments`, {
        headers: auth,
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      await res?.arrayBuffer().catch(() => undefined);
      if (res?.ok) break;
      if (Date.now() > until) throw new Error('The API did not recover after Firestore resumed.');
      await new Promise((r) => setTimeout(r, 250));
    }
  } else {
    console.log('Firestore paused: not measured (no lite Firestore in this stack).');
  }
  return finite<StackWorkersFigures>({
    requestsPerSecond: ok / elapsed,
    p50Ms: p50,
    p95Ms: p95,
    failed,
    serverErrors,
    peakWorkers: peak.count,
    peakWorkersMb: peak.rssMb,
    bombStatus: upload.status,
    bombMs: bombDone - started,
    pausedStatus,
    pausedMs,
  });
}

runStandalone(import.meta.url, 'none', async (urls, quick) => {
  await stackWorkers(urls, { quick });
});
