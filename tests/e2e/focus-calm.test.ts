import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scanBothThemes, type Violation } from '../support/axe.ts';
import { card } from '../support/board.ts';
import { acceptDialogs, browserAvailable, useBrowser } from '../support/browser.ts';
import { boardCopyKept, controlled } from '../support/offline.ts';
import { animationsSettled } from '../support/motion.ts';
import { seed, signedInStudent, type BrowserStudent } from '../support/student.ts';

/** Where screenshots go when FOCUS_CALM_SHOTS names a folder (none otherwise). */
const SHOTS = process.env.FOCUS_CALM_SHOTS;
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const PAUSE_TEXT = 'Nice work. Take a break or start the next one';

/**
 * The page's clock: noon today, or now when that is earlier, so a task due today at 18:00 is
 * still ahead ("Due Today", not yet passed) whenever the suite runs.
 */
function pageNow(): Date {
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  return new Date(Math.min(Date.now(), noon.getTime()));
}

/** A local date-time as the app stores due dates, `days` after `from`'s day at `hour`. */
function dueAt(from: Date, days: number, hour: number): string {
  const d = new Date(from);
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00:00`;
}

const OVERDUE = (now: Date) => ({
  title: 'Lab report',
  description: 'Write up the titration.',
  due_date: dueAt(now, -2, 8),
  subtasks: [
    { id: 'st-1', title: 'Results table', completed: false },
    { id: 'st-2', title: 'Conclusion', completed: false },
  ],
});
const TODAY = (now: Date) => ({ title: 'Poem analysis', due_date: dueAt(now, 0, 18) });

interface Tint {
  background: string;
  color: string;
  border: string;
}

const tintOf = (el: Locator): Promise<Tint> =>
  el.evaluate((node) => {
    const s = node.ownerDocument.defaultView!.getComputedStyle(node);
    return { background: s.backgroundColor, color: s.color, border: s.borderTopColor };
  });

/** The due badge of a board card: the element that carries its tint. */
const boardBadge = (page: Page, title: string) => card(page, title).locator('.due-badge');

/** The element that says `text` in Focus Mode's due line (the one with the tint). */
const focusLabel = (dialog: Locator, text: string) =>
  dialog.locator('.focus-due').getByText(text, { exact: true });

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await animationsSettled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
  }
  await page.setViewportSize(LAPTOP);
}

async function timeShown(page: Page): Promise<string> {
  return (await page.getByRole('timer').textContent()) ?? '';
}

describe.runIf(browserAvailable('calm Focus Mode browser test'))(
  'calm Focus Mode in Chromium',
  () => {
    const browser = useBrowser();

    /**
     * A student with the given tasks (default: an overdue one and one due today) on the board,
     * the page clock at `pageNow()`.
     */
    async function studentWithTasks(
      prefix: string,
      tasks: readonly ((now: Date) => Record<string, unknown>)[] = [OVERDUE, TODAY],
    ): Promise<BrowserStudent> {
      const now = pageNow();
      const student = await signedInStudent(browser(), prefix, {
        viewport: LAPTOP,
        locale: 'en-US',
        consoleAfterSignIn: true,
        // axe is injected into the page, which the app's CSP would refuse.
        bypassCSP: true,
      });
      for (const task of tasks) await seed(student.as, task(now));
      await student.page.clock.install({ time: now });
      await student.page.emulateMedia({ colorScheme: 'light' });
      await student.page.reload();
      for (const task of tasks) {
        await card(student.page, task(now).title as string).waitFor({ timeout: 20_000 });
      }
      return student;
    }

    async function openFocus(page: Page): Promise<Locator> {
      await page.keyboard.press('Control+Shift+F');
      const dialog = page.getByRole('dialog', { name: 'Focus Mode' });
      await dialog.waitFor();
      return dialog;
    }

    it('shows one urgency label for an overdue task, tinted as on the board', async () => {
      const { context, page, problems } = await studentWithTasks('focus-calm-label');
      const boardOverdue = await tintOf(boardBadge(page, 'Lab report'));

      const dialog = await openFocus(page);
      await dialog.getByRole('heading', { name: 'Lab report' }).waitFor();
      await shoot(page, 'focus-overdue');

      // One label about the deadline, not "Overdue by 2 days" and "2d 4h overdue" together.
      const due = dialog.locator('.focus-due');
      expect(await due.getByText(/overdue/i).allTextContents()).toEqual(['Overdue by 2 days']);
      expect(await tintOf(focusLabel(dialog, 'Overdue by 2 days'))).toEqual(boardOverdue);

      expect(problems).toEqual([]);
      await context.close();
    });

    it('pauses after Mark as done and starts the next task, and its timer, only when asked', async () => {
      const { context, page, problems, as } = await studentWithTasks('focus-calm-pause');

      const dialog = await openFocus(page);
      await dialog.getByRole('heading', { name: 'Lab report' }).waitFor();
      await dialog.getByRole('checkbox', { name: 'Results table' }).check();
      await dialog.getByRole('checkbox', { name: 'Conclusion' }).check();
      await dialog.getByRole('button', { name: 'Mark as done' }).click();

      // Whatever follows Mark as done (before this change: the next task, its timer running).
      const pause = dialog.getByText(PAUSE_TEXT, { exact: true });
      await pause.or(dialog.getByRole('heading', { name: 'Poem analysis' })).waitFor();
      await shoot(page, 'focus-after-done');

      // A pause: no timer, the first choice focused, and it stays so while time goes by.
      await pause.waitFor({ timeout: 2_000 });
      const takeBreak = dialog.getByRole('button', { name: 'Take a break' });
      const startNext = dialog.getByRole('button', { name: 'Start the next one' });
      await expect
        .poll(() => takeBreak.evaluate((el) => el === el.ownerDocument.activeElement))
        .toBe(true);
      expect(await dialog.getByRole('timer').count()).toBe(0);
      await page.clock.runFor(60_000);
      expect(await pause.isVisible()).toBe(true);
      expect(await dialog.getByRole('timer').count()).toBe(0);
      // The header's Focus button is not held "Locked" by a gate that is no longer there.
      expect(await page.locator('.focus-button').isDisabled()).toBe(false);

      // The card went to Done on the server.
      const done = await as<{ item: { status: string } }>('GET', '/api/assignments');
      expect(JSON.stringify(done.body)).toContain('"status":"done"');

      const found: Record<string, Violation[]> = {};
      await animationsSettled(page);
      await scanBothThemes(page, 'pause', found);
      await page.emulateMedia({ colorScheme: 'light' });

      // The keyboard reaches the second choice; it starts the next task and its timer.
      await page.keyboard.press('Tab');
      expect(await startNext.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: 'Poem analysis' }).waitFor();
      const started = await timeShown(page);
      await page.clock.runFor(5_000);
      await expect.poll(() => timeShown(page)).not.toBe(started);
      expect(await dialog.getByText('Focus Time', { exact: true }).isVisible()).toBe(true);

      expect(found).toEqual({});
      expect(problems).toEqual([]);
      await context.close();
    });

    it('tints "Due Today" as the board does, and adds a step where there are none', async () => {
      const { context, page, problems } = await studentWithTasks('focus-calm-step', [TODAY]);
      const boardToday = await tintOf(boardBadge(page, 'Poem analysis'));
      const dialog = await openFocus(page);
      await dialog.getByRole('heading', { name: 'Poem analysis' }).waitFor();
      const found: Record<string, Violation[]> = {};

      // "Due Today" is tinted as the board tints it, and it is the only urgency label.
      expect(await tintOf(focusLabel(dialog, 'Due Today'))).toEqual(boardToday);
      expect(
        await dialog
          .locator('.focus-due')
          .getByText(/left|overdue/)
          .count(),
      ).toBe(0);

      // No steps yet: the spec's text stays, and a step can be added right there.
      await dialog.getByText('No subtasks defined for this assignment.').waitFor();
      const field = dialog.getByRole('textbox', { name: 'Add a step' });
      await field.waitFor({ timeout: 2_000 });
      await animationsSettled(page);
      await scanBothThemes(page, 'add a step', found);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(found).toEqual({});

      await field.fill('Read the poem aloud');
      await field.press('Enter');
      await dialog.getByRole('checkbox', { name: 'Read the poem aloud' }).waitFor();
      expect(await field.inputValue()).toBe('');

      // Saved: after a reload, Focus Mode shows the step again.
      await page.reload();
      await card(page, 'Poem analysis').waitFor({ timeout: 20_000 });
      const again = await openFocus(page);
      await again.getByRole('heading', { name: 'Poem analysis' }).waitFor();
      await again.getByRole('checkbox', { name: 'Read the poem aloud' }).waitFor();

      expect(problems).toEqual([]);
      await context.close();
    });

    it('keeps a step added offline on this device and sends it when the connection returns', async () => {
      const { context, page, problems, as } = await studentWithTasks('focus-calm-offline', [TODAY]);
      const alerts = acceptDialogs(page);
      await controlled(page);
      await boardCopyKept(page);
      const dialog = await openFocus(page);
      await dialog.getByRole('heading', { name: 'Poem analysis' }).waitFor();

      await context.setOffline(true);
      const field = dialog.getByRole('textbox', { name: 'Add a step' });
      await field.fill('Underline the metaphors');
      await dialog.getByRole('button', { name: 'Add step' }).click();
      await dialog.getByRole('checkbox', { name: 'Underline the metaphors' }).waitFor();
      expect(await field.inputValue()).toBe('');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await card(page, 'Poem analysis').getByText('Saved on this device · will sync').waitFor();
      expect(alerts).toEqual([]);
      expect(await page.getByRole('alertdialog').count()).toBe(0);

      await context.setOffline(false);
      await page.getByText('Back online · caught up').waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => {
          const res = await as<{ title: string; subtasks: { title: string }[] }[]>(
            'GET',
            '/api/assignments',
          );
          return res.body.flatMap((a) => a.subtasks.map((st) => st.title));
        })
        .toEqual(['Underline the metaphors']);
      expect(problems.filter((p) => !/net::ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
      await context.close();
    });
  },
);
