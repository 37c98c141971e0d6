import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  BrowserContext,
  ConsoleMessage,
  Frame,
  Locator,
  Page,
  Request,
} from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
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

/** The built worker file, changed for a new build and put back when the file's tests are over. */
const builds = {
  original: '',
  async next(name: string) {
    this.original ||= await readFile(workerFile, 'utf8');
    await writeFile(workerFile, `${this.original}\n// ${name}\n`);
  },
  async restore() {
    if (this.original) await writeFile(workerFile, this.original);
  },
};

/**
 * A new build, found by the page and announced: the served worker script changes (request
 * routing does not see the browser's own fetch of the worker script, so the built file changes
 * until the file's last test is over; put back sooner, the browser's own check after a reload
 * would find yet another build and announce it). Answers the prompt's Refresh button.
 */
async function announced(page: Page, build: string): Promise<Locator> {
  await builds.next(build);
  await page.evaluate("navigator.serviceWorker.getRegistration('/').then((reg) => reg?.update())");
  await page.getByText('A new version is ready ·').waitFor({ timeout: 30_000 });
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await refresh.waitFor({ timeout: 30_000 });
  return refresh;
}

/** Whether a worker newer than the page's is still installing or waiting. */
function pendingWorkers(
  page: Page,
): Promise<{ installing: string | null; waiting: string | null }> {
  return page.evaluate(`navigator.serviceWorker.getRegistration('/').then((reg) => ({
    installing: reg?.installing?.state ?? null,
    waiting: reg?.waiting?.state ?? null,
  }))`);
}

/**
 * Does what should reload the page and waits for the load. A click that cannot land and a
 * reload that never comes fail apart; either way the error says what the page did after the
 * act and where the service workers stood (in the failure itself: a CI log keeps only its end).
 */
async function reloadedBy(page: Page, act: () => Promise<unknown>): Promise<void> {
  const watch = watchLoad(page);
  try {
    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), act()]);
  } catch (error) {
    throw new Error(`No reload after Refresh (${String(error)}). ${await watch.report()}`);
  } finally {
    watch.stop();
  }
}

/** Gives up on a read after 5 s: a page stuck in a navigation may never answer one. */
function within5s(read: Promise<string>): Promise<string> {
  return Promise.race([
    read.catch((error: unknown) => `unreadable (${String(error)})`),
    new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 5 s'), 5_000)),
  ]);
}

/**
 * What the page does from now on (its navigations, errors, messages and unfinished requests),
 * and, asked for a report, where the service workers stand, read from the page, from the
 * browser and from the active worker itself. A page that does not answer is asked again once
 * its navigation is stopped: a navigation held in the browser also holds the page's answers.
 */
function watchLoad(page: Page): { report(): Promise<string>; stop(): void } {
  const started = Date.now();
  const seen: string[] = [];
  const note = (what: string) => seen.push(`${Date.now() - started} ms ${what}`);
  const unfinished = new Set<Request>();
  const on = {
    framenavigated: (frame: Frame) => {
      if (frame === page.mainFrame()) note(`committed ${frame.url()}`);
    },
    domcontentloaded: () => note('DOMContentLoaded'),
    request: (request: Request) => unfinished.add(request),
    requestfinished: (request: Request) => unfinished.delete(request),
    requestfailed: (request: Request) => {
      unfinished.delete(request);
      note(`failed ${request.url()} (${request.failure()?.errorText ?? ''})`);
    },
    pageerror: (error: Error) => note(`error ${error.message}`),
    crash: () => note('crashed'),
    console: (message: ConsoleMessage) =>
      note(`${message.type()}: ${message.text().slice(0, 200)}`),
  };
  for (const [event, listener] of Object.entries(on))
    page.on(event as 'load', listener as () => void);
  return {
    stop() {
      for (const [event, listener] of Object.entries(on)) {
        page.off(event as 'load', listener as () => void);
      }
    },
    async report() {
      const inPage = await within5s(
        page.evaluate<string>(
          `navigator.serviceWorker.getRegistration('/').then((reg) => JSON.stringify({
            installing: reg?.installing?.state ?? null,
            waiting: reg?.waiting?.state ?? null,
            active: reg?.active?.state ?? null,
            controller: navigator.serviceWorker.controller?.state ?? null,
          }))`,
        ),
      );
      const workers = page.context().serviceWorkers();
      const inWorker = workers[0]
        ? await within5s(
            workers[0].evaluate<string>(
              `self.clients.matchAll({ includeUncontrolled: true }).then((clients) => JSON.stringify({
                installing: self.registration.installing?.state ?? null,
                waiting: self.registration.waiting?.state ?? null,
                active: self.registration.active?.state ?? null,
                clients: clients.map((c) => c.url),
              }))`,
            ),
          )
        : 'no worker running';
      const cdp = await page.context().newCDPSession(page);
      const inBrowser = await within5s(
        cdp
          .send('Target.getTargetInfo')
          .then(({ targetInfo }) => `${targetInfo.url} "${targetInfo.title}"`),
      );
      const stopped = inPage.startsWith('no answer')
        ? await within5s(
            cdp
              .send('Page.stopLoading')
              .then(() => page.evaluate<string>('`answers, ${document.readyState}`')),
          )
        : 'not stopped';
      await cdp.detach().catch(() => undefined);
      return [
        `Since the act: ${seen.join('; ') || 'nothing'}`,
        `unfinished requests: ${[...unfinished].map((r) => r.url()).join(', ') || 'none'}`,
        `in the page: ${inPage}`,
        `in the worker (${workers.map((w) => w.url()).join(', ') || 'none'}): ${inWorker}`,
        `in the browser: ${inBrowser}`,
        `with its navigation stopped, the page: ${stopped}`,
      ].join('. ');
    },
  };
}

/**
 * The app opens with no network: the service worker serves the shell, the board comes from
 * this device's copy, a calm line says it is offline, and AI says it needs a connection.
 * A new build of the worker is announced and waits for Refresh, which takes over with the newest.
 */
describe.runIf(browserAvailable('offline app browser test'))('offline app', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  afterAll(() => builds.restore());

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
    const refresh = await announced(page, 'the second build');
    // Nothing reloaded on its own.
    expect(await page.evaluate<boolean | undefined>('window.stayed')).toBe(true);
    await reloadedBy(page, () => refresh.click({ timeout: 10_000 }));
    expect(await page.evaluate<boolean | undefined>('window.stayed')).toBe(undefined);
    await card(page, 'Essay plan').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
    expect(await pendingWorkers(page)).toEqual({ installing: null, waiting: null });
  });

  it('takes over with the build that was installing when Refresh was pressed', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await controlled(page);
    await announced(page, 'the third build');
    // A fourth build comes while the third waits: Refresh is pressed the moment the browser
    // starts installing it, so the third still waits and the fourth is not ready yet. Once
    // installed, the fourth replaces the third; the takeover must be the fourth's.
    await builds.next('the fourth build');
    await reloadedBy(page, () =>
      page.evaluate(`navigator.serviceWorker.getRegistration('/').then((reg) => {
        reg.addEventListener('updatefound', () => {
          [...document.querySelectorAll('button')].find((b) => b.textContent === 'Refresh').click();
        }, { once: true });
        // Not waited for: the page may be gone before the update's promise would answer.
        reg.update().catch(() => undefined);
      })`),
    );
    await card(page, 'Essay plan').waitFor({ timeout: 30_000 });
    // The page runs the newest build: no worker is left waiting or installing, no prompt.
    expect(await pendingWorkers(page)).toEqual({ installing: null, waiting: null });
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
  });
});
