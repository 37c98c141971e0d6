import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { aiFirstToken } from '../../bench/ai-first-token.ts';
import { apiLatency } from '../../bench/api-latency.ts';
import { boardDrag } from '../../bench/board-drag.ts';
import { boardRender } from '../../bench/board-render.ts';
import { interactions } from '../../bench/interactions.ts';
import { exportBench } from '../../bench/export.ts';
import { PUSH_STANDIN_CERT, ROOT } from '../../scripts/stack/config.ts';
import { lighthouseScores } from '../../bench/lighthouse.ts';
import { exampleLines, planTiming } from '../../bench/plan.ts';
import { stackWorkers } from '../../bench/stack-workers.ts';
import type { BenchUrls } from '../../bench/support.ts';
import { browserAvailable } from '../support/browser.ts';

/**
 * Every benchmark's quick mode against the stack the integration tests share, so none stops
 * producing its figures unnoticed. Tiny counts and one run each; no timing budget is asserted
 * (figures belong to the benches, run in full by hand). bench/bundle-size.ts is not here: it
 * runs in full, budgets included, as its own step of `npm test`.
 */
const FINITE = expect.any(Number);
const allFinite = (figures: Record<string, number>) => {
  for (const value of Object.values(figures)) expect(Number.isFinite(value)).toBe(true);
};

let urls: BenchUrls;
beforeAll(() => {
  const stack = inject('stack');
  urls = { web: stack.web, api: stack.api, authEmulator: stack.authEmulator };
});

describe('bench quick modes', () => {
  it('plan times the week planner and prints the seeded example', () => {
    const figures = planTiming({ quick: true });
    allFinite(figures);
    expect(figures.sessions).toBeGreaterThan(0);
    expect(exampleLines().some((line) => line.includes('planned'))).toBe(true);
  });

  it('api-latency loads the API and reports latencies', async () => {
    const figures = await apiLatency(urls, { quick: true });
    expect(figures).toEqual({
      listRequests: FINITE,
      listP50: FINITE,
      listP95: FINITE,
      toggleRequests: FINITE,
      toggleP50: FINITE,
      toggleP95: FINITE,
    });
    allFinite(figures);
    expect(figures.listRequests).toBeGreaterThan(0);
    expect(figures.toggleRequests).toBeGreaterThan(0);
  });

  it('export downloads a seeded board as JSON and CSV and reports sizes and times', async () => {
    const figures = await exportBench(urls, { quick: true });
    allFinite(figures);
    expect(figures.assignments).toBe(20);
    expect(figures.jsonBytes).toBeGreaterThan(0);
  });

  it('stack-workers loads the emulator, uploads a small bomb and pauses Firestore', async () => {
    const figures = await stackWorkers(urls, { quick: true });
    allFinite(figures);
    expect(figures.requestsPerSecond).toBeGreaterThan(0);
    // With a lite Firestore to pause, the API answers 503.
    if (inject('stack').mode === 'lite') expect(figures.pausedStatus).toBe(503);
  });

  const browser = browserAvailable('bench quick modes (browser)');
  const web = inject('stack').web !== '';
  if (browser && !web) {
    console.warn(
      '[skipped] bench quick modes (browser): the stack serves no web app (BRAINBOARD_TEST_WEB=none).',
    );
  }
  const withBrowser = browser && web;

  it.runIf(withBrowser)(
    'board-render reports render times from the network and the cache, and the blocking time at 4x',
    async () => {
      const figures = await boardRender(urls, { quick: true });
      allFinite(figures);
      expect(Object.keys(figures).sort()).toEqual([
        'cachedFirstPaintMax',
        'cachedFirstPaintMedian',
        'cachedPaintMax',
        'cachedPaintMedian',
        'networkCommitMedian',
        'networkFirstPaintMedian',
        'networkPaintMax',
        'networkPaintMedian',
        'throttledBlockingMedian',
        'throttledLongestFrameMedian',
        'throttledProbeCheckMin',
      ]);
      // The probe sees long frames: its check's 100 ms task came back as one, in every load. The
      // load itself may have none on a fast machine (a zero longest frame).
      expect(figures.throttledProbeCheckMin).toBeGreaterThanOrEqual(100);
    },
  );

  it.runIf(withBrowser)(
    'board-drag reports frame times during a drag and the floor under a crossing',
    async () => {
      const figures = await boardDrag(urls, { quick: true });
      allFinite(figures);
      expect(figures.frames).toBeGreaterThan(0);
      // The floor: the page timed four frames after one plain crossing and four after its undo
      // (the bench throws when the page has no card to cross or no crossing to undo).
      expect(figures.floorFrames).toBe(8);
      expect(figures.floorMissedRefreshes).toBeLessThanOrEqual(figures.floorFrames);
    },
  );

  it.runIf(withBrowser)(
    'interactions reports INP at 4x CPU throttling, the editor on screen and the card in place',
    async () => {
      const figures = await interactions(urls, { quick: true });
      allFinite(figures);
      expect(Object.keys(figures).sort()).toEqual([
        'dropCardInp',
        'dropShownMs',
        'editorFloorInp',
        'editorShownMs',
        'floorInp',
        'openEditorAgainInp',
        'openEditorInp',
        'openFocusInp',
        'tickStepInp',
      ]);
      // Event Timing reports nothing under 16 ms: the bench counts that as 16.
      for (const value of Object.values(figures)) expect(value).toBeGreaterThanOrEqual(0);
      expect(figures.openEditorInp).toBeGreaterThanOrEqual(16);
      // The editor's floor draws the editor's own HTML: a dialog that big is never under 16 ms.
      expect(figures.editorFloorInp).toBeGreaterThan(16);
      // The card takes its place in a frame after the pointer's release, never before it.
      expect(figures.dropShownMs).toBeGreaterThan(0);
    },
    180_000,
  );

  it.runIf(withBrowser)('ai-first-token reports the time to the first reply text', async () => {
    const figures = await aiFirstToken(urls, { quick: true });
    allFinite(figures);
    expect(figures.replies).toBe(2);
  });

  it.runIf(withBrowser)(
    'lighthouse scores the landing page',
    async () => {
      const { scores } = await lighthouseScores(urls, { quick: true });
      expect(Object.keys(scores)).toEqual(['landing']);
      expect(scores.landing).toEqual({
        performance: FINITE,
        accessibility: FINITE,
        'best-practices': FINITE,
      });
      allFinite(scores.landing ?? {});
    },
    180_000,
  );
});

