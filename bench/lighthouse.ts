/**
 * Budget: Lighthouse, mobile, on the built app served locally: performance at least
 * 95, accessibility 100, best practices at least 95, for the landing page and the dashboard.
 * A measurement: it prints the scores (and the audits that cost points), and exits 1 when a
 * score is under its budget.
 *
 *   npx tsx bench/lighthouse.ts      (BENCH_QUICK=1 or --quick: one run of the landing page)
 *
 * It starts the local stack (web: `vite preview` of a production build, under the Hosting
 * headers), opens Debian's Chromium with a normal profile and a DevTools port, and runs the
 * `lighthouse` package against it with its default mobile settings (Moto G Power screen, slow
 * 4G and 4x CPU slowdown, simulated). The landing page is measured signed out; the dashboard
 * is measured signed in as a student with consent given and a board of 30 assignments. Set
 * BENCH_RUNS to take the median of several runs per page (default 3), BENCH_VERBOSE=1 to list
 * the layout shifts and long tasks of each run, BENCH_SAVE=/some/prefix to write each run's report
 * and Lighthouse's own trace to `<prefix>-<page>-<run>.json` (the tasks it observed, before its
 * 4x simulation: decisions 0049 and 0050). Set
 * BRAINBOARD_PORT_OFFSET to run beside `npm start`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { PORT_OFFSET } from '../scripts/stack/config.ts';
import { launchProfile } from '../tests/support/browser.ts';
import { apiAs, finite, runStandalone, seedBoard, signIn, type BenchUrls } from './support.ts';

const BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
type Category = keyof typeof BUDGETS;
const CATEGORIES = Object.keys(BUDGETS) as Category[];
const DEVTOOLS_PORT = 9333 + PORT_OFFSET;
const BOARD_SIZE = 30;

type Scores = Record<Category, number>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

/** The audits of a category that did not score full marks, with their weight. */
function losses(result: RunnerResult, category: Category): string[] {
  const lhr = result.lhr;
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .map(
      ({ ref, audit }) =>
        `${ref.id} (weight ${ref.weight}, score ${audit?.score}${
          audit?.displayValue ? `, ${audit.displayValue}` : ''
        })`,
    );
}

async function measure(url: string, label: string, runCount: number): Promise<Scores> {
  const flags: Flags = {
    port: DEVTOOLS_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // The dashboard needs the signed-in user this profile holds.
    disableStorageReset: true,
  };
  const runs: Scores[] = [];
  for (let i = 0; i < runCount; i += 1) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const landed = result.lhr.finalDisplayedUrl;
    if (new URL(landed).pathname !== new URL(url).pathname) {
      throw new Error(`${label}: ${url} ended on ${landed}`);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Scores;
    runs.push(scores);
    // BENCH_SAVE=prefix: each run's report and Lighthouse's own trace, to read its tasks after.
    if (process.env.BENCH_SAVE) {
      const file = `${process.env.BENCH_SAVE}-${label}-${i + 1}.json`;
      await writeFile(file, JSON.stringify({ lhr: result.lhr, trace: result.artifacts.Trace }));
    }
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
      .map((id) => `${id.replace(/-/g, ' ')} ${result.lhr.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`${label} run ${i + 1}: ${JSON.stringify(scores)} (${metrics})`);
    for (const c of CATEGORIES) {
      for (const line of losses(result, c)) console.log(`  ${c}: ${line}`);
    }
    // BENCH_VERBOSE=1: what shifted and which tasks were long, to find what costs the points.
    const explained = process.env.BENCH_VERBOSE ? ['layout-shifts', 'long-tasks'] : [];
    for (const id of ['errors-in-console', 'inspector-issues', ...explained]) {
      const details = result.lhr.audits[id]?.details as { items?: unknown[] } | undefined;
      for (const item of details?.items ?? []) console.log(`    ${id}: ${JSON.stringify(item)}`);
    }
  }
  return Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Scores;
}

type LighthouseScores = Record<string, Scores>;

/**
 * Runs Lighthouse against a running stack with a web app; prints the scores and returns the
 * median of each page's runs, and whether every budget is met. Quick: one run of the landing
 * page, no budget verdict.
 */
export async function lighthouseScores(
  urls: BenchUrls,
  options: { quick?: boolean; runs?: number } = {},
): Promise<{ scores: LighthouseScores; met: boolean }> {
  const runs = options.quick ? 1 : (options.runs ?? Number(process.env.BENCH_RUNS ?? 3));
  const profile = await mkdtemp(join(tmpdir(), 'brainboard-lighthouse-'));
  const browser = await launchProfile(profile, {
    args: [`--remote-debugging-port=${DEVTOOLS_PORT}`],
  });
  try {
    const results: LighthouseScores = {};
    results.landing = await measure(`${urls.web}/`, 'landing', runs);

    if (!options.quick) {
      const page = browser.pages()[0] ?? (await browser.newPage());
      await signIn(page, urls, `lighthouse-${Date.now()}@example.com`);
      await seedBoard(await apiAs(page, urls.api), BOARD_SIZE);
      await page.goto(`${urls.web}/privacy`);
      results.dashboard = await measure(`${urls.web}/dashboard`, 'dashboard', runs);
    }

    let met = true;
    console.log(
      `\nLighthouse (mobile), median of ${runs} run(s)${options.quick ? ', quick mode' : ''}:`,
    );
    for (const [name, scores] of Object.entries(results)) {
      finite(scores);
      const verdicts = CATEGORIES.map((c) => {
        const ok = scores[c] >= BUDGETS[c];
        if (!ok) met = false;
        return options.quick
          ? `${c} ${scores[c]}`
          : `${c} ${scores[c]} (budget ${BUDGETS[c]}${ok ? '' : ', MISSED'})`;
      });
      console.log(`  ${name.padEnd(9)} ${verdicts.join(' · ')}`);
    }
    return { scores: results, met };
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, 'preview', async (urls, quick) => {
  const { met } = await lighthouseScores(urls, { quick });
  return met || quick ? 0 : 1;
});
