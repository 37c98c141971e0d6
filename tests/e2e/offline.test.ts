import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { card, column } from '../support/board.ts';
import { browserAvailable, launchBrowser } from '../support/browser.ts';
import { readyStudent } from '../support/student.ts';

/** The built worker the local stack's preview serves (a port offset builds into its own folder). */
const offset = Number(process.env.BRAINBOARD_PORT_OFFSET ?? 0);
const workerFile = join(
  import.meta.dirname,
  '..',
  '..',
  ...(offset ? ['.data', `web-dist-${offset}`] : ['web', 'dist']),
  'sw.js',
);

/** Waits until the service worker controls the page (its first install claims open pages). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, {
    timeout: 30_000,
  });
}

/**
 * The app opens with no network: the service worker serves the shell, the board comes from
 * this device's copy, a calm line says it is offline, and AI says it needs a connection.
 * A new build of the worker is announced and waits for Refresh.
 */
describe.runIf(browserAvailable('offline app browser test'))('offline app', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('opens offline with the board from this device, a status line, and AI asking for a connection', async () => {
    const { web } = inject('stack');
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { as } = await readyStudent(page, 'offline', { ai: true });
    await as('POST', '/api/assignment', { title: 'Essay plan', status: 'in progress' });
    await page.goto(`${web}/dashboard`);
    await controlled(page);
    await card(page, 'Essay plan').waitFor({ timeout: 30_000 });
    await expect
      .poll(() =>
        page.evaluate<boolean>(
          `Object.keys(localStorage).some((k) => k.startsWith('brainboard.cache.board.'))`,
        ),
      )
      .toBe(true);

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
    await Promise.all([page.waitForEvent('load'), refresh.click()]);
    expect(await page.evaluate<boolean | undefined>('window.stayed')).toBe(undefined);
    await card(page, 'Essay plan').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
  });
});
