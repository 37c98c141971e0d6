import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scanBothThemes, type Violation } from '../support/axe.ts';
import { card, column } from '../support/board.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { dueIn, seed, signedInStudent } from '../support/student.ts';

const PHONE = { width: 375, height: 812 };
/** Before and after pictures of the reset sheet and What now?, when a folder is given. */
const SHOTS = process.env.BRAINBOARD_SHOTS_DIR;
/** A date written yyyy-mm-dd, which the app shows only in the due-date field. */
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

/** A picture of what the viewport shows, when SHOTS names a folder. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Opens the reset sheet from the board's calm line. */
async function openReset(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'A fresh start' });
  await sheet.getByRole('heading', { name: 'A fresh start' }).waitFor();
  return sheet;
}

/** What a date field offers: its kind of input and the order it asks for. */
const pickerShape = (field: Locator) =>
  field.evaluate((el) => {
    const input = el as unknown as { type: string; placeholder: string };
    return { type: input.type, placeholder: input.placeholder };
  });

describe.runIf(browserAvailable('date wording browser test'))(
  'dates said one way on a phone (375x812, touch) in Chromium',
  () => {
    const browser = useBrowser();

    it('says "last <day>" on the board and in What now?, and the reset sheet fits one or two cards', async () => {
      const student = await signedInStudent(browser(), 'dates', {
        viewport: PHONE,
        hasTouch: true,
        locale: 'en-US',
        bypassCSP: true,
        consoleAfterSignIn: true,
      });
      const { context, page, problems } = student;
      // Five days ago at 8:00 AM: on a Wednesday, last Friday. The words come from the same
      // clock the page reads.
      const due = dueIn(-5);
      const weekday = new Date(`${due}`).toLocaleDateString('en-US', { weekday: 'short' });
      const lastDay = `last ${weekday} 8:00 AM`;
      await seed(student.as, {
        title: 'Lab report',
        due_date: due,
        subtasks: [{ id: 'st-1', title: 'Write the method', completed: false }],
      });
      await page.reload();
      const lab = card(page, 'Lab report');
      await lab.waitFor({ timeout: 20_000 });

      // What now? (the N key on the board opens it).
      await page.locator('body').press('n');
      const whatNow = page.getByRole('dialog', { name: 'What now?' });
      await whatNow.getByText('Lab report').waitFor();
      await shoot(page, 'whatnow-phone');
      const whatNowText = (await whatNow.textContent()) ?? '';
      await page.keyboard.press('Escape');
      await whatNow.waitFor({ state: 'detached' });

      // The reset sheet with one overdue card.
      let sheet = await openReset(page);
      await shoot(page, 'reset-one-phone');
      const oneText = (await sheet.textContent()) ?? '';
      const oneCards = await sheet.getByRole('list', { name: 'Cards to reset' }).count();
      const oneButtons = await sheet.getByRole('button').count();
      const resetField = await pickerShape(sheet.getByLabel('A date'));
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });

      expect(await lab.textContent()).toContain(lastDay);
      expect(whatNowText).toContain(`Was due ${lastDay}`);
      expect(whatNowText).not.toMatch(ISO_DATE);
      expect(oneText).not.toMatch(ISO_DATE);
      expect(oneText).not.toContain('All 1');
      // One card: one set of choices (five, the date's Move, and Close), none per card.
      expect(oneCards).toBe(0);
      expect(oneButtons).toBeLessThanOrEqual(7);
      expect(oneText).toContain(lastDay);

      // Two overdue cards: "Both", and a set of choices for each card.
      await seed(student.as, { title: 'Reading log', due_date: dueIn(-2) });
      await page.reload();
      await card(page, 'Reading log').waitFor({ timeout: 20_000 });
      expect(await column(page, 'New').textContent()).not.toMatch(ISO_DATE);
      sheet = await openReset(page);
      await sheet.getByRole('heading', { name: 'Both', exact: true }).waitFor();
      const cards = sheet.getByRole('list', { name: 'Cards to reset' }).locator(':scope > li');
      expect(await cards.count()).toBe(2);
      expect(await sheet.textContent()).not.toMatch(ISO_DATE);
      await shoot(page, 'reset-two-phone');
      const found: Record<string, Violation[]> = {};
      await scanBothThemes(page, 'reset sheet, two cards', found);
      expect(found).toEqual({});

      // Every date field the app owns asks for the same order as the due date's field.
      const cardField = await pickerShape(cards.first().getByLabel('A date'));
      const bothField = await pickerShape(sheet.getByLabel('Or a date for both'));
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      await lab.getByRole('heading').click();
      const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
      await editor.getByRole('heading', { name: 'Edit Assignment' }).waitFor();
      const dueField = await pickerShape(editor.getByLabel('Date (yyyy-mm-dd)'));
      await editor.getByRole('button', { name: 'Reminders and Repeats' }).click();
      await editor.getByLabel('Repeats').selectOption('weekly');
      const endsOn = editor.getByLabel('Ends on (optional)');
      const endsField = await pickerShape(endsOn);
      expect(dueField).toEqual({ type: 'text', placeholder: 'yyyy-mm-dd' });
      expect({ resetField, bothField, cardField, endsField }).toEqual({
        resetField: dueField,
        bothField: dueField,
        cardField: dueField,
        endsField: dueField,
      });
      // It reads what the due date's field reads: yyyy-mm-dd and the locale's own order.
      await endsOn.fill('12/31/2031');
      await endsOn.press('Tab');
      expect(await endsOn.inputValue()).toBe('2031-12-31');
      expect(await editor.getByText('Date input not valid.').count()).toBe(0);

      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });
  },
);
