import { beforeAll, describe, expect, inject, it } from 'vitest';
import { aiFirstToken } from '../../bench/ai-first-token.ts';
import { apiLatency } from '../../bench/api-latency.ts';
import { boardDrag } from '../../bench/board-drag.ts';
import { boardRender } from '../../bench/board-render.ts';
import { lighthouseScores } from '../../bench/lighthouse.ts';
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
    'board-render reports render times from the network and the cache',
    async () => {
      const figures = await boardRender(urls, { quick: true });
      allFinite(figures);
      expect(Object.keys(figures).sort()).toEqual([
        'cachedPaintMax',
        'cachedPaintMedian',
        'networkCommitMedian',
        'networkPaintMax',
        'networkPaintMedian',
      ]);
    },
  );

  it.runIf(withBrowser)('board-drag reports frame times during a drag', async () => {
    const figures = await boardDrag(urls, { quick: true });
    allFinite(figures);
    expect(figures.frames).toBeGreaterThan(0);
  });

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
