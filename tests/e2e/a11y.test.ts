import { describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.ts';
import { violations, type Violation } from '../support/axe.ts';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { idTokenOf } from '../support/idToken.ts';
import { signInWithGoogle } from '../support/signin.ts';

/**
 * No axe violations on the screens and modals, in light and dark.
 * (Pages run under the app's CSP; the scan is injected through the
 * DevTools protocol with bypassCSP, the app itself is unchanged.)
 */
describe.runIf(browserAvailable('accessibility (axe) browser test'))('accessibility', () => {
  const browser = useBrowser();

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no violations on public pages, the board and its modals (${colorScheme})`, async () => {
      const { web } = inject('stack');
      const context = await browser().newContext({ colorScheme, bypassCSP: true });
      const page = await context.newPage();
      const found: Record<string, Violation[]> = {};
      const check = async (screen: string) => {
        const list = await violations(page);
        if (list.length > 0) found[screen] = list;
      };

      for (const path of ['/', '/login', '/privacy', '/tos']) {
        await page.goto(`${web}${path}`);
        await page.getByRole('main').first().waitFor();
        await check(path);
      }

      await signInWithGoogle(page, { email: `a11y-${colorScheme}-${Date.now()}@brainboard.test` });
      await check('consent');

      // A task with a subtask, so the board and Focus Mode have content.
      const token = await idTokenOf(page);
      const session = await call<{ user: { csrf_token: string } }>('GET', '/api/session', {
        token,
      });
      await call('POST', '/api/assignment', {
        token,
        csrf: session.body.user.csrf_token,
        body: {
          title: 'Read chapter 4',
          due_date: '2030-01-01T08:00:00',
          subtasks: [{ title: 'Skim' }],
        },
      });

      // Accepting reloads the page (docs/product.md, Screens); the board comes back with the
      // welcome of a new account.
      await page.getByLabel('I accept the Privacy Policy').check();
      await page.getByLabel('I accept the Terms of Service').check();
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: 'Accept' }).click(),
      ]);

      const welcome = page.getByRole('dialog', { name: 'Welcome to Brainboard!' });
      await welcome.waitFor();
      await check('welcome');
      await page.getByRole('button', { name: 'Maybe later' }).click();
      await page.getByText('Read chapter 4').waitFor();
      await check('board');

      await page.getByRole('button', { name: 'Add Assignment' }).first().click();
      await page.getByRole('dialog').waitFor();
      await check('editor');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);

      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('dialog').waitFor();
      await check('settings');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Focus', exact: true }).click();
      await page.getByRole('dialog').getByText('Read chapter 4').waitFor();
      await check('focus');

      expect(found).toEqual({});
      await context.close();
    });
  }
});
