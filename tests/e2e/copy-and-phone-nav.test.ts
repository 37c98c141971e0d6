import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBothThemes, type Violation } from '../support/axe.ts';
import { card } from '../support/board.ts';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { dragOverlay, dragReady, liftedAfterPress } from '../support/dnd.ts';
import { dueIn, seed, signedInStudent, type BrowserStudent } from '../support/student.ts';

const PHONE = { width: 375, height: 812 };

/** The phone column switch's segment for a column ("New, 3 tasks"). */
const segment = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Columns' })
    .getByRole('button', { name: new RegExp(`^${name},`) });

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (loc: Locator): Promise<Box> => {
  const box = await loc.boundingBox();
  if (!box) throw new Error('The element is not on screen.');
  return box;
};

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The colour an element shows: its own background, or the first one behind it among its
 * ancestors (a transparent segment shows the switch's track).
 */
const shownBackground = (loc: Locator): Promise<[number, number, number]> =>
  loc.evaluate((el) => {
    const view = el.ownerDocument.defaultView;
    for (let e: typeof el | null = el; e && view; e = e.parentElement) {
      const c = view.getComputedStyle(e).backgroundColor;
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      if (m && (m[4] === undefined || Number(m[4]) > 0)) {
        return [Number(m[1]), Number(m[2]), Number(m[3])] as [number, number, number];
      }
    }
    return [255, 255, 255] as [number, number, number];
  });

/** WCAG contrast ratio of two sRGB colours. */
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const lum = ([r, g, bl]: [number, number, number]) => {
    const f = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe.runIf(browserAvailable('copy and phone navigation browser test'))(
  'copying links and finding one’s way at 375x812 in Chromium',
  () => {
    const browser = useBrowser();
    let page: Page;
    let student: BrowserStudent;

    beforeAll(async () => {
      student = await signedInStudent(browser(), 'copy-nav', {
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
        ai: true,
        permissions: ['clipboard-read', 'clipboard-write'],
        // axe is injected into the page, which the app's CSP would refuse.
        bypassCSP: true,
      });
      ({ page } = student);
      for (const [i, title] of ['Essay outline', 'Read chapter 5', 'Lab report'].entries()) {
        await seed(student.as, { title, due_date: dueIn(i + 1), status: 'new' });
      }
    });

    async function board() {
      await page.reload();
      await segment(page, 'New').waitFor({ timeout: 20_000 });
    }

    async function calendarLink(): Promise<{ settings: Locator; field: Locator }> {
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('button', { name: 'Add to your calendar app' }).click();
      const field = settings.getByLabel('Your calendar link');
      await field.waitFor();
      await field.scrollIntoViewIfNeeded();
      return { settings, field };
    }

    it('copies the calendar link with a thumb-sized "Copy link" and says "Copied"; the field fits the dialog', async () => {
      await board();
      const { settings, field } = await calendarLink();
      const link = await field.inputValue();
      expect(link).toMatch(/^https?:\/\//);

      // The field: inside the dialog (nothing sideways), 44 px tall, 16 px text.
      const dialogBox = await boxOf(settings);
      expect(inside(await boxOf(field), dialogBox)).toBe(true);
      const body = settings.locator('.settings__body');
      expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect((await boxOf(field)).height).toBeGreaterThanOrEqual(44);
      expect(
        await field.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).fontSize),
      ).toBe('16px');

      // The button: 44 px, inside the dialog, next in the tab order, works from the keyboard.
      const copy = settings.getByRole('button', { name: 'Copy link' });
      const copyBox = await boxOf(copy);
      expect(copyBox.width).toBeGreaterThanOrEqual(44);
      expect(copyBox.height).toBeGreaterThanOrEqual(44);
      expect(inside(copyBox, dialogBox)).toBe(true);
      await field.focus();
      await page.keyboard.press('Tab');
      expect(await copy.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await page.evaluate('navigator.clipboard.writeText("")');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
      await page.locator('[data-sonner-toast]', { hasText: 'Copied' }).waitFor();
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
    });

    it('when the browser refuses to copy, says what to do and selects the link', async () => {
      await board();
      const { settings, field } = await calendarLink();
      // As a browser without clipboard permission (or on plain http) answers.
      await page.evaluate(`navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))`);
      await settings.getByRole('button', { name: 'Copy link' }).click();
      await page
        .locator('[data-sonner-toast][data-type="error"]', {
          hasText: 'Could not copy. Select the link and copy it yourself.',
        })
        .waitFor();
      const link = await field.inputValue();
      expect(
        await field.evaluate((el) => {
          const input = el as unknown as { selectionStart: number; selectionEnd: number };
          return [el === el.ownerDocument.activeElement, input.selectionStart, input.selectionEnd];
        }),
      ).toEqual([true, 0, link.length]);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
    });

    it('labels every header button where the eye sees it, and What now? does not wear the AI sparkle', async () => {
      await board();
      const header = page.locator('.dashboard__header');
      for (const [name, text] of [
        ['What now?', 'What now?'],
        ['Focus', 'Focus'],
        ['Settings', 'Settings'],
        [/^(Dark|Light) Mode$/, /^(Dark|Light) Mode$/],
      ] as const) {
        const button = header.getByRole('button', { name });
        const box = await boxOf(button);
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        // The short label is drawn, readable (not a 1 px screen-reader-only box).
        const label = button.locator('.dashboard__label');
        expect((await label.textContent())?.trim()).toMatch(text);
        const labelBox = await boxOf(label);
        expect(labelBox.height).toBeGreaterThanOrEqual(12);
        expect(labelBox.width).toBeGreaterThanOrEqual(20);
        expect(inside(labelBox, box)).toBe(true);
      }
      // Still one compact row beside the title, nothing sideways.
      expect((await boxOf(header)).height).toBeLessThanOrEqual(64);
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth'),
      ).toBeLessThanOrEqual(PHONE.width);

      const whatNowIcon = await header
        .getByRole('button', { name: 'What now?' })
        .locator('svg')
        .innerHTML();
      await card(page, 'Essay outline').getByRole('heading').click();
      const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
      const ai = editor.getByRole('button', { name: 'Suggest subtasks with AI' });
      const aiIcon = await ai.locator('svg').innerHTML();
      expect(whatNowIcon).not.toBe(aiIcon);
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
    });

    it('keeps the lifted card clear of the tab it is dragged to (touch)', async () => {
      await board();
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
        });
      await dragReady(page);
      const from = await boxOf(card(page, 'Read chapter 5'));
      const start = { x: from.x + from.width / 2, y: from.y + 20 };
      await touch('touchStart', start.x, start.y);
      // The hold lifts the card (the sensor's delay), then the finger moves to the Done tab.
      await liftedAfterPress(page, start);
      let at = start;
      for (const target of ['Done', 'In progress']) {
        const tab = await boxOf(segment(page, target));
        const end = { x: tab.x + tab.width / 2, y: tab.y + tab.height / 2 };
        for (let i = 1; i <= 10; i += 1) {
          await touch(
            'touchMove',
            at.x + ((end.x - at.x) * i) / 10,
            at.y + ((end.y - at.y) * i) / 10,
          );
        }
        at = end;
        await expect.poll(() => segment(page, target).getAttribute('class')).toContain('--over');
        // The overlay is drawn in the frame after the move: wait for it to stand still.
        await expect
          .poll(async () => overlaps(await boxOf(dragOverlay(page)), tab), { timeout: 3_000 })
          .toBe(false);
        expect(await dragOverlay(page).isVisible()).toBe(true);
      }
      await touch('touchEnd');
      await dragOverlay(page).waitFor({ state: 'detached' });
      await expect
        .poll(() => segment(page, 'In progress').getAttribute('aria-label'))
        .toBe('In progress, 1 task');
      await cdp.detach();
    });

    it('marks the shown column’s tab apart from the others (3:1) in both themes, with no axe findings', async () => {
      await board();
      const found: Record<string, Violation[]> = {};
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect
          .poll(() => page.evaluate<string | undefined>('document.documentElement.dataset.theme'))
          .toBe(scheme);
        // Colours caught mid-transition would fool the measure.
        await page.evaluate(`Promise.all(document.getAnimations()
          .filter((a) => a instanceof CSSTransition && a.playState === 'running')
          .map((a) => a.finished.catch(() => undefined)))`);
        const selected = await shownBackground(segment(page, 'New'));
        for (const other of ['In progress', 'Done']) {
          const ratio = contrast(selected, await shownBackground(segment(page, other)));
          expect(ratio, `${scheme}: New against ${other}`).toBeGreaterThanOrEqual(3);
        }
      }
      await scanBothThemes(page, 'board with the header and the tabs', found);
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('button', { name: 'Add to your calendar app' }).click();
      await settings.getByRole('button', { name: 'Copy link' }).waitFor();
      await scanBothThemes(page, 'settings with the calendar link', found);
      expect(found).toEqual({});
      await page.keyboard.press('Escape');
    });
  },
);
