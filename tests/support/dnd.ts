import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './motion.ts';

/** dnd-kit's live region for screen readers. */
export const announcement = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Waits until dnd-kit is in the page (its live region is there). The board's drag and drop
 * arrives in a chunk of its own as the board's first frame is drawn (decision 0040): a pointer
 * press a test sends before it would find still cards. (A key is kept until it comes:
 * `keyboard-move.test.ts` shows it; the tests' other keys wait here, for the common case.)
 */
export async function dragReady(page: Page): Promise<void> {
  await announcement(page).first().waitFor({ state: 'attached', timeout: 20_000 });
}

/**
 * Presses a key during a keyboard drag, waits until the screen reader is told `text`, then
 * until the cards stand still: the keyboard sensor measures where the cards are, so the next
 * key must not act on a layout still in motion.
 */
export async function pressAndHear(page: Page, key: string, text: string): Promise<void> {
  await dragReady(page);
  await page.keyboard.press(key);
  try {
    await expect.poll(() => announcement(page).textContent(), { timeout: 5_000 }).toContain(text);
  } catch (error) {
    throw new Error(`${key} was not followed by "${text}". ${await dragState(page)}`, {
      cause: error,
    });
  }
  await animationsSettled(page);
}

/**
 * What the page shows of dragging, for the message of a test that waited in vain: where the
 * focus is, what the live regions say, whether a card is lifted. A drag lost only under the CI
 * run's load is then told apart from a drag that never began.
 */
async function dragState(page: Page, at?: { x: number; y: number }): Promise<string> {
  const under = at
    ? `(() => {
        const el = document.elementFromPoint(${at.x}, ${at.y});
        const title = el?.closest('li[data-card-id]')?.querySelector('h3')?.textContent;
        return title ? 'the card ' + title : el ? el.tagName + '.' + el.className : null;
      })()`
    : 'null';
  return page
    .evaluate<string>(
      `JSON.stringify({
        pressedOn: ${under},
        focus: document.activeElement?.getAttribute('aria-label')
          ?? document.activeElement?.tagName ?? null,
        liveRegions: Array.from(
          document.querySelectorAll('[id^="DndLiveRegion"]'),
          (el) => el.textContent,
        ),
        liftedCards: document.querySelectorAll('.card--overlay').length,
        cards: document.querySelectorAll('li[data-card-id]').length,
      })`,
    )
    .then((state) => `The page: ${state}.`)
    .catch(() => 'The page could not be read.');
}

/** The card being dragged, drawn above the board while a drag lasts and during its drop. */
export const dragOverlay = (page: Page) => page.locator('.card--overlay');

/**
 * Presses the mouse on `source`, holds it until the card lifts (the board starts a drag only
 * after a hold), and moves it in steps to `to`. The button stays down.
 */
export async function mouseLift(
  page: Page,
  source: Locator,
  to: { x: number; y: number },
): Promise<void> {
  // Measured once dnd-kit is here: where the card is now, not where it was as the page loaded.
  await dragReady(page);
  const a = await source.boundingBox();
  if (!a) throw new Error('Nothing to drag.');
  const at = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await liftedAfterPress(page, at);
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await animationsSettled(page);
}

/**
 * Waits for the lifted card after a press at `at`, mouse or finger (a drag starts after a hold);
 * when none comes, fails with what the page showed, including what was under the press.
 */
export async function liftedAfterPress(page: Page, at: { x: number; y: number }): Promise<void> {
  await dragOverlay(page)
    .waitFor({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      const where = `(${Math.round(at.x)}, ${Math.round(at.y)})`;
      const state = await dragState(page, at);
      throw new Error(`A hold at ${where} did not lift a card. ${state}`, { cause: error });
    });
}

/** Drags `source` with the mouse onto the top or bottom edge of `target` and drops it there. */
export async function mouseDrag(
  page: Page,
  source: Locator,
  target: Locator,
  where: 'top' | 'bottom',
): Promise<void> {
  const b = await target.boundingBox();
  if (!b) throw new Error('No target to drop on.');
  const to = { x: b.x + b.width / 2, y: where === 'top' ? b.y + 4 : b.y + b.height - 4 };
  await mouseLift(page, source, to);
  await page.mouse.up();
}

/**
 * Follows the page's writes to /api from now on; `idle()` resolves once none is in flight (a
 * move saves the card and, when the column needs it, new ranks of its neighbours).
 */
export function watchWrites(page: Page): { idle(): Promise<void> } {
  // The writes themselves, not a count: one that started before this began (the page's own
  // writes as it loads) and ends after must not count as less than none.
  const inFlight = new Set<Request>();
  const isWrite = (r: Request) =>
    r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (isWrite(r)) inFlight.add(r);
  });
  const done = (r: Request) => {
    inFlight.delete(r);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    idle: async () => {
      await expect.poll(() => inFlight.size, { timeout: 10_000 }).toBe(0);
    },
  };
}

/**
 * Holds back the board's drag chunk (dnd-kit, decision 0040) from the page's next load on, as a
 * slow connection right after a load would. `asked` resolves once the page has asked for it;
 * `release` lets it come. The page must have no service worker (`serviceWorkers: 'block'`), so
 * the chunk comes from the network, where the test sees it.
 */
export async function dragCodeHeld(page: Page): Promise<{ asked: Promise<void>; release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let ask = () => {};
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await page.route(/\/assets\/drag-[^/]*\.js$/, async (route) => {
    ask();
    await held;
    await route.continue();
  });
  return { asked, release };
}
