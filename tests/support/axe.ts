import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * axe-core, run on the browser's own timers: under Playwright's fake clock (page.clock),
 * paused to hold an animation still, axe's internal setTimeout calls would never fire.
 */
const axeOnRealTimers = `(function (setTimeout, clearTimeout) {
${axeSource}
}).apply(window, window.__pwClock
  ? [window.__pwClock.builtins.setTimeout, window.__pwClock.builtins.clearTimeout]
  : [window.setTimeout.bind(window), window.clearTimeout.bind(window)]);`;

/**
 * axe-core in the page: WCAG 2.1 A and AA plus best practices. The page's
 * context needs `bypassCSP: true` (the app's CSP forbids injected scripts).
 */
export async function violations(page: Page): Promise<Violation[]> {
  await transitionsSettled(page);
  await page.evaluate(axeOnRealTimers);
  return page.evaluate<Violation[]>(`axe
    .run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })
    .then((r) => r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    })))`);
}

/**
 * Resolves once no CSS transition is running (colours in between would fool the contrast check:
 * a toast fading in is half its colour). Two frames first, so a transition its element's mount
 * has only just asked for (a toast sets its state on the frame after it is added) has begun.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(`new Promise((done) => {
    const frame = (window.__pwClock ? window.__pwClock.builtins : window).requestAnimationFrame.bind(window);
    frame(() => frame(done));
  })`);
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a instanceof CSSTransition && a.playState === 'running')
    .map((a) => a.finished.catch(() => undefined)))`);
}

type Scheme = 'light' | 'dark';

/**
 * Switches the page's OS colour scheme and waits until the app, which follows the system
 * theme live while the student's choice is "system", shows that theme.
 */
async function showTheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect
    .poll(() => page.evaluate<string | undefined>('document.documentElement.dataset.theme'), {
      timeout: 5_000,
    })
    .toBe(scheme);
  await transitionsSettled(page);
}

/**
 * Scans what is on screen now in light and in dark, collecting violations under
 * "<state> (<scheme>)" in `found`. The screen must hold still while it runs.
 */
export async function scanBothThemes(
  page: Page,
  state: string,
  found: Record<string, Violation[]>,
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await showTheme(page, scheme);
    const list = await violations(page);
    if (list.length > 0) found[`${state} (${scheme})`] = list;
  }
}
