import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Debian's Chromium, or null when it is not installed. */
const chromiumPath = CANDIDATES.find((p): p is string => !!p && existsSync(p)) ?? null;

/**
 * Whether browser suites can run. Under CI=true a missing Chromium is a
 * failure, not a skip; elsewhere the suite is skipped with the reason printed.
 */
export function browserAvailable(suite: string): boolean {
  if (chromiumPath) return true;
  const reason = 'Chromium is not installed (apt-get install -y chromium).';
  if (process.env.CI === 'true') {
    throw new Error(`${suite}: ${reason} CI must run the browser tests.`);
  }
  console.warn(`[skipped] ${suite}: ${reason}`);
  return false;
}

/** Headless, and quiet on a machine's closed network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium is not installed.');
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}

/**
 * One browser for the test file that calls this (launched before its tests, closed after them),
 * given by the returned getter once the tests run.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet: call it inside a test.');
    return browser;
  };
}

/**
 * A new incognito context of `browser` with these options (no viewport given: Playwright's
 * 1280x720), its first page, and the console errors of that page as they come.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

/**
 * A browser with a real profile in `userDataDir` (not incognito, as every context of
 * launchBrowser is): for what Chromium only allows in a normal profile, such as installing.
 */
export async function launchProfile(
  userDataDir: string,
  options: { viewport?: { width: number; height: number }; args?: string[] } = {},
): Promise<BrowserContext> {
  if (!chromiumPath) throw new Error('Chromium is not installed.');
  const { args = [], ...rest } = options;
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS, ...args],
    ...rest,
  });
}

/** Collects console errors and uncaught page errors, to assert a clean page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** The app's own alert dialog for a spec alert or confirmation (web/src/ui/MessageHost.tsx). */
const appMessage = (page: Page) => page.locator('[role="alertdialog"].app-message');

/**
 * Waits for the app's next alert or confirmation, answers it with the button `answer` and
 * resolves to its text once it has closed.
 */
export async function answerAppDialog(
  page: Page,
  answer: 'OK' | 'Cancel',
  timeout = 10_000,
): Promise<string> {
  const message = appMessage(page).first();
  await message.waitFor({ timeout });
  const shown = await message.elementHandle();
  const text = (await message.locator('.modal__title').textContent()) ?? '';
  await message.getByRole('button', { name: answer, exact: true }).click();
  // This one closes; another may follow it at once.
  await shown?.waitForElementState('hidden');
  return text;
}

/**
 * Answers OK to every alert and confirmation the app shows on `page`, in its own dialog, and
 * keeps their texts in order. The browser's own alert/confirm must not open: one that does is
 * kept as "browser <type>: <text>", so a test comparing the texts fails on it.
 */
export function acceptDialogs(page: Page): string[] {
  const texts: string[] = [];
  page.on('dialog', (dialog) => {
    texts.push(`browser ${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  void (async () => {
    try {
      for (;;) texts.push(await answerAppDialog(page, 'OK', 0));
    } catch (err) {
      // The page closed at the end of the test; anything else shows in the texts.
      if (!page.isClosed()) texts.push(`could not answer the app's dialog: ${String(err)}`);
    }
  })();
  return texts;
}

/** Console errors that matter (the chooser page's blocked internet assets do not). */
export const realProblems = (problems: string[]) =>
  problems.filter((p) => !/net::ERR_FAILED|Failed to load resource/.test(p));
