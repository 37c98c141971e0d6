import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, useBrowser, watchConsole } from '../support/browser.ts';

describe.runIf(browserAvailable('browser smoke test'))('the app in Chromium', () => {
  const browser = useBrowser();

  it('loads the landing page with no console errors', async () => {
    const page = await browser().newPage();
    const problems = watchConsole(page);
    await page.goto(inject('stack').web, { waitUntil: 'networkidle' });
    await expect(page.getByText('Every brain is welcome').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Get Started' }).first().isVisible()).resolves.toBe(
      true,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves any path as the app (SPA fallback) and sends a visitor without a user to /login', async () => {
    const page = await browser().newPage();
    const problems = watchConsole(page);
    await page.goto(`${inject('stack').web}/dashboard`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/login$/);
    await expect(
      page.getByRole('button', { name: 'Sign in with Google' }).isVisible(),
    ).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
