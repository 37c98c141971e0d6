import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, openPage, useBrowser, watchConsole } from '../support/browser.ts';
import { signInWithGoogle } from '../support/signin.ts';

/** The Auth emulator's chooser loads assets from the internet; those aborts are expected. */
const realProblems = (problems: string[]) =>
  problems.filter((p) => !/net::ERR_FAILED|Failed to load resource/.test(p));

const pathOf = (page: Page) => new URL(page.url()).pathname;
// A string: the tests' TypeScript setup has no DOM types.
const theme = (page: Page) => page.evaluate<string>('document.documentElement.dataset.theme');

describe.runIf(browserAvailable('app shell browser test'))('the app shell in Chromium', () => {
  const browser = useBrowser();

  it('takes a new student from sign-in through consent, the welcome, the board and theme to logout', async () => {
    const web = inject('stack').web;
    const { context, page, problems } = await openPage(browser(), { colorScheme: 'light' });

    // Sign in as a brand-new made-up account through the emulator's Google chooser.
    await signInWithGoogle(page, {
      email: `shell-${Date.now()}@example.com`,
      name: 'Shell Student',
    });
    expect(pathOf(page)).toBe('/dashboard');

    // The header is there; consent comes before the board.
    await page.getByRole('heading', { level: 1, name: 'Brainboard' }).waitFor();
    const accept = page.getByRole('button', { name: 'Accept' });
    await accept.waitFor();
    expect(await page.getByRole('button', { name: 'Add Assignment' }).count()).toBe(0);
    expect(await accept.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).check();
    expect(await accept.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
    expect(await accept.isEnabled()).toBe(true);

    // Accepting reloads the page.
    await Promise.all([page.waitForEvent('load'), accept.click()]);

    // A first-time user is welcomed with first steps (not every release); Escape closes it.
    const welcome = page.getByRole('dialog', { name: 'Welcome to Brainboard!' });
    await welcome.waitFor({ timeout: 20_000 });
    await expect(
      welcome.getByRole('button', { name: 'Add an assignment' }).isVisible(),
    ).resolves.toBe(true);
    expect(await page.getByRole('dialog', { name: "What's New!" }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'detached' });

    // The board.
    await page.getByRole('button', { name: 'Add Assignment' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    // The theme toggle names the theme it switches to, and the choice is remembered.
    expect(await theme(page)).toBe('light');
    await page.getByRole('button', { name: 'Dark Mode' }).click();
    expect(await theme(page)).toBe('dark');
    await page.getByRole('button', { name: 'Light Mode' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Add Assignment' }).waitFor({ timeout: 20_000 });
    expect(await theme(page)).toBe('dark');
    // Closing the welcome was saved: neither it nor What's New comes back.
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Signed in with both accepted: / and /login lead to the dashboard.
    await page.goto(`${web}/`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${web}/login`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('button', { name: 'Settings' }).waitFor();

    // Logout from Settings lands on the landing page.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Every brain is welcome').waitFor();

    // Signed out for real: the dashboard sends us to /login, and stays there.
    await page.goto(`${web}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    // The login page sends a visitor on only from its first render (a remembered session),
    // and loads no sign-in code: once its button shows, it stays.
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    expect(pathOf(page)).toBe('/login');

    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('serves the public pages without any Firebase code', async () => {
    const web = inject('stack').web;
    for (const path of ['/', '/login', '/privacy', '/tos']) {
      const page = await browser().newPage();
      const problems = watchConsole(page);
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.url());
      });
      await page.goto(`${web}${path}`, { waitUntil: 'networkidle' });
      const bodies = await Promise.all(
        scripts.map((url) => page.evaluate((u) => fetch(u).then((r) => r.text()), url)),
      );
      expect(
        bodies.some((text) => /identitytoolkit|firebaseapp|initializeApp/.test(text)),
        `${path} loaded Firebase code`,
      ).toBe(false);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
