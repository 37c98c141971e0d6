import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { studentApi, type As } from './api.ts';
import { column } from './board.ts';
import { browserAvailable, realProblems, useBrowser, watchConsole } from './browser.ts';
import { idTokenOf } from './idToken.ts';
import { readyForBoard } from './student.ts';

export { saved } from './board.ts';
export { seed } from './student.ts';

/**
 * The keyboard journeys (tests/e2e/keyboard-*.test.ts): every journey with the keyboard alone,
 * with a visible focus indicator at each step. Once a page is loaded, the app is driven only
 * through page.keyboard: no click, fill or check on the app's elements. Data a journey is not
 * about is seeded through the API.
 *
 * Two things are not the app's DOM: the Auth emulator's Google account chooser (driven by
 * keyboard too, but its look is not ours, so its focus ring is not checked). Confirmations are
 * the app's own alert dialog, answered by keyboard like the rest; a browser dialog must never
 * open, and one that does is a problem of the page.
 */

/** What has keyboard focus, in words, for failure messages. */
const DESCRIBE_FOCUS = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return '<body>';
  const label = el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].textContent)
    || el.getAttribute('title') || el.textContent || el.getAttribute('placeholder') || '';
  const role = el.getAttribute('role');
  return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (role ? '[role=' + role + ']' : '')
    + ' "' + label.trim().replace(/\\s+/g, ' ').slice(0, 60) + '"';
})()`;

/** The focused element's focus indicator and whether a person can see the element at all. */
const FOCUS_LOOK = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) {
    return { ok: false, why: 'nothing has focus (document.body)' };
  }
  const s = getComputedStyle(el);
  const transparent = /rgba\\(.*,\\s*0\\)$|transparent/.test(s.outlineColor);
  const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !transparent;
  const shadow = !!s.boxShadow && s.boxShadow !== 'none';
  const r = el.getBoundingClientRect();
  let hidden = null;
  if (r.width < 4 || r.height < 4) hidden = 'is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px';
  for (let n = el; n && !hidden; n = n.parentElement) {
    const c = getComputedStyle(n);
    if (c.display === 'none' || c.visibility === 'hidden' || parseFloat(c.opacity) === 0) {
      hidden = 'sits in a hidden ' + n.tagName.toLowerCase() + (n.className ? '.' + String(n.className).split(' ')[0] : '');
    }
  }
  const why = hidden ? 'the focused element ' + hidden
    : !(outline || shadow) ? 'no focus indicator (outline ' + s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor + ', box-shadow ' + s.boxShadow + ')'
    : null;
  return { ok: !why, why };
})()`;

async function focusedNow(page: Page): Promise<string> {
  return page.evaluate<string>(DESCRIBE_FOCUS);
}

/** The focused element shows a focus indicator (outline or box-shadow) and is itself visible. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const look = await page.evaluate<{ ok: boolean; why: string | null }>(FOCUS_LOOK);
  if (!look.ok) throw new Error(`No visible focus on ${await focusedNow(page)}: ${look.why}`);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === el.ownerDocument.activeElement);
}

/** `target` has keyboard focus now (after a dialog closed, a drop, ...), visibly. */
export async function expectFocused(page: Page, target: Locator, what: string): Promise<void> {
  await expect
    .poll(() => isFocused(target), { timeout: 3_000, message: `focus on ${what}` })
    .toBe(true)
    .catch(async (err: Error) => {
      throw new Error(`${err.message}\nFocus is on ${await focusedNow(page)} instead.`);
    });
  await expectVisibleFocus(page);
}

export interface TabOptions {
  /** At most this many key presses (default 40). */
  max?: number;
  /** Shift+Tab instead of Tab. */
  back?: boolean;
  /** Check the focus indicator on every stop on the way (default true; off on pages not ours). */
  checkEach?: boolean;
}

/**
 * Presses Tab until `target` has focus, checking on the way that every stop shows its focus;
 * fails with the list of what got focus when it never arrives.
 */
export async function tabTo(page: Page, target: Locator, opts: TabOptions = {}): Promise<void> {
  const { max = 40, back = false, checkEach = true } = opts;
  await target.waitFor({ state: 'attached', timeout: 15_000 });
  const visited: string[] = [];
  for (let i = 0; i <= max; i += 1) {
    if (await isFocused(target)) {
      if (checkEach) await expectVisibleFocus(page);
      return;
    }
    if (i === max) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focusedNow(page);
    visited.push(now);
    if (checkEach && now !== '<body>') await expectVisibleFocus(page);
  }
  throw new Error(
    `${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)} in ${max} presses. ` +
      `Focus went to:\n  ${visited.join('\n  ')}`,
  );
}

/** Tab and Shift+Tab never leave `container` (a modal's focus trap), each stop visibly focused. */
export async function expectTabTrappedIn(page: Page, container: Locator, presses = 20) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      const inside = await container.evaluate((el) => el.contains(el.ownerDocument.activeElement));
      if (!inside) throw new Error(`${key} left the dialog for ${await focusedNow(page)}`);
      await expectVisibleFocus(page);
    }
  }
}

