import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { As } from '../support/api.ts';
import { card, column, saved, titlesIn } from '../support/board.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import {
  announcement,
  dragOverlay,
  mouseDrag,
  mouseLift,
  pressAndHear,
  watchWrites,
} from '../support/dnd.ts';
import { animationsSettled } from '../support/motion.ts';
import { signedInStudent } from '../support/student.ts';

/**
 * What keeps a long board cheap on a slow phone without changing what it does: an open dialog
 * no longer restyles the whole page (ui/modal.css, docs/decisions/0027-dialogs-on-a-long-board.md),
 * cards off screen are skipped by layout and paint and a drop writes only the cards it moves
 * (decision 0030), and a drag far down a long board still lands where aimed, also on a card the
 * drag's own scroll brought near. The first key after a load lifts its card, also while the board
 * is still drawing its other cards on a slow CPU (decision 0046).
 * bench/interactions.ts measures the time; these tests hold the behaviour.
 */
const VIEWPORT = { width: 1280, height: 800 };
const PER_COLUMN = 25;

/** Creates the cards one by one: without due dates each new one goes last in its column. */
async function seedColumns(as: As, perColumn = PER_COLUMN) {
  for (let i = 1; i <= perColumn; i += 1) {
    for (const status of ['new', 'in progress']) {
      const title = `${status === 'new' ? 'Reading' : 'Essay'} ${i}`;
      const res = await as('POST', '/api/assignment', {
        title,
        status,
        // Cards of different heights, as on a real board.
        description:
          i % 3 === 0 ? 'Notes for this one run over two lines on the card. '.repeat(3) : '',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }
}

/**
 * Reloads the page and waits until the board has drawn every card: its first frame draws the
 * first 16 of each column, the others come in a transition right after (decision 0033).
 */
async function reloadAllDrawn(page: Page) {
  await page.reload();
  await column(page, 'New').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('li[data-card-id]').count()).toBe(2 * PER_COLUMN);
}

/**
 * Scrolls through the board once and back to its top, as a student has, so that every card off
 * screen keeps the size it had on screen (board.css: the cards the browser skips are measured at
 * that size).
 */
async function scrolledThroughOnce(page: Page) {
  await page.evaluate(`(async () => {
    for (const li of document.querySelectorAll('li[data-card-id]')) {
      li.scrollIntoView({ block: 'center' });
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    }
    window.scrollTo(0, 0);
  })()`);
}

describe.runIf(browserAvailable('board cost browser test'))('a long board, cheaply', () => {
  const browser = useBrowser();

  it('a drag far down a long board, with the cards above it off screen, lands where aimed', async () => {
    const s = await signedInStudent(browser(), 'board-cost-drag', { viewport: VIEWPORT });
    await seedColumns(s.as);
    // Counted from before the load, so a write the page makes as it starts is counted both ways.
    const writes = watchWrites(s.page);
    await reloadAllDrawn(s.page);
    await scrolledThroughOnce(s.page);
    // Far down the board, with the cards above it off screen: "Reading 20" dropped at the top of
    // "Essay 20" (cards of the same height, so the place is plain) lands just above it.
    await card(s.page, 'Essay 20').scrollIntoViewIfNeeded();
    const patched = saved(s.page, 'PATCH');
    await mouseDrag(s.page, card(s.page, 'Reading 20'), card(s.page, 'Essay 20'), 'top');
    expect((await patched).status()).toBe(200);
    await dragOverlay(s.page).waitFor({ state: 'detached' });
    const essays = Array.from({ length: PER_COLUMN }, (_, i) => `Essay ${i + 1}`);
    const expected = [...essays.slice(0, 19), 'Reading 20', ...essays.slice(19)];
    await expect.poll(() => titlesIn(s.page, 'In progress')).toEqual(expected);

    await writes.idle();
    await reloadAllDrawn(s.page);
    expect(await titlesIn(s.page, 'In progress')).toEqual(expected);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('a drag that scrolls the board reaches the cards the scroll brought near', async () => {
    const s = await signedInStudent(browser(), 'board-cost-scroll', { viewport: VIEWPORT });
    await seedColumns(s.as);
    await reloadAllDrawn(s.page);
    await scrolledThroughOnce(s.page);
    // At the top of the board "Essay 22" is more than a screen below it: it takes no part in a
    // drag that starts there (cardsNear.ts) until a scroll brings it near, and the drag must see
    // it come (decision 0043 tried an observer that stopped watching during a drag).
    const essay = card(s.page, 'Essay 22');
    const below = await essay.evaluate((el) => el.getBoundingClientRect().top);
    expect(below).toBeGreaterThan(2 * VIEWPORT.height);
    const reading = card(s.page, 'Reading 1');
    const a = (await reading.boundingBox())!;
    await mouseLift(s.page, reading, { x: a.x + a.width / 2, y: a.y + a.height / 2 + 10 });
    // The wheel, with the card held: the page scrolls until the essay is on screen; the card is
    // then dropped on its top edge and lands just above it.
    await s.page.mouse.wheel(0, below - VIEWPORT.height / 2);
    await expect
      .poll(() => s.page.evaluate<number>('window.scrollY'))
      .toBeGreaterThan(VIEWPORT.height);
    await animationsSettled(s.page);
    const b = (await essay.boundingBox())!;
    expect(b.y).toBeGreaterThan(0);
    expect(b.y + b.height).toBeLessThan(VIEWPORT.height);
    const patched = saved(s.page, 'PATCH');
    await s.page.mouse.move(b.x + b.width / 2, b.y + 4, { steps: 20 });
    await animationsSettled(s.page);
    await s.page.mouse.up();
    expect((await patched).status()).toBe(200);
    await dragOverlay(s.page).waitFor({ state: 'detached' });
    const essays = Array.from({ length: PER_COLUMN }, (_, i) => `Essay ${i + 1}`);
    await expect
      .poll(() => titlesIn(s.page, 'In progress'))
      .toEqual([...essays.slice(0, 21), 'Reading 1', ...essays.slice(21)]);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('the first key after each of 10 loads lifts its card, at 4× CPU: the drag layer is drawn once', async () => {
    const s = await signedInStudent(browser(), 'board-cost-first-key', { viewport: VIEWPORT });
    await seedColumns(s.as);
    // Every time the drag layer is drawn, dnd-kit's live region is added to the page.
    await s.page.addInitScript(`{
      window.dragLayers = 0;
      new MutationObserver((records) => {
        for (const { addedNodes } of records) {
          for (const node of addedNodes) {
            if (node instanceof Element && (node.matches('[id^="DndLiveRegion"]')
              || node.querySelector('[id^="DndLiveRegion"]'))) window.dragLayers += 1;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    }`);
    // A slow phone: the board's transition that draws its other cards takes long, and the drag
    // layer's code comes in the middle of it, as it did in the CI runs that lost a first key.
    // Before the fix about one load in eight lost it (7 of 55 on this machine).
    const cdp = await s.context.newCDPSession(s.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (let load = 1; load <= 10; load += 1) {
      await reloadAllDrawn(s.page);
      await s.page.getByRole('button', { name: 'Move Reading 1', exact: true }).focus();
      await pressAndHear(s.page, 'Space', 'Picked up Reading 1.');
      expect(await s.page.evaluate<number>('window.dragLayers'), `load ${load}`).toBe(1);
      await s.page.keyboard.press('Escape');
      await expect.poll(() => announcement(s.page).textContent()).toContain('Move cancelled.');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('cards off screen are skipped by layout and paint, and keep the size they had on screen', async () => {
    const s = await signedInStudent(browser(), 'board-cost-skip', { viewport: VIEWPORT });
    await seedColumns(s.as);
    await s.page.reload();
    await card(s.page, 'Essay 1').waitFor({ timeout: 20_000 });
    // "Essay 24" has two lines of notes, so it is taller than the 7rem a card not yet seen is
    // taken for; it starts far below the screen.
    const essay = card(s.page, 'Essay 24');
    const state = () =>
      essay.evaluate((el) => ({
        drawn: el.querySelector('h3')!.checkVisibility({ contentVisibilityAuto: true }),
        height: el.getBoundingClientRect().height,
      }));
    const unseen = await state();
    expect(unseen.drawn).toBe(false);
    await essay.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await state()).drawn).toBe(true);
    const seen = (await state()).height;
    expect(seen).toBeGreaterThan(unseen.height);
    // Back at the top, the card is skipped again, at the size it had on screen: the column below
    // the screen keeps its length, and a drag measures it where it is.
    await card(s.page, 'Essay 1').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await state()).drawn).toBe(false);
    expect((await state()).height).toBe(seen);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('a drop writes nothing to the cards it did not move', async () => {
    const s = await signedInStudent(browser(), 'board-cost-still', { viewport: VIEWPORT });
    await seedColumns(s.as, 3);
    for (const title of ['Poster', 'Quiz']) {
      const res = await s.as('POST', '/api/assignment', { title, status: 'done' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await s.page.reload();
    await card(s.page, 'Quiz').waitFor({ timeout: 20_000 });
    const target = (await card(s.page, 'Essay 2').boundingBox())!;
    await mouseLift(s.page, card(s.page, 'Reading 1'), {
      x: target.x + target.width / 2,
      y: target.y + 4,
    });
    // From the moment the card is let go: every write to the style of a card in Done, a column
    // the drag never touched.
    await s.page.evaluate(`{
      window.stillWrites = 0;
      new MutationObserver((records) => { window.stillWrites += records.length; }).observe(
        document.querySelector('section[data-status="done"]'),
        { attributes: true, attributeFilter: ['style'], subtree: true },
      );
    }`);
    const patched = saved(s.page, 'PATCH');
    await s.page.mouse.up();
    expect((await patched).status()).toBe(200);
    await expect
      .poll(() => titlesIn(s.page, 'In progress'))
      .toEqual(['Essay 1', 'Reading 1', 'Essay 2', 'Essay 3']);
    await animationsSettled(s.page);
    expect(await s.page.evaluate<number>('window.stillWrites')).toBe(0);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('an open dialog leaves the page its pointer events and styles, and its overlay takes the clicks', async () => {
    const s = await signedInStudent(browser(), 'board-cost-dialog', { viewport: VIEWPORT });
    // A few cards do: what the dialog changes on the page does not depend on how long it is.
    await seedColumns(s.as, 3);
    await s.page.reload();
    await card(s.page, 'Reading 2').waitFor({ timeout: 20_000 });
    // Where "Reading 1" is, beside the dialog to come (the page behind it is hidden from roles).
    const beside = (await card(s.page, 'Reading 1').boundingBox())!;

    const sheetsBefore = await s.page.evaluate<number>(`document.querySelectorAll('style').length`);
    await card(s.page, 'Reading 2').locator('h3').click();
    const editor = s.page.getByRole('dialog');
    await editor.waitFor();
    const page = await s.page.evaluate<{
      locked: string | null;
      bodyOverflow: string;
      bodyPointer: string;
      sheets: number;
    }>(`(() => ({
      locked: document.body.getAttribute('data-scroll-locked'),
      bodyOverflow: getComputedStyle(document.body).overflowY,
      bodyPointer: getComputedStyle(document.body).pointerEvents,
      sheets: document.querySelectorAll('style').length,
    }))()`);
    // The scroll bar is left alone (decision 0034): no attribute, no overflow and no style sheet
    // added to the page, each of which restyled or laid out the whole page behind.
    expect(page.locked).toBeNull();
    expect(page.bodyOverflow).toBe('visible');
    expect(page.sheets).toBe(sheetsBefore);
    // <body> keeps its pointer events (an inherited property: changing it restyled every element).
    expect(page.bodyPointer).toBe('auto');

    // Yet the page behind does not scroll: a wheel over the overlay is cancelled.
    const wheelCancelled = async (): Promise<boolean> => {
      // The listener is in place before the wheel turns; it reports after every other one ran.
      await s.page.evaluate(`void (window.wheelSeen = new Promise((resolve) =>
        window.addEventListener('wheel', (e) => resolve(e.defaultPrevented), { once: true })))`);
      await s.page.mouse.move(beside.x + 10, beside.y + beside.height / 2);
      await s.page.mouse.wheel(0, 300);
      return s.page.evaluate<boolean>('window.wheelSeen');
    };
    expect(await wheelCancelled()).toBe(true);

    // A click beside the dialog lands on the overlay: the dialog closes and nothing behind it
    // (the board's cards and buttons) is clicked.
    await s.page.mouse.click(beside.x + 10, beside.y + beside.height / 2);
    await editor.waitFor({ state: 'detached' });
    expect(await s.page.getByRole('dialog').count()).toBe(0);
    expect(await s.page.evaluate(`document.body.classList.contains('modal-open')`)).toBe(false);
    // With the dialog closed, the same wheel is the page's again.
    expect(await wheelCancelled()).toBe(false);

    // Behind an open dialog the toasts wait too, as the rest of the page does.
    await card(s.page, 'Reading 2').locator('h3').click();
    await editor.waitFor();
    await s.page.evaluate(`(() => {
      const toaster = document.createElement('ol');
      toaster.setAttribute('data-sonner-toaster', '');
      toaster.id = 'test-toaster';
      document.body.append(toaster);
    })()`);
    expect(
      await s.page.evaluate(
        `getComputedStyle(document.getElementById('test-toaster')).pointerEvents`,
      ),
    ).toBe('none');
    await s.page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(
      await s.page.evaluate(
        `getComputedStyle(document.getElementById('test-toaster')).pointerEvents`,
      ),
    ).toBe('auto');
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
