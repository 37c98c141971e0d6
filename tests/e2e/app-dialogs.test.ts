import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scanBothThemes, type Violation } from '../support/axe.ts';
import { card, saved } from '../support/board.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { signInWithGoogle } from '../support/signin.ts';
import { seed, signedInStudent } from '../support/student.ts';

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };
/** Pictures of a delete confirmation in dark theme, when a folder is given. */
const SHOTS = process.env.BRAINBOARD_SHOTS_DIR;
const CONFIRM_DELETE =
  'Are you sure you want to delete this assignment? This action cannot be undone.';
/** A finger's target. */
const TARGET_MIN_PX = 44;

/**
 * Records, in the tab's sessionStorage, every animation frame in which an app page shows nothing
 * at all: no element in <body> with a box (an empty #root is 0 px tall). Sampling starts once the
 * HTML is parsed, so the time before the browser has anything to paint does not count.
 */
const WATCH_BLANK_FRAMES = `(() => {
  const KEY = 'test:blank-frames';
  const drawn = () => {
    for (const el of document.body.querySelectorAll('*')) {
      if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'NOSCRIPT') continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden') return true;
    }
    return false;
  };
  const sample = () => {
    if (!drawn()) {
      const seen = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      seen.push(location.pathname + ' @' + Math.round(performance.now()) + 'ms');
      sessionStorage.setItem(KEY, JSON.stringify(seen.slice(-20)));
    }
    requestAnimationFrame(sample);
  };
  // Only the app's own pages (the Auth emulator's account chooser is not ours).
  document.addEventListener('DOMContentLoaded', () => {
    if (document.getElementById('root')) requestAnimationFrame(sample);
  });
})()`;

/** The blank frames recorded so far in this tab (kept across its page loads). */
const blankFrames = (page: Page) =>
  page.evaluate<string[]>(`JSON.parse(sessionStorage.getItem('test:blank-frames') || '[]')`);

/** Fails the test when the browser's own alert/confirm/prompt ever opens on `page`. */
function forbidBrowserDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (d) => {
    opened.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return opened;
}

/** The computed background of what the current theme draws dialogs on. */
const themeSurface = (page: Page) =>
  page.evaluate<string>(`(() => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--surface, var(--bg))';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  })()`);

/** Relative luminance of an rgb()/rgba() colour, 0 (black) to 1 (white). */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