/** Tab to `target` and press `key` on it. */
export async function tabAndPress(
  page: Page,
  target: Locator,
  key = 'Enter',
  opts: TabOptions = {},
) {
  await tabTo(page, target, opts);
  await page.keyboard.press(key);
}

/** Selects all text in the focused field and types `text` over it. */
export async function typeOver(page: Page, text: string) {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** What the Auth emulator's chooser page loads from the internet (unreachable in CI). */
const CHOOSER_ASSETS = /^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//;

/**
 * Signs in with the keyboard: Tab to "Sign in with Google", Enter, then in the emulator's
 * chooser "Add new account", the email and name, "Sign in with Google.com". Resolves on
 * /dashboard.
 */
async function signInByKeyboard(page: Page, email: string, name: string, problems: string[]) {
  const { web } = inject('stack');
  await page.route(CHOOSER_ASSETS, (route) => route.abort());
  await page.goto(`${web}/login`);
  await tabAndPress(page, page.getByRole('button', { name: 'Sign in with Google' }));
  await page.waitForURL(/\/api\/auth\/google\/emulator/, { timeout: 20_000 });
  // The chooser is the emulator's page, not ours: keyboard only, but its focus ring is its own.
  const chooser = { checkEach: false };
  // The chooser lists every account the emulator holds (dozens by the end of a run) before
  // "Add new account", its last control: a student would reach it from the end, with Shift+Tab.
  await tabAndPress(page, page.locator('#add-account-button button'), 'Enter', {
    ...chooser,
    back: true,
  });
  await tabTo(page, page.locator('#email-input'), chooser);
  await page.keyboard.type(email);
  await tabTo(page, page.locator('#display-name-input'), chooser);
  await page.keyboard.type(name);
  await tabAndPress(page, page.locator('#sign-in'), 'Enter', chooser);
  await page
    .waitForURL((url) => url.pathname === '/dashboard', { timeout: 60_000 })
    .catch((err: Error) => {
      // E.g. a CSP refusal to reach another Auth emulator: web/dist was built for another stack.
      throw new Error(`${err.message}\nThe page said:\n${realProblems(problems).join('\n')}`);
    });
  await page.waitForLoadState('networkidle');
}

export interface Student {
  context: BrowserContext;
  page: Page;
  problems: string[];
  id: string;
  as: As;
}

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/**
 * A dialog is ready for keys once focus has moved into it (what a person sees). Before that, on
 * a loaded machine, a key can reach the layer underneath: Escape would close the parent dialog.
 */
export async function dialogReady(target: Locator): Promise<void> {
  await target.waitFor();
  await expect
    .poll(() => target.evaluate((el) => el.contains(el.ownerDocument.activeElement)), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** Tab to `target`, press Enter, and wait until the dialog `name` it opens has focus. */
export async function openDialog(page: Page, target: Locator, name: string): Promise<Locator> {
  await tabAndPress(page, target);
  const opened = dialog(page, name);
  await dialogReady(opened);
  return opened;
}

/** The board is on screen and the loading screen has gone. */
export async function boardReady(page: Page) {
  await column(page, 'New').waitFor({ timeout: 20_000 });
  await page.locator('.board:not([aria-busy])').waitFor({ timeout: 20_000 });
  await page.locator('.loading').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * A student who signed in by keyboard; unless `setup` is false, consent and What's New are done.
 * `options` are added to the browser context's (a laptop's screen).
 */
export type SignedIn = (
  prefix: string,
  setup?: boolean,
  options?: BrowserContextOptions,
) => Promise<Student>;

/**
 * A suite of keyboard journeys, run where Chromium is (see browserAvailable): keyboard only,
 * with a visible focus at every step (see the top of this file). One browser serves the file's
 * journeys (launched before them, closed after); `signedIn` gives each journey its student.
 */
export function describeKeyboard(title: string, journeys: (signedIn: SignedIn) => void): void {
  describe.runIf(browserAvailable('keyboard browser test'))(title, () => {
    journeys(keyboardStudents());
  });
}

function keyboardStudents(): SignedIn {
  const browser = useBrowser();

  return async function signedIn(prefix, setup = true, options = {}) {
    const context = await browser().newContext({
      viewport: { width: 1280, height: 800 },
      ...options,
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    page.on('dialog', (d) => {
      problems.push(`browser ${d.type()} opened: ${d.message()}`);
      void d.dismiss();
    });
    await signInByKeyboard(
      page,
      `${prefix}-${Date.now()}@example.com`,
      'Keyboard Student',
      problems,
    );
    const { id, as } = await studentApi(await idTokenOf(page));
    if (setup) await readyForBoard(as, id);
    return { context, page, problems, id, as };
  };
}

/** Reloads; the board may show this browser's copy first, so wait for the server's list. */
export async function reloadBoard(s: Student) {
  const listed = s.page.waitForResponse(
    (r) => r.url().endsWith('/api/assignments') && r.request().method() === 'GET',
  );
  await s.page.reload();
  await listed;
  await boardReady(s.page);
}
