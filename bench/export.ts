/**
 * The data download with a full board: how large the JSON and CSV exports of 500 assignments
 * are and how long they take through the local stack (Functions emulator -> the API -> the
 * Firestore in use). A measurement, not a test: it prints figures.
 *
 *   npx tsx bench/export.ts                (BENCH_QUICK=1 or --quick: 20 assignments, one run)
 *
 * The board is written by one import (`POST /api/import`), each card with 5 steps, 2 notes and
 * a 300-character description, about what a busy term leaves. Each format is downloaded
 * BENCH_RUNS times (2; the download limit is 5 a minute); the median time is reported, from the request to the last byte.
 */
import { finite, newAccountToken, runStandalone, type BenchUrls } from './support.ts';

/** Every request has a deadline: a stuck download counts as a failure, not a hang. */
const REQUEST_DEADLINE_MS = 120_000;

interface ExportFigures extends Record<string, number> {
  assignments: number;
  jsonBytes: number;
  jsonMs: number;
  csvBytes: number;
  csvMs: number;
}

function card(i: number) {
  return {
    id: `bench-${i}`,
    title: `Assignment ${i}: read, outline and write up`,
    description: 'Notes on the reading. '.repeat(14).slice(0, 300),
    due_date: `2026-12-${String((i % 28) + 1).padStart(2, '0')}T17:00:00`,
    status: i % 3 === 0 ? 'done' : i % 3 === 1 ? 'in progress' : 'new',
    subtasks: Array.from({ length: 5 }, (_, j) => ({
      id: `s${j}`,
      title: `Step ${j + 1} of assignment ${i}`,
      completed: j < 2,
    })),
    notes: [
      { id: 'n1', text: 'Remember to cite the sources.' },
      { id: 'n2', text: 'Ask the teacher about the word count.' },
    ],
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Seeds a board of `count` assignments in a new account; prints and returns the figures. */
export async function exportBench(
  urls: Pick<BenchUrls, 'api' | 'authEmulator'>,
  options: { quick?: boolean } = {},
): Promise<ExportFigures> {
  const count = options.quick ? 20 : 500;
  const runs = options.quick ? 1 : Number(process.env.BENCH_RUNS ?? 2);
  const token = await newAccountToken(urls.authEmulator);
  const auth = { authorization: `Bearer ${token}` };
  const signal = () => AbortSignal.timeout(REQUEST_DEADLINE_MS);
  const session = await fetch(`${urls.api}/api/session`, { headers: auth, signal: signal() });
  const { user } = (await session.json()) as { user: { csrf_token: string } };
  const content = JSON.stringify({
    format: 'brainboard',
    assignments: Array.from({ length: count }, (_, i) => card(i)),
  });
  const imported = await fetch(`${urls.api}/api/import`, {
    method: 'POST',
    headers: { ...auth, 'x-csrf-token': user.csrf_token, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'brainboard', content }),
    signal: signal(),
  });
  const report = (await imported.json()) as { added?: number };
  if (report.added !== count) throw new Error(`Seeding failed: ${JSON.stringify(report)}`);

  const measure = async (format: string) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await fetch(`${urls.api}/api/export?format=${format}`, {
        headers: auth,
        signal: signal(),
      });
      const body = await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`Export ${format}: ${res.status}`);
      bytes = body.byteLength;
    }
    return { bytes, ms: Math.round(median(times)) };
  };
  const json = await measure('json');
  const csv = await measure('csv');
  const figures = finite({
    assignments: count,
    jsonBytes: json.bytes,
    jsonMs: json.ms,
    csvBytes: csv.bytes,
    csvMs: csv.ms,
  });
  console.log(
    `Export of ${count} assignments: JSON ${(json.bytes / 1024).toFixed(0)} KB in ${json.ms} ms, ` +
      `CSV ${(csv.bytes / 1024).toFixed(0)} KB in ${csv.ms} ms (median of ${runs})`,
  );
  return figures;
}

runStandalone(import.meta.url, 'none', async (urls, quick) => {
  await exportBench(urls, { quick });
});