describe.runIf(browserAvailable('app dialog browser test'))(
  "the spec's messages in the app's own dialogs, Skip's undo, no blank page",
  () => {
    const browser = useBrowser();

    it.each([
      ['laptop', LAPTOP],
      ['phone', PHONE],
    ] as const)(
      'asks to delete an assignment in an alert dialog of the dark theme (%s)',
      async (size, viewport) => {
        const s = await signedInStudent(browser(), `dialog-${size}`, {
          viewport,
          colorScheme: 'dark',
          board: true,
        });
        const { context, page, problems, as } = s;
        const native = forbidBrowserDialogs(page);
        await seed(as, { title: 'Old worksheet' });
        await seed(as, { title: 'Keep me' });
        await page.reload();
        await card(page, 'Old worksheet').waitFor({ timeout: 15_000 });
        const deletes: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'DELETE') deletes.push(r.url());
        });

        await card(page, 'Old worksheet').hover();
        const browserAsked = page.waitForEvent('dialog');
        await page.getByRole('button', { name: 'Delete Old worksheet' }).click();
        const ask = page.getByRole('alertdialog', { name: CONFIRM_DELETE });
        // What the page shows once the question is asked, wherever it is asked.
        await Promise.race([ask.waitFor({ timeout: 5_000 }), browserAsked]);
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/delete-confirmation-dark-${size}.png` });
        }
        await ask.waitFor({ timeout: 5_000 });
        expect(await ask.getAttribute('aria-modal')).toBe('true');
        expect(await ask.getByText(CONFIRM_DELETE, { exact: true }).count()).toBe(1);
        // Focus is inside, on the safe choice.
        await expect
          .poll(() => page.evaluate('document.activeElement?.textContent'))
          .toBe('Cancel');
        expect(
          await page.evaluate(`!!document.activeElement?.closest('[role="alertdialog"]')`),
        ).toBe(true);
        // Tab stays inside.
        for (let i = 0; i < 4; i += 1) {
          await page.keyboard.press('Tab');
          expect(
            await page.evaluate(`!!document.activeElement?.closest('[role="alertdialog"]')`),
          ).toBe(true);
        }
        // Drawn on the dark theme's surface.
        const surface = await themeSurface(page);
        const background = await ask.evaluate(
          (el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor ?? '',
        );
        expect(background).toBe(surface);
        expect(luminance(background)).toBeLessThan(0.1);

        // Escape is Cancel: nothing is deleted.
        await page.keyboard.press('Escape');
        await ask.waitFor({ state: 'detached' });
        expect(deletes).toEqual([]);
        expect(await card(page, 'Old worksheet').count()).toBe(1);

        // OK deletes.
        await card(page, 'Old worksheet').hover();
        await page.getByRole('button', { name: 'Delete Old worksheet' }).click();
        const deleted = saved(page, 'DELETE');
        await ask.getByRole('button', { name: 'OK' }).click();
        expect((await deleted).status()).toBe(200);
        await expect.poll(() => card(page, 'Old worksheet').count()).toBe(0);
        expect(await card(page, 'Keep me').count()).toBe(1);

        expect(native).toEqual([]);
        expect(realProblems(problems)).toEqual([]);
        await context.close();
      },
    );

    it('finds nothing for axe on the alert dialog and the undo toast, in both themes', async () => {
      const { context, page, as } = await signedInStudent(browser(), 'dialog-axe', {
        viewport: LAPTOP,
        bypassCSP: true,
        board: true,
      });
      await seed(as, {
        title: 'Weekly reading',
        due_date: '2031-03-14T17:00:00',
        repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
      });
      await page.reload();
      await card(page, 'Weekly reading').waitFor({ timeout: 15_000 });
      const found: Record<string, Violation[]> = {};

      await card(page, 'Weekly reading').hover();
      await page.getByRole('button', { name: 'Delete Weekly reading' }).click();
      // A repeating card asks which cards first; "only this one" is not the question here.
      const repeatAsk = page.getByRole('alertdialog', { name: 'Delete a repeating assignment' });
      await repeatAsk.waitFor();
      await page.keyboard.press('Escape');
      await repeatAsk.waitFor({ state: 'detached' });
      await seed(as, { title: 'Old worksheet' });
      await page.reload();
      await card(page, 'Old worksheet').waitFor({ timeout: 15_000 });
      await card(page, 'Old worksheet').hover();
      await page.getByRole('button', { name: 'Delete Old worksheet' }).click();
      const ask = page.getByRole('alertdialog', { name: CONFIRM_DELETE });
      await ask.waitFor({ timeout: 5_000 });
      await scanBothThemes(page, 'delete confirmation', found);
      await page.keyboard.press('Escape');
      await ask.waitFor({ state: 'detached' });

      await card(page, 'Weekly reading')
        .getByRole('button', { name: /^Skip to next/ })
        .click();
      const undo = page.getByRole('button', { name: 'Undo' });
      await undo.waitFor({ timeout: 10_000 });
      await scanBothThemes(page, 'skip undo toast', found);
      expect(found).toEqual({});
      await context.close();
    });

    it('skips with a button, then Undo puts the due date back for good', async () => {
      const { context, page, problems, as } = await signedInStudent(browser(), 'dialog-skip', {
        viewport: PHONE,
        hasTouch: true,
        board: true,
      });
      const native = forbidBrowserDialogs(page);
      // 14 March 2031 is a Friday; the next one is the 21st.
      const weekly = await seed(as, {
        title: 'Weekly reading',
        due_date: '2031-03-14T17:00:00',
        repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
      });
      await page.reload();
      const c = card(page, 'Weekly reading');
      await c.waitFor({ timeout: 15_000 });
      const dueBefore = await c.locator('.due-badge').innerText();
      const skip = c.getByRole('button', { name: /^Skip to next/ });
      const box = await skip.boundingBox();
      expect(box, 'the Skip button is drawn').not.toBeNull();
      expect(Math.round(box!.height)).toBeGreaterThanOrEqual(TARGET_MIN_PX);

      const skipped = page.waitForResponse((r) => r.url().endsWith(`/${weekly.id}/skip`));
      await skip.tap();
      expect((await skipped).status()).toBe(200);
      await expect.poll(() => c.locator('.due-badge').innerText()).not.toBe(dueBefore);
      const one = async () =>
        (
          (await as('GET', '/api/assignments')).body as unknown as {
            id: string;
            due_date: string;
          }[]
        )
          .filter((a) => a.id === weekly.id)
          .map((a) => a.due_date);
      expect(await one()).toEqual(['2031-03-21T17:00:00']);

      const undone = saved(page, 'PATCH');
      await page.getByRole('button', { name: 'Undo' }).tap();
      expect((await undone).status()).toBe(200);
      await expect.poll(() => c.locator('.due-badge').innerText()).toBe(dueBefore);
      expect(await one()).toEqual(['2031-03-14T17:00:00']);
      // Only the one card: the skip created nothing else, and undo left nothing behind.
      const all = (await as('GET', '/api/assignments')).body as unknown as unknown[];
      expect(all).toHaveLength(1);

      await page.reload();
      await c.waitFor({ timeout: 15_000 });
      expect(await c.locator('.due-badge').innerText()).toBe(dueBefore);
      expect(native).toEqual([]);
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });

    it('shows the loading screen or the board, never a blank page, on sign-in, Accept and reload', async () => {
      const context = await browser().newContext({ viewport: LAPTOP });
      await context.addInitScript(WATCH_BLANK_FRAMES);
      const page = await context.newPage();

      // A new student: sign-in lands on the consent screen, Accept shows the board.
      await signInWithGoogle(page, { email: `dialog-blank-${Date.now()}@brainboard.test` });
      const accept = page.getByRole('button', { name: 'Accept', exact: true });
      await accept.waitFor({ timeout: 20_000 });
      expect(await blankFrames(page), 'blank frames on /login and after sign-in').toEqual([]);
      await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
      await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
      await accept.click();
      // The board, under the welcome a new account sees (a modal, so not by its role).
      await page.locator('section.column--new').waitFor({ timeout: 20_000 });
      expect(await blankFrames(page), 'blank frames after Accept').toEqual([]);

      for (let round = 1; round <= 2; round += 1) {
        await page.reload();
        await page.locator('section.column--new').waitFor({ timeout: 20_000 });
        expect(await blankFrames(page), `blank frames on reload #${round}`).toEqual([]);
      }
      await context.close();
    });
  },
);
