import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { As } from '../support/api.ts';
import { card, column, saved, titlesIn } from '../support/board.ts';
import { browserAvailable, openPage, realProblems, useBrowser } from '../support/browser.ts';
import {
  announcement,
  dragOverlay,
  dragReady,
  mouseDrag,
  pressAndHear,
  watchWrites,
} from '../support/dnd.ts';
import { signInWithGoogle } from '../support/signin.ts';
import { signedInStudent } from '../support/student.ts';

async function boardReady(page: Page) {
  await column(page, 'New').waitFor({ timeout: 20_000 });
}

const VIEWPORT = { width: 1280, height: 800 };

describe.runIf(browserAvailable('board browser test'))('the board in Chromium', () => {
  const browser = useBrowser();

  const student = (prefix: string) =>
    signedInStudent(browser(), prefix, { viewport: VIEWPORT, name: 'Board Student' });

  /** The same student in a second browser, signed in with their Google account. */
  async function secondBrowser(email: string) {
    const opened = await openPage(browser(), { viewport: VIEWPORT });
    await signInWithGoogle(opened.page, { email, name: 'Board Student' });
    return opened;
  }

  /** Creates assignments one by one: without due dates each new one goes last in its column. */
  async function seed(as: As, items: { title: string; status?: string }[]) {
    for (const item of items) {
      const res = await as('POST', '/api/assignment', item);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }

  it('shows three columns with their buttons, and a short click opens the editor', async () => {
    const s = await student('board-basics');
    await s.page.reload();
    await boardReady(s.page);
    for (const name of ['New', 'In progress', 'Done']) {
      const col = column(s.page, name);
      expect(
        await col.getByRole('button', { name: `Add ${name} Task` }).getAttribute('title'),
      ).toBe(`Add ${name} Task`);
      expect(await col.getByText(`Tap + to add a task in the ${name} status`).isVisible()).toBe(
        true,
      );
    }
    expect(await s.page.getByRole('button', { name: 'Add Assignment' }).getAttribute('title')).toBe(
      'Add Assignment',
    );

    await seed(s.as, [{ title: 'Quick look' }]);
    await card(s.page, 'Quick look').waitFor({ timeout: 5_000 }); // live update, no reload
    await card(s.page, 'Quick look').getByRole('heading').click();
    await s.page.getByRole('dialog', { name: 'Edit Assignment' }).waitFor();
    await s.page.keyboard.press('Escape');
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('drags a card to another column with the mouse after a 250 ms hold, and saves it', async () => {
    const s = await student('board-mouse');
    await seed(s.as, [
      { title: 'Lab notes' },
      { title: 'Essay outline' },
      { title: 'Group chat summary', status: 'in progress' },
    ]);
    await s.page.reload();
    await boardReady(s.page);
    expect(await titlesIn(s.page, 'New')).toEqual(['Lab notes', 'Essay outline']);

    // A quick press-and-move is not a drag (with dnd-kit there to start one).
    await dragReady(s.page);
    const lab = card(s.page, 'Lab notes');
    const box = (await lab.boundingBox())!;
    await s.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await s.page.mouse.down();
    await s.page.mouse.move(box.x + box.width / 2 + 400, box.y + box.height / 2, { steps: 5 });
    await s.page.mouse.up();
    expect(await titlesIn(s.page, 'New')).toEqual(['Lab notes', 'Essay outline']);

    // The drop animation: the card glides into its place from where it was let go (dnd.ts).
    await s.page.evaluate(`{
      window.landings = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (keyframes, options) {
        window.landings.push({ id: this.dataset.cardId, keyframes, options });
        return animate.call(this, keyframes, options);
      };
    }`);
    const patched = saved(s.page, 'PATCH');
    await mouseDrag(s.page, lab, card(s.page, 'Group chat summary'), 'bottom');
    expect((await patched).status()).toBe(200);
    type Landing = {
      id?: string;
      keyframes: { transform?: string }[];
      options: { duration?: number };
    };
    await expect.poll(() => s.page.evaluate<number>('window.landings.length')).toBe(1);
    const [landing] = await s.page.evaluate<Landing[]>('window.landings');
    expect(landing?.id).toBe(await lab.getAttribute('data-card-id'));
    expect(landing?.options.duration).toBeGreaterThanOrEqual(330);
    expect(landing?.options.duration).toBeLessThanOrEqual(550);
    expect(String(landing?.keyframes[0]?.transform)).toMatch(/^translate\(\S+px, \S+px\) matrix\(/);
    // It starts with the lift's scale (board.css: 1.04): matrix(a, b, …) scales by |(a, b)|.
    const [a = 0, b = 0] = (String(landing?.keyframes[0]?.transform).split('matrix(')[1] ?? '')
      .split(',')
      .map(Number);
    expect(Math.hypot(a, b)).toBeCloseTo(1.04, 2);
    expect(landing?.keyframes.at(-1)?.transform).toBe('none');
    expect(await dragOverlay(s.page).count()).toBe(0);
    await expect
      .poll(async () => (await titlesIn(s.page, 'In progress')).sort())
      .toEqual(['Group chat summary', 'Lab notes']);
    const shown = await titlesIn(s.page, 'In progress');
    expect(await titlesIn(s.page, 'New')).toEqual(['Essay outline']);
    expect(await s.page.getByRole('dialog').count()).toBe(0); // the drag did not open the editor

    // The place it was dropped at is the place it was saved at.
    await s.page.reload();
    await boardReady(s.page);
    expect(await titlesIn(s.page, 'In progress')).toEqual(shown);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('moving a card into Done shows its completion date and bursts confetti for 1.5 s', async () => {
    const s = await student('board-done');
    await seed(s.as, [{ title: 'Finished reading' }]);
    await s.page.reload();
    await boardReady(s.page);
    // How long each confetti canvas stays: each burst draws on a canvas of its own, removed when
    // the burst ends.
    await s.page.evaluate(`(() => {
      window.confettiLives = [];
      const born = new Map();
      new MutationObserver((changes) => {
        for (const change of changes) {
          for (const node of change.addedNodes) {
            if (node instanceof HTMLCanvasElement && 'confetti' in node.dataset) {
              born.set(node, performance.now());
            }
          }
          for (const node of change.removedNodes) {
            if (born.has(node)) window.confettiLives.push(performance.now() - born.get(node));
          }
        }
      }).observe(document.body, { childList: true });
    })()`);
    await mouseDrag(
      s.page,
      card(s.page, 'Finished reading'),
      column(s.page, 'Done').getByText('Tap + to add a task in the Done status'),
      'top',
    );
    await expect.poll(() => titlesIn(s.page, 'Done')).toEqual(['Finished reading']);
    await card(s.page, 'Finished reading')
      .getByText(/^Completed: /)
      .waitFor();
    // canvas-confetti loads on first use: under load that can take a while.
    await expect
      .poll(() => s.page.evaluate<number[]>('window.confettiLives'), { timeout: 10_000 })
      .toHaveLength(1);
    const [life = 0] = await s.page.evaluate<number[]>('window.confettiLives');
    // The completion burst is 90 ticks, and canvas-confetti draws a tick only when more than
    // 15 ms have passed since the last, so it cannot end before 89 x 15 ms, about 1.34 s (a
    // 900 ms burst ends after about 0.9 s). Only a lower bound: a busy machine draws fewer
    // frames a second and makes every burst longer.
    expect(life).toBeGreaterThanOrEqual(1_300);
    await s.context.close();
  });

  it('drags with the keyboard and announces the place; Escape cancels', async () => {
    const s = await student('board-keys');
    await seed(s.as, [{ title: 'Flashcards', status: 'in progress' }, { title: 'Poem analysis' }]);
    await s.page.reload();
    await boardReady(s.page);

    const handle = s.page.getByRole('button', { name: 'Move Poem analysis' });
    await handle.focus();
    await pressAndHear(s.page, 'Space', 'Picked up Poem analysis. It is in New, position 1 of 1.');
    await pressAndHear(s.page, 'ArrowRight', 'Poem analysis is now in In progress, position');
    await expect.poll(() => titlesIn(s.page, 'In progress')).toContain('Poem analysis');
    await s.page.keyboard.press('Escape');
    await expect.poll(() => titlesIn(s.page, 'New')).toEqual(['Poem analysis']);
    expect(await announcement(s.page).textContent()).toContain(
      'Move cancelled. Poem analysis is back in New',
    );

    const patched = saved(s.page, 'PATCH');
    await handle.focus();
    await pressAndHear(s.page, 'Space', 'Picked up Poem analysis.');
    await pressAndHear(s.page, 'ArrowRight', 'Poem analysis is now in In progress, position');
    await s.page.keyboard.press('Space');
    await patched;
    const inProgress = await titlesIn(s.page, 'In progress');
    const position = inProgress.indexOf('Poem analysis') + 1;
    await expect
      .poll(() => announcement(s.page).textContent())
      .toContain(`Moved Poem analysis to In progress, position ${position} of 2.`);
    await s.page.reload();
    await boardReady(s.page);
    expect((await titlesIn(s.page, 'In progress')).sort()).toEqual(['Flashcards', 'Poem analysis']);
    expect(await titlesIn(s.page, 'New')).toEqual([]);
    await s.context.close();
  });

  it('reorders inside a column and keeps the order after a reload', async () => {
    const s = await student('board-order');
    await seed(s.as, [{ title: 'First' }, { title: 'Second' }, { title: 'Third' }]);
    await s.page.reload();
    await boardReady(s.page);
    expect(await titlesIn(s.page, 'New')).toEqual(['First', 'Second', 'Third']);
    const writes = watchWrites(s.page);

    // Mouse: the last card to the top.
    await mouseDrag(s.page, card(s.page, 'Third'), card(s.page, 'First'), 'top');
    await expect.poll(() => titlesIn(s.page, 'New')).toEqual(['Third', 'First', 'Second']);
    // Keyboard: "First" one place down, once the drop has landed and been saved.
    await dragOverlay(s.page).waitFor({ state: 'detached' });
    await writes.idle();
    const patched = saved(s.page, 'PATCH');
    await s.page.getByRole('button', { name: 'Move First' }).focus();
    await pressAndHear(s.page, 'Space', 'Picked up First. It is in New, position 2 of 3.');
    await pressAndHear(s.page, 'ArrowDown', 'First is now in New, position 3 of 3.');
    await s.page.keyboard.press('Space');
    await patched;
    await expect.poll(() => titlesIn(s.page, 'New')).toEqual(['Third', 'Second', 'First']);
    expect(await announcement(s.page).textContent()).toContain(
      'Moved First to New, position 3 of 3.',
    );

    await writes.idle();
    await s.page.reload();
    await boardReady(s.page);
    expect(await titlesIn(s.page, 'New')).toEqual(['Third', 'Second', 'First']);
    await s.context.close();
  });

  it('shows a change from a second browser of the same student within 2 s', async () => {
    const one = await student('board-live');
    await seed(one.as, [{ title: 'Shared task' }]);
    await one.page.reload();
    await boardReady(one.page);
    const two = await secondBrowser(one.email);
    await boardReady(two.page);
    await card(two.page, 'Shared task').waitFor();

    // A move on the first device.
    const patched = saved(one.page, 'PATCH');
    await one.page.getByRole('button', { name: 'Move Shared task' }).focus();
    await pressAndHear(one.page, 'Space', 'Picked up Shared task.');
    await pressAndHear(one.page, 'ArrowRight', 'Shared task is now in In progress');
    await one.page.keyboard.press('Space');
    await patched;
    let t0 = Date.now();
    await column(two.page, 'In progress')
      .getByRole('heading', { name: 'Shared task' })
      .waitFor({ timeout: 2_000 });
    const moveSeen = Date.now() - t0;

    // A new assignment from the first device.
    t0 = Date.now();
    await seed(one.as, [{ title: 'Made on the phone' }]);
    await card(two.page, 'Made on the phone').waitFor({ timeout: 2_000 });
    const createSeen = Date.now() - t0;
    expect(moveSeen).toBeLessThanOrEqual(2_000);
    expect(createSeen).toBeLessThanOrEqual(2_000);
    console.log(
      `second browser saw the move after ${moveSeen} ms, the new card after ${createSeen} ms`,
    );
    await one.context.close();
    await two.context.close();
  });
});
