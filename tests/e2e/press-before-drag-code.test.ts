import { describe, expect, it } from 'vitest';
import { card, column, saved, titlesIn } from '../support/board.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { announcement, dragCodeHeld, dragOverlay } from '../support/dnd.ts';
import { animationsSettled } from '../support/motion.ts';
import { seed, signedInStudent } from '../support/student.ts';

/**
 * A press on a card before dnd-kit is in the page (its chunk comes after the board's first
 * frame, decision 0040), or before the card's hook has followed it near the screen, is kept
 * and sent again when the card can lift (web/src/board/keptStart.ts): a card held down lifts,
 * with the mouse and with a finger. keyboard-move.test.ts shows the same for a key.
 */
const VIEWPORT = { width: 1280, height: 800 };

describe.runIf(browserAvailable('press before the drag code browser test'))(
  'a press made before a card can lift',
  () => {
    const browser = useBrowser();

    /** A student with one card in New and one in progress, the drag chunk held back. */
    async function boardWithoutDragCode(prefix: string, touch: boolean) {
      // No service worker: the drag chunk then comes from the network, where the test holds it.
      const s = await signedInStudent(browser(), prefix, {
        viewport: VIEWPORT,
        serviceWorkers: 'block',
        hasTouch: touch,
      });
      await seed(s.as, { title: 'Lab notes' });
      await seed(s.as, { title: 'Group chat summary', status: 'in progress' });
      const code = await dragCodeHeld(s.page);
      await s.page.reload();
      await column(s.page, 'New').getByRole('heading', { name: 'Lab notes' }).waitFor();
      await code.asked;
      return { s, release: code.release };
    }

    it('a mouse press held before dnd-kit comes lifts the card when it comes', async () => {
      const { s, release } = await boardWithoutDragCode('press-first-mouse', false);
      const { page } = s;
      const a = (await card(page, 'Lab notes').boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      // dnd-kit is not in the page yet: the press waits.
      expect(await announcement(page).count()).toBe(0);
      release();
      await dragOverlay(page).waitFor({ timeout: 20_000 });
      const b = (await card(page, 'Group chat summary').boundingBox())!;
      const patched = saved(page, 'PATCH');
      await page.mouse.move(b.x + b.width / 2, b.y + b.height - 4, { steps: 20 });
      await animationsSettled(page);
      await page.mouse.up();
      expect((await patched).status()).toBe(200);
      await expect
        .poll(async () => (await titlesIn(page, 'In progress')).sort())
        .toEqual(['Group chat summary', 'Lab notes']);
      expect(await titlesIn(page, 'New')).toEqual([]);
      expect(await page.getByRole('dialog').count()).toBe(0); // the drag did not open the editor
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });

    it('a finger held before dnd-kit comes lifts the card when it comes', async () => {
      const { s, release } = await boardWithoutDragCode('press-first-touch', true);
      const { page } = s;
      const cdp = await s.context.newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        });
      const a = (await card(page, 'Lab notes').boundingBox())!;
      const from = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
      await touch('touchStart', from.x, from.y);
      expect(await announcement(page).count()).toBe(0);
      release();
      await dragOverlay(page).waitFor({ timeout: 20_000 });
      const b = (await card(page, 'Group chat summary').boundingBox())!;
      const to = { x: b.x + b.width / 2, y: b.y + b.height - 4 };
      const patched = saved(page, 'PATCH');
      for (let i = 1; i <= 20; i += 1) {
        await touch(
          'touchMove',
          from.x + ((to.x - from.x) * i) / 20,
          from.y + ((to.y - from.y) * i) / 20,
        );
      }
      await animationsSettled(page);
      await touch('touchEnd', to.x, to.y);
      expect((await patched).status()).toBe(200);
      await expect
        .poll(async () => (await titlesIn(page, 'In progress')).sort())
        .toEqual(['Group chat summary', 'Lab notes']);
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });
  },
);
