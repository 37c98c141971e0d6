import type { Page, Route } from 'playwright-core';

/**
 * Holds the page's GET requests to `url` until the returned function lets them through
 * (other methods pass at once). Resolves once the hold is in place.
 */
export async function holdRequests(page: Page, url: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(url, (route) => {
    if (route.request().method() === 'GET') held.push(route);
    else void route.fallback();
  });
  return async () => {
    await page.unroute(url);
    await Promise.all(held.splice(0).map((r) => r.fallback().catch(() => undefined)));
  };
}

/**
 * Reloads the dashboard as a first visit (no local copy of the board or profile) with the
 * assignment list held back, so the loading screen stays on screen. Call the returned
 * function to let the list through.
 */
export async function holdLoadingScreen(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(`Object.keys(localStorage)
    .filter((k) => k.startsWith('brainboard.cache.'))
    .forEach((k) => localStorage.removeItem(k))`);
  const release = await holdRequests(page, '**/api/assignments');
  await page.reload();
  await page.getByText('Loading your dashboard').waitFor();
  return release;
}