/**
 * Runs bench/scale.ts in quick mode as its own process (it starts its own lite Firestore, on a
 * port it takes itself). Its errors go on to this run's output as they come, and their end is
 * kept for the failure message: CI's record of a run keeps only the end of it.
 */
async function runScaleQuick(): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join('bench', 'scale.ts'), '--quick', '--port', '0'],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: PUSH_STANDIN_CERT },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      err = (err + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('bench/scale.ts quick mode', () => {
  it('seeds 500 students, delivers every reminder due and prints its figures', async () => {
    const { code, out, err } = await runScaleQuick();
    console.log(out);
    expect(code, `bench/scale.ts exited with ${code}; the end of its errors:\n${err}`).toBe(0);
    const last = out.trim().split('\n').pop() ?? '';
    const figures = JSON.parse(last) as Record<string, number>;
    expect(Object.keys(figures).sort()).toEqual(
      [
        'students',
        'reads_per_minute_max',
        'writes_per_minute_max',
        'run_seconds_max',
        'reminders_due',
        'reminders_sent',
        'lateness_p50_s',
        'lateness_p99_s',
        'lateness_max_s',
        'feeds',
        'feed_wait_max_min',
        'poll_reads_unchanged',
      ].sort(),
    );
    allFinite(figures);
    expect(figures.students).toBe(500);
    expect(figures.reminders_due).toBe(200);
    expect(figures.reminders_sent).toBe(figures.reminders_due);
    expect(figures.feeds).toBe(12);
    // Every delivery is claimed with a write before it is sent.
    expect(figures.writes_per_minute_max).toBeGreaterThanOrEqual(Math.ceil(200 / 3));
    expect(figures.poll_reads_unchanged).toBeGreaterThan(0);
    // A reminder minute reads what is due in it and a few documents more (the busiest minute
    // has a third of the 200, rounded up), however many students there are.
    expect(figures.reads_per_minute_max).toBeLessThanOrEqual(Math.ceil(200 / 3) + 50);
    // An unchanged poll reads one document: the board document, which gives the sign-in check
    // every request makes and the ETag's stamp.
    expect(figures.poll_reads_unchanged).toBe(1);
    // Every feed's task went through the Cloud Tasks emulator to feedSync, which took it (a
    // sync, or on a busy machine a read past its own time limit, which ends that turn). Counts
    // only: the wait and the failures depend on the machine.
    const feedLine = /(\d+) runs enqueued (\d+) tasks; (\d+) syncs, (\d+) failed for good/.exec(
      out,
    );
    const [enqueued, syncs, failed] = (feedLine?.slice(2) ?? []).map(Number);
    expect(enqueued).toBe(12);
    expect((syncs ?? 0) + (failed ?? 0)).toBe(12);
    expect(syncs).toBeGreaterThan(0);
  }, 900_000);
});
