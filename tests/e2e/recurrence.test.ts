import { followingDue, nextOccurrence } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { addWithDue, card, column, saved, titlesIn } from '../support/board.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { signedInStudent } from '../support/student.ts';

describe.runIf(browserAvailable('repeating assignment browser test'))(
  'a repeating assignment in Chromium',
  () => {
    const browser = useBrowser();

    /** A signed-in student past the first-run screens, on the board. */
    const student = () =>
      signedInStudent(browser(), 'repeat', {
        viewport: { width: 1280, height: 800 },
        name: 'Repeat Student',
        board: true,
      });

    it('makes a weekly assignment, finishes it, and finds the next one in New', async () => {
      const { context, page, problems, as } = await student();

      // 14 March 2031 is a Friday.
      const d = await addWithDue(page, 'Physics problem set', '2031-03-14', ['5', '00', 'PM']);
      // Reminders and the repeat wait in a closed section of the editor.
      await d.getByRole('button', { name: 'Reminders and Repeats' }).click();
      await d.getByLabel('Repeats').selectOption('weekly');
      expect(await d.getByRole('checkbox', { name: 'Fri' }).isChecked()).toBe(true);
      const created = saved(page, 'POST');
      await d.getByRole('button', { name: 'Create' }).click();
      const body = (await (await created).json()) as { item: Record<string, unknown> };
      expect(body.item).toMatchObject({
        due_date: '2031-03-14T17:00:00',
        repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
      });

      const first = column(page, 'New').locator('li[data-card-id]');
      await expect.poll(() => first.count()).toBe(1);
      await first.getByText('Every Fri').waitFor();

      // Finish it in the editor: a repeating card asks once, in a dialog over the editor, which
      // cards the change is for.
      await first.getByRole('heading', { name: 'Physics problem set' }).click();
      const e = page.getByRole('dialog');
      await e.getByRole('heading', { name: 'Edit Assignment' }).waitFor();
      await e.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      await e.getByLabel('Status').selectOption('done');
      await e.getByRole('button', { name: 'Update' }).click();
      await page
        .getByRole('alertdialog', { name: 'Change which assignments?' })
        .getByRole('button', { name: 'Only this one' })
        .click();
      // The save may wait for a fresh Functions worker on a busy machine.
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);

      await expect
        .poll(() => titlesIn(page, 'Done'), { timeout: 15_000 })
        .toEqual(['Physics problem set']);
      await expect
        .poll(() => titlesIn(page, 'New'), { timeout: 15_000 })
        .toEqual(['Physics problem set']);
      const next = column(page, 'New').locator('li[data-card-id]');
      await next.getByText('Every Fri').waitFor();
      const list = await as('GET', '/api/assignments');
      const items = list.body as unknown as { title: string; status: string; due_date: string }[];
      expect(items.filter((a) => a.status === 'new').map((a) => [a.title, a.due_date])).toEqual([
        ['Physics problem set', '2031-03-21T17:00:00'],
      ]);
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });

    it('skips a missed weekly card from the reset sheet, then deletes only this one', async () => {
      const { context, page, problems, as } = await student();
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const weekly = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null };
      // A Friday at 5:00 PM two to three weeks ago.
      const past = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
      const due = nextOccurrence(weekly, '2020-01-03T17:00:00', `${past}T00:00:00`)!;
      const created = await as('POST', '/api/assignment', {
        title: 'Weekly reading',
        due_date: due,
        repeat: weekly,
      });
      expect(created.status).toBe(201);
      const cardId = (created.body as { item: { id: string } }).item.id;
      await page.reload();
      await column(page, 'New').waitFor({ timeout: 20_000 });

      const writes: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/assignment') && r.method() !== 'GET') {
          writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
        }
      });
      await page.getByRole('button', { name: 'Reset', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'A fresh start' });
      const skipped = page.waitForResponse((r) =>
        r.url().endsWith(`/api/assignment/${cardId}/skip`),
      );
      await sheet.getByRole('button', { name: 'Skip to next Fri: Weekly reading' }).click();
      const moved = (await (await skipped).json()) as { item: { due_date: string } };
      const expected = followingDue(weekly, due, due, new Date(), zone);
      expect(moved.item.due_date).toBe(expected);
      await sheet.getByText('All set. Everything has a time that still lies ahead.').waitFor();
      expect(writes).toEqual([`POST /api/assignment/${cardId}/skip`]);
      await sheet.getByRole('button', { name: 'Close' }).first().click();

      // Deleting the open card asks once; "Only this one" brings the next Friday's card.
      await card(page, 'Weekly reading').hover();
      await page.getByRole('button', { name: 'Delete Weekly reading' }).click();
      const question = page.getByRole('alertdialog', { name: 'Delete a repeating assignment' });
      const deleted = saved(page, 'DELETE');
      await question.getByRole('button', { name: 'Only this one' }).click();
      const answer = (await (await deleted).json()) as { next: { id: string; due_date: string } };
      expect(answer.next.due_date).toBe(nextOccurrence(weekly, due, expected!));
      await expect.poll(() => page.locator(`li[data-card-id="${answer.next.id}"]`).count()).toBe(1);
      expect(await page.locator(`li[data-card-id="${cardId}"]`).count()).toBe(0);
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });
  },
);
