import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { card, saved } from '../support/board.ts';
import { dragReady, liftedAfterPress, pressAndHear } from '../support/dnd.ts';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { dueIn, seed, signedInStudent, type BrowserStudent } from '../support/student.ts';

const PHONE = { width: 375, height: 812 };
const SHOTS = process.env.BRAINBOARD_SHOTS_DIR;

/** The phone column switch's segment for a column ("New, 3 tasks"). */
const segment = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Columns' })
    .getByRole('button', { name: new RegExp(`^${name},`) });

/** A computed style property of a locator's element, read in the page. */
const styleOf = (loc: Locator, prop: string): Promise<string> =>
  loc.evaluate(
    (el, p) => el.ownerDocument.defaultView?.getComputedStyle(el).getPropertyValue(p) ?? '',
    prop,
  );

/**
 * Holds the card `title` (as a finger would) and carries it over the `to` segment, which
 * shows that it takes the drop; the finger stays down.
 */
async function holdOver(page: Page, title: string, to: string): Promise<void> {
  // Measured once dnd-kit is here: where the card and the tab are now.
  await dragReady(page);
  const from = await card(page, title).boundingBox();
  const target = await segment(page, to).boundingBox();
  if (!from || !target) throw new Error('no card or segment');
  const at = { x: from.x + from.width / 2, y: from.y + 20 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await liftedAfterPress(page, at);
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await expect.poll(() => segment(page, to).getAttribute('class')).toContain('--over');
}

/** The column shown on the phone: its region heading. */
const shownColumn = (page: Page) => page.locator('.column--shown').getAttribute('data-status');

describe.runIf(browserAvailable('rough edges (phone) browser test'))(
  'the rough edges at 375x812 in Chromium',
  () => {
    const browser = useBrowser();
    let page: Page;
    let student: BrowserStudent;

    beforeAll(async () => {
      student = await signedInStudent(browser(), 'rough-phone', {
        viewport: PHONE,
        locale: 'en-US',
        ai: true,
      });
      ({ page } = student);
      for (const [i, title] of [
        'Essay outline',
        'Read chapter 5',
        'Lab report',
        'Math worksheet',
        'History quiz prep',
      ].entries()) {
        await seed(student.as, {
          title,
          due_date: dueIn(i + 1),
          status: i === 4 ? 'in progress' : 'new',
        });
      }
    });

    async function board() {
      await page.reload();
      await segment(page, 'New').waitFor({ timeout: 20_000 });
    }

    it('fits a compact header of labelled icon buttons, one column with a switch, and a + over no control', async () => {
      await board();
      const header = page.locator('.dashboard__header');
      expect((await header.boundingBox())?.height ?? 999).toBeLessThanOrEqual(64);
      // Icon over a short label (copy-and-phone-nav.test.ts checks the labels are readable).
      for (const name of ['What now?', 'Focus', 'Settings', /Dark Mode|Light Mode/]) {
        const button = header.getByRole('button', { name });
        expect(await button.locator('svg').count()).toBe(1);
        expect((await button.boundingBox())?.width ?? 999).toBeLessThanOrEqual(88);
      }
      expect(await segment(page, 'New').getAttribute('aria-label')).toBe('New, 4 tasks');
      expect(await segment(page, 'In progress').getAttribute('aria-label')).toBe(
        'In progress, 1 task',
      );
      expect(await shownColumn(page)).toBe('new');
      // Nothing sideways: the page is as wide as the phone.
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth'),
      ).toBeLessThanOrEqual(PHONE.width);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/phone-board-after.png` });
      }

      // The + is in the bottom bar: every control above the bar is reachable, also at the end.
      const add = page.getByRole('button', { name: 'Add Assignment' });
      expect(await add.count()).toBe(1);
      const bar = await page.locator('.switch').boundingBox();
      if (!bar) throw new Error('no column switch');
      for (const atEnd of [false, true]) {
        if (atEnd) await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
        const covered = await page.evaluate<string[]>(`((barTop) => {
          const out = [];
          for (const el of document.querySelectorAll('.column--shown button, .column--shown [data-card-id]')) {
            const r = el.getBoundingClientRect();
            if (r.height === 0 || r.top < 0 || r.bottom > barTop) continue;
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !el.contains(hit)) out.push(el.getAttribute('aria-label') || el.tagName);
          }
          return out;
        })(${bar.y})`);
        expect(covered).toEqual([]);
      }
      const last = card(page, 'Math worksheet').getByRole('button', {
        name: 'Move Math worksheet',
      });
      const lastBox = await last.boundingBox();
      expect((lastBox?.y ?? 9999) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(bar.y);
    });

    it('switches columns by the switch and by a sideways swipe', async () => {
      await board();
      await segment(page, 'In progress').click();
      expect(await shownColumn(page)).toBe('in progress');
      await card(page, 'History quiz prep').waitFor();
      const area = await page.locator('.board__columns').boundingBox();
      if (!area) throw new Error('no board');
      const y = area.y + 40;
      // A swipe to the left shows the next column, to the right the one before.
      await page.mouse.move(area.x + area.width - 30, y);
      await page.mouse.down();
      await page.mouse.move(area.x + 30, y, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => shownColumn(page)).toBe('done');
      await page.mouse.move(area.x + 30, y);
      await page.mouse.down();
      await page.mouse.move(area.x + area.width - 30, y, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => shownColumn(page)).toBe('in progress');
    });

    it('keeps keyboard dragging and its announcements working on a phone', async () => {
      await board();
      const titles = () => page.locator('.column--shown li[data-card-id] h3').allTextContents();
      const [top, second, ...rest] = await titles();
      if (!top || !second) throw new Error('two cards expected in New');
      const handle = page.getByRole('button', { name: `Move ${top}` });
      // Each key waits for its announcement and for the cards to stand still: the keyboard
      // sensor measures the layout, so a key pressed during the lift's animation can be lost.
      await handle.focus();
      await pressAndHear(page, 'Space', `Picked up ${top}. It is in New, position 1`);
      await pressAndHear(page, 'ArrowDown', `${top} is now in New, position 2`);
      await pressAndHear(page, 'Space', `Moved ${top} to New, position 2`);
      await expect.poll(titles).toEqual([second, top, ...rest]);

      // Across columns too: the arrow keys reach In progress, which the phone was not showing.
      await handle.focus();
      await pressAndHear(page, 'Space', `Picked up ${top}.`);
      await pressAndHear(page, 'ArrowRight', `${top} is now in In progress`);
      await pressAndHear(page, 'Escape', `Move cancelled. ${top} is back in New`);
    });

    it('shows one dialog at a time: AI Help hides the editor behind it', async () => {
      await board();
      await card(page, 'Lab report').getByRole('heading').click();
      const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
      await editor.getByRole('button', { name: 'Help' }).click();
      const help = page.getByRole('dialog', { name: 'AI Help' });
      await help.waitFor();
      await expect.poll(() => styleOf(page.locator('.editor-modal'), 'visibility')).toBe('hidden');
      // The first bubble is a short context card, not a dump the student seems to have typed.
      const opening = help.locator('.ai-chat__context');
      await opening.waitFor();
      expect(await opening.innerText()).toContain('Lab report');
      expect(await help.locator('.ai-chat__msg--user').count()).toBe(0);
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
      expect(await styleOf(page.locator('.editor-modal'), 'visibility')).toBe('visible');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
    });

    it('the journey: create, move to Done through the switch, Focus Mode, finish with "Mark as done"', async () => {
      await board();
      await page.getByRole('button', { name: 'Add Assignment' }).click();
      const d = page.getByRole('dialog', { name: 'Add Assignment' });
      await d.getByLabel('Title').fill('Phone journey task');
      await d.getByLabel('New subtask').fill('Only step');
      await d.getByRole('button', { name: 'Add subtask' }).click();
      const created = saved(page, 'POST');
      await d.getByRole('button', { name: 'Create' }).click();
      expect((await created).status()).toBe(201);
      await d.waitFor({ state: 'detached' });

      // Drag "Essay outline" (held, as a finger would) onto the Done segment.
      await holdOver(page, 'Essay outline', 'Done');
      const moved = page.waitForResponse((r) => r.request().method() === 'PATCH');
      await page.mouse.up();
      expect(((await moved).request().postDataJSON() as { status?: string }).status).toBe('done');
      await expect
        .poll(() => segment(page, 'Done').getAttribute('aria-label'))
        .toBe('Done, 1 task');

      // Focus Mode on the new task, then finish it. A tap this soon after the drop may still
      // count as the end of that drag (clickAfterDrop.ts): tap until the editor opens. The
      // editor must be the new task's.
      const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
      const heading = card(page, 'Phone journey task').getByRole('heading');
      await expect
        .poll(
          async () => {
            if ((await editor.count()) === 0) {
              await heading.click({ timeout: 1_000 }).catch(() => undefined);
            }
            return editor.count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await expect.poll(() => editor.getByLabel('Title').inputValue()).toBe('Phone journey task');
      await page.getByRole('button', { name: 'Focus on this task' }).click();
      const focus = page.getByRole('dialog', { name: 'Focus Mode' });
      await focus.getByRole('heading', { name: 'Phone journey task' }).waitFor();
      await focus.getByRole('checkbox', { name: 'Only step' }).click();
      const done = focus.getByRole('button', { name: 'Mark as done' });
      await done.waitFor();
      await done.click();
      await focus
        .getByRole('heading', { name: 'Phone journey task' })
        .waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await focus.waitFor({ state: 'detached' });
      await expect
        .poll(async () => {
          const r = await student.as<{ title: string; status: string }[]>(
            'GET',
            '/api/assignments',
          );
          return r.body.find((a) => a.title === 'Phone journey task')?.status;
        })
        .toBe('done');
    });

    it('bursts the confetti from the Done tab a card is dropped on', async () => {
      await board();
      const counted = (await segment(page, 'Done').getAttribute('aria-label')) ?? '';
      const done = Number(/^Done, (\d+)/.exec(counted)?.[1]) + 1;
      // Every confetti canvas says where its burst starts (fractions of the viewport).
      await page.evaluate(`(() => {
        window.confettiOrigins = [];
        new MutationObserver((changes) => {
          for (const change of changes) {
            for (const node of change.addedNodes) {
              if (node instanceof HTMLCanvasElement && 'confetti' in node.dataset) {
                window.confettiOrigins.push([Number(node.dataset.originX), Number(node.dataset.originY)]);
              }
            }
          }
        }).observe(document.body, { childList: true });
      })()`);
      await holdOver(page, 'Math worksheet', 'Done');
      await page.mouse.up();
      await expect
        .poll(() => segment(page, 'Done').getAttribute('aria-label'), { timeout: 10_000 })
        .toBe(`Done, ${done} ${done === 1 ? 'task' : 'tasks'}`);
      // canvas-confetti loads on first use: under load that can take a while.
      await expect
        .poll(() => page.evaluate<number>('window.confettiOrigins.length'), { timeout: 10_000 })
        .toBe(1);
      const [[x, y] = [0, 0]] = await page.evaluate<[number, number][]>('window.confettiOrigins');
      const tab = await segment(page, 'Done').boundingBox();
      if (!tab) throw new Error('no Done segment');
      expect(Math.abs(x * PHONE.width - (tab.x + tab.width / 2))).toBeLessThan(4);
      expect(Math.abs(y * PHONE.height - (tab.y + tab.height / 2))).toBeLessThan(4);
      await page.locator('.card--overlay').waitFor({ state: 'detached' });
    });
  },
);
