import type { Page } from 'playwright-core';

/**
 * Resolves once the page has rendered twice more and every finite animation and transition
 * has finished: cards sliding into their new places, the drop animation. Animations that
 * repeat forever (a spinner) are left out.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(`new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))
    .then(() => Promise.all(document.getAnimations()
      .filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined))))`);
}
