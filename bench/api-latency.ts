/**
 * Issue 3 budget: p50 and p95 latency of GET /api/assignments (100
 * assignments) and of a subtask toggle, with 20 concurrent clients for 20 s,
 * against the local stack. Prints the figures; it is a measurement, not a
 * test. Run: npx tsx bench/api-latency.ts  (nothing else may hold the ports)
 */
import { startStack } from '../scripts/stack/stack.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ASSIGNMENTS = 100;

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

const stack = await startStack({
  web: 'none',
  seed: false,
  log: (m) => console.log(`[stack] ${m}`),
});
try {
  const signUp = await fetch(
    `${stack.urls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@brainboard.test`,
        password: 'bench-password',
        returnSecureToken: true,
      }),
    },
  );
  const { idToken } = (await json(signUp)) as { idToken: string };
  const base = `${stack.urls.api}/api`;
  const auth = { authorization: `Bearer ${idToken}` };
  const session = (await json(await fetch(`${base}/session`, { headers: auth }))) as {
    user: { csrf_token: string };
  };
  const write = {
    ...auth,
    'content-type': 'application/json',
    'x-csrf-token': session.user.csrf_token,
  };

  console.log(`Seeding ${ASSIGNMENTS} assignments...`);
  let target = '';
  for (let i = 0; i < ASSIGNMENTS; i++) {
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

  async function run(name: string, once: (client: number, n: number) => Promise<void>) {
    const times: number[] = [];
    let errors = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
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
    console.log(
      `${name}: ${times.length} requests in ${SECONDS} s with ${CLIENTS} clients, ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
        `${(times.length / SECONDS).toFixed(0)} req/s, ${errors} errors`,
    );
  }

  // The Functions emulator runs one request per worker process and starts a
  // new worker when all are busy; a short warm-up lets the pool grow first
  // (Cloud Functions keeps warm instances with concurrency 80 instead).
  const warmUp = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
  if (warmUp > 0) {
    console.log(`Warming up for ${warmUp} s (not counted)...`);
    const until = Date.now() + warmUp * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) await fetch(`${base}/assignments`, { headers: auth });
      }),
    );
  }

  await run('GET /api/assignments (100)', async () => {
    await json(await fetch(`${base}/assignments`, { headers: auth }));
  });
  await run('PATCH subtask toggle', async (client, n) => {
    await json(
      await fetch(`${base}/assignment/${target}/subtasks/s${client % 5}`, {
        method: 'PATCH',
        headers: write,
        body: JSON.stringify({ completed: n % 2 === 0 }),
      }),
    );
  });
} finally {
  await stack.stop();
}
