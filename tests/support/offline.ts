import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the service worker controls the page (its first install claims open pages). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, {
    timeout: 30_000,
  });
}

/** Waits until this browser keeps a copy of a board (what the app shows when offline). */
export async function boardCopyKept(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate<boolean>(
        `Object.keys(localStorage).some((k) => k.startsWith('brainboard.cache.board.'))`,
      ),
    )
    .toBe(true);
}
