/**
 * Budget: a board of 300 assignments renders within 100 ms of the data arriving, in headless
 * Chromium on this machine. A measurement, not a timed test: it prints figures.
 *
 *   npx tsx bench/board-render.ts           (BENCH_QUICK=1 or --quick: 12 cards, one load)
 *
 * It starts the local stack (web: vite preview of a production build), signs a fresh student
 * in, seeds 300 assignments through the API, then loads the dashboard several times, two ways:
 *
 * - from the network: the browser's copy of the board (localStorage, `brainboard.cache.board.*`)
 *   is removed before each load, so the cards come from GET /api/assignments. "Data arriving"
 *   is the responseEnd of the first such response (resource timing);
 * - from the browser's copy: the board a returning student sees at once, before the network
 *   answers. Measured from the start of the navigation.
 *
 * "Rendered" is the first frame after all cards are in the DOM (a rAF, then a task, after the
 * commit). Set BENCH_RUNS to change the number of measured loads of each kind.
 */
import type { Page } from 'playwright-core';
import { finite, percentile, runStandalone, withSeededBoard, type BenchUrls } from './support.ts';

const fmt = (n: number) => `${n.toFixed(1)} ms`;

/** Installed before every load: notes when all cards are committed and the next frame after. */
const RENDER_PROBE = (n: number) => `(() => {
  const probe = { committed: null, painted: null };
  window.__boardProbe = probe;
  const check = () => {
    if (probe.committed !== null) return;
    if (document.querySelectorAll('[data-card-id]').length >= ${n}) {
      probe.committed = performance.now();
      requestAnimationFrame(() => setTimeout(() => { probe.painted = performance.now(); }, 0));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

/** Installed before every load: while `window.name` says so, the board's local copy is gone. */
const FORGET_BOARD = `(() => {
  if (window.name !== 'bench:network') return;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('brainboard.cache.board.')) localStorage.removeItem(key);
  }
})()`;

interface RenderSample {
  /** When the data arrived: the first GET /api/assignments' responseEnd, or 0 (navigation). */
  arrived: number;
  committed: number;
  painted: number;
}

async function measureLoad(
  page: Page,
  web: string,
  from: 'network' | 'cache',
): Promise<RenderSample> {
  await page.evaluate(`window.name = ${JSON.stringify(`bench:${from}`)}`);
  await page.goto(`${web}/dashboard`);
  // From the network the response's timing entry is written once its body has been read.
  const arrivedEntry = `performance.getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname === '/api/assignments')
    .map((e) => e.responseEnd)
    .sort((a, b) => a - b)[0]`;
  await page.waitForFunction(
    `window.__boardProbe && window.__boardProbe.painted !== null${
      from === 'network' ? ` && (${arrivedEntry}) !== undefined` : ''
    }`,
    null,
    { timeout: 60_000 },
  );
  const sample = await page.evaluate<RenderSample>(`(() => ({
    arrived: ${from === 'network' ? arrivedEntry : '0'},
    committed: window.__boardProbe.committed,
    painted: window.__boardProbe.painted,
  }))()`);
  if (from === 'network' && sample.committed < sample.arrived) {
    throw new Error('The cards showed before the list arrived: the local copy was not removed.');
  }
  return sample;
}

interface BoardRenderFigures extends Record<string, number> {
  networkCommitMedian: number;
  networkPaintMedian: number;
  networkPaintMax: number;
  cachedPaintMedian: number;
  cachedPaintMax: number;
}

interface BoardRenderOptions {
  quick?: boolean;
  /** Measured loads of each kind (quick: 1). */
  runs?: number;
}

/** Measures against a running stack with a web app; prints and returns the figures. */
export async function boardRender(
  urls: BenchUrls,
  options: BoardRenderOptions = {},
): Promise<BoardRenderFigures> {
  const runs = options.quick ? 1 : (options.runs ?? Number(process.env.BENCH_RUNS ?? 7));
  return withSeededBoard(urls, 'render', options.quick, async (page, size) => {
    await page.addInitScript(FORGET_BOARD);
    await page.addInitScript(RENDER_PROBE(size));
    await measureLoad(page, urls.web, 'network'); // warm-up (caches, JIT)
    const network: RenderSample[] = [];
    const cached: RenderSample[] = [];
    for (let i = 0; i < runs; i += 1) {
      network.push(await measureLoad(page, urls.web, 'network'));
      cached.push(await measureLoad(page, urls.web, 'cache'));
    }
    const commit = network.map((s) => s.committed - s.arrived);
    const paint = network.map((s) => s.painted - s.arrived);
    const cachedPaint = cached.map((s) => s.painted);
    console.log(
      `Board render, ${size} assignments, ${runs} load(s) of each kind (1280x800, headless Chromium)${
        options.quick ? ', quick mode' : ''
      }`,
    );
    console.log(
      `  from the network: data arrived -> cards committed: median ${fmt(percentile(commit, 50))}, max ${fmt(Math.max(...commit))}`,
    );
    console.log(
      `  from the network: data arrived -> first frame:     median ${fmt(percentile(paint, 50))}, max ${fmt(Math.max(...paint))}`,
    );
    console.log(
      `  from the browser's copy: navigation -> first frame: median ${fmt(percentile(cachedPaint, 50))}, max ${fmt(Math.max(...cachedPaint))}`,
    );
    if (!options.quick) {
      const ok = percentile(paint, 50) <= 100;
      console.log(
        `  budget 100 ms (median, data arrived -> first frame): ${ok ? 'met' : 'NOT met'}`,
      );
    }
    return finite<BoardRenderFigures>({
      networkCommitMedian: percentile(commit, 50),
      networkPaintMedian: percentile(paint, 50),
      networkPaintMax: Math.max(...paint),
      cachedPaintMedian: percentile(cachedPaint, 50),
      cachedPaintMax: Math.max(...cachedPaint),
    });
  });
}

runStandalone(import.meta.url, 'preview', async (urls, quick) => {
  await boardRender(urls, { quick });
});
