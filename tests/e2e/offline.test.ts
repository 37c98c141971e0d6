import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { card, column } from '../support/board.ts';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { boardCopyKept, controlled } from '../support/offline.ts';
import { signedInStudent } from '../support/student.ts';

/** The built worker the local stack's preview serves (a port offset builds into its own folder). */
const offset = Number(process.env.BRAINBOARD_PORT_OFFSET ?? 0);
const workerFile = join(
  import.meta.dirname,
  '..',
  '..',
  ...(offset ? ['.data', `web-dist-${offset}`] : ['web', 'dist']),
  'sw.js',
);

/** The page's registration as it stands: each worker's state, and the controller's. */
async function workerStates(page: Page): Promise<string> {
  // Read from outside the page too: a page stuck in a navigation never answers an evaluate (the
  // CI failure of 2026-11-27 printed nothing else), so that read gives up after 5 s.
  const outside = `page at ${page.url()}; workers running: ${
    page
      .context()
      .serviceWorkers()
      .map((w) => w.url())
      .join(', ') || 'none'
  }`;
  const inside = await Promise.race([
    page
      .evaluate<string>(
        `navigator.serviceWorker.getRegistration('/').then((reg) => JSON.stringify({
          installing: reg?.installing?.state ?? null,
          waiting: reg?.waiting?.state ?? null,
          active: reg?.active?.state ?? null,
          controller: navigator.serviceWorker.controller?.state ?? null,
        }))`,
      )
      .catch((error: unknown) => `unreadable (${String(error)})`),
    new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 5 s'), 5_000)),
  ]);
  return `${outside}; in the page: ${inside}`;
}

/**
 * The app opens with no network: the service worker serves the shell, the board comes from
 * this device's copy, a calm line says it is offline, and AI says it needs a connection.
 * A new build of the worker is announced and waits for Refresh.
 */
describe.runIf(browserAvailable('offline app browser test'))('offline app', () => {
  const browser = useBrowser();
  let context: BrowserContext;

  it('opens offline with the board from this device, a status line, and AI asking for a connection', async () => {
    const { web } = inject('stack');
    const student = await signedInStudent(browser(), 'offline', {
      viewport: { width: 1280, height: 900 },
      ai: true,
    });
    const { page, as } = student;
    context = student.context;
    await as('POST', '/api/assignment', { title: 'Essay plan', status: 'in progress' });
    await page.goto(`${web}/dashboard`);
    await controlled(page);
    await card(page, 'Essay plan').waitFor({ timeout: 30_000 });
    await boardCopyKept(page);

    await context.setOffline(true);
    const started = Date.now();
    await page.reload();
    await column(page, 'In progress').getByText('Essay plan').waitFor({ timeout: 15_000 });
    console.log(`Offline warm start: usable board after ${Date.now() - started} ms`);
    await page.getByText('Offline · showing the copy on this device').waitFor();

    await card(page, 'Essay plan').getByRole('heading').click();
    await page
      .getByText('AI help needs a connection. Try again when you are back online.')
      .waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await page.getByText('Back online · caught up').waitFor();
  });

  it('announces a new build and reloads only on Refresh', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await controlled(page);
    await page.evaluate('window.stayed = true');
    // A new build: the served worker script changes (request routing does not see the
    // browser's own fetch of the worker script, so the built file changes for a moment).
    const original = await readFile(workerFile, 'utf8');
    await writeFile(workerFile, `${original}\n// next build\n`);
    try {
      await page.evaluate(
        "navigator.serviceWorker.getRegistration('/').then((reg) => reg?.update())",
      );
      await page.getByText('A new version is ready ·').waitFor({ timeout: 30_000 });
    } finally {
      await writeFile(workerFile, original);
    }
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.waitFor({ timeout: 30_000 });
    // Nothing reloaded on its own.
    expect(await page.evaluate<boolean | undefined>('window.stayed')).toBe(true);
    // A click that cannot land and a reload that never comes fail apart; either way the test
    // prints where the page's service workers stood.
    try {
      await Promise.all([
        page.waitForEvent('load', { timeout: 30_000 }),
        refresh.click({ timeout: 10_000 }),
      ]);
    } catch (error) {
      console.log(`Service workers after Refresh: ${await workerStates(page)}`);
      throw error;
    }
    expect(await page.evaluate<boolean | undefined>('window.stayed')).toBe(undefined);
    await card(page, 'Essay plan').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
  });
});
