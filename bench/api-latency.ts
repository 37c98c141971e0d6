/**
 * Budget: p50 and p95 latency of GET /api/assignments (100 assignments) and of a subtask
 * toggle, with 20 concurrent clients for 20 s, against the local stack. Prints the figures; it
 * is a measurement, not a test.
 *
 *   npx tsx bench/api-latency.ts   (BENCH_QUICK=1 or --quick: 2 clients, 1 s, 5 assignments)
 *
 * BENCH_CLIENTS, BENCH_SECONDS and BENCH_WARMUP_SECONDS change the load.
 */
import { finite, newAccountToken, runStandalone, type BenchUrls } from './support.ts';

/** Every request has a deadline: a worker that never answers counts as an error, not a hang. */
const REQUEST_DEADLINE_MS = 15_000;
const deadline = () => AbortSignal.timeout(REQUEST_DEADLINE_MS);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

async function json(res: Response) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

interface ApiLatencyOptions {
  quick?: boolean;
  clients?: number;
  seconds?: number;
  warmUpSeconds?: number;
}

interface Load {
  requests: number;
  p50: number;
  p95: number;
  errors: number;
}

interface ApiLatencyFigures extends Record<string, number> {
  listRequests: number;
  listP50: number;
  listP95: number;
  toggleRequests: number;
  toggleP50: number;
  toggleP95: number;
}

/** Loads a running stack's API; prints and returns the figures. */
export async function apiLatency(
  urls: Pick<BenchUrls, 'api' | 'authEmulator'>,
  options: ApiLatencyOptions = {},
): Promise<ApiLatencyFigures> {
  const quick = options.quick ?? false;
  const clients = quick ? 2 : (options.clients ?? Number(process.env.BENCH_CLIENTS ?? 20));
  const seconds = quick ? 1 : (options.seconds ?? Number(process.env.BENCH_SECONDS ?? 20));
  const assignments = quick ? 5 : 100;
  const warmUp = quick
    ? 0
    : (options.warmUpSeconds ?? Number(process.env.BENCH_WARMUP_SECONDS ?? 10));

  const idToken = await newAccountToken(urls.authEmulator);
  const base = `${urls.api}/api`;
  const auth = { authorization: `Bearer ${idToken}` };
  const session = (await json(await fetch(`${base}/session`, { headers: auth }))) as {
    user: { csrf_token: string };
  };
  const write = {
    ...auth,
    'content-type': 'application/json',
    'x-csrf-token': session.user.csrf_token,
  };

  console.log(`Seeding ${assignments} assignments...`);
  let target = '';
  for (let i = 0; i < assignments; i++) {
    const res = await json(
      await fetch(`${base}/assignment`, {
        method: 'POST',
        headers: write,
        body: JSON.stringify({
          title: `Assignment ${i}`,
          description: 'Benchmark data',
          due_date: '2030-01-01T08:00:00',
          subtasks: Array.from({ length: 5 }, (_, k) => ({ id: `s${k}`, title: `Step ${k}` })),
          notes: ['A note'],
        }),
      }),
    );
    target = (res.item as { id: string }).id;
  }

  async function run(
    name: string,
    once: (client: number, n: number) => Promise<void>,
  ): Promise<Load> {
    const times: number[] = [];
    let errors = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        let n = 0;
        while (Date.now() < end) {
          const started = performance.now();
          try {
            await once(client, n++);
            times.push(performance.now() - started);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    times.sort((a, b) => a - b);
    const load = {
      requests: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      errors,
    };
    console.log(
      `${name}: ${load.requests} requests in ${seconds} s with ${clients} clients, ` +
        `p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, ` +
        `${(load.requests / seconds).toFixed(0)} req/s, ${errors} errors`,
    );
    return load;
  }

  // The Functions emulator runs one request per worker process and starts a
  // new worker when all are busy; a short warm-up lets the pool grow first
  // (Cloud Functions keeps warm instances with concurrency 80 instead).
  if (warmUp > 0) {
    console.log(`Warming up for ${warmUp} s (not counted)...`);
    const until = Date.now() + warmUp * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < until) {
          await fetch(`${base}/assignments`, { headers: auth, signal: deadline() }).then(
            (res) => res.arrayBuffer(),
            () => undefined,
          );
        }
      }),
    );
  }

  const list = await run(`GET /api/assignments (${assignments})`, async () => {
    await json(await fetch(`${base}/assignments`, { headers: auth, signal: deadline() }));
  });
  const toggle = await run('PATCH subtask toggle', async (client, n) => {
    await json(
      await fetch(`${base}/assignment/${target}/subtasks/s${client % 5}`, {
        method: 'PATCH',
        headers: write,
        body: JSON.stringify({ completed: n % 2 === 0 }),
        signal: deadline(),
      }),
    );
  });
  const figures = finite<ApiLatencyFigures>({
    listRequests: list.requests,
    listP50: list.p50,
    listP95: list.p95,
    toggleRequests: toggle.requests,
    toggleP50: toggle.p50,
    toggleP95: toggle.p95,
  });
  if (list.errors + toggle.errors > 0 && quick) {
    throw new Error(`${list.errors + toggle.errors} requests failed.`);
  }
  return figures;
}

runStandalone(import.meta.url, 'none', async (urls, quick) => {
  await apiLatency(urls, { quick });
});
