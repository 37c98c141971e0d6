import type { Assignment } from '@brainboard/domain';
import { expect, it } from 'vitest';
import { card } from '../support/board.ts';
import { realProblems } from '../support/browser.ts';
import {
  describeKeyboard,
  expectFocused,
  openDialog,
  reloadBoard,
  saved,
  tabAndPress,
  tabTo,
} from '../support/keyboard.ts';

describeKeyboard('creating an assignment by keyboard', (signedIn) => {
  it('creates an assignment with a due date and time picked by keyboard', async () => {
    const s = await signedIn('kb-create');
    const { page } = s;
    await reloadBoard(s);
    const add = page.getByRole('button', { name: 'Add Assignment' });
    const editor = await openDialog(page, add, 'Add Assignment');

    await tabTo(page, editor.getByLabel('Title'));
    await page.keyboard.type('Chemistry lab report');

    // The date: typed, then one day on in the calendar with the arrow keys, Enter to choose.
    const date = editor.getByLabel('Date (yyyy-mm-dd)');
    await tabTo(page, date);
    await page.keyboard.type('2031-03-14');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => date.inputValue()).toBe('2031-03-15');
    await page.locator('.react-datepicker').waitFor({ state: 'detached' });
    await expectFocused(page, date, 'the date field after choosing a day');

    // The time: type-ahead in each select.
    await tabTo(page, editor.getByRole('combobox', { name: 'Hour' }));
    await page.keyboard.type('3');
    await tabTo(page, editor.getByRole('combobox', { name: 'Minute' }));
    await page.keyboard.type('45');
    await tabTo(page, editor.getByRole('combobox', { name: 'AM or PM' }));
    await page.keyboard.type('P');
    expect(await editor.getByRole('combobox', { name: 'AM or PM' }).inputValue()).toBe('PM');

    const created = saved(page, 'POST');
    await tabAndPress(page, editor.getByRole('button', { name: 'Create' }));
    const body = (await (await created).json()) as { item: Assignment };
    expect(body.item).toMatchObject({
      title: 'Chemistry lab report',
      due_date: '2031-03-15T15:45:00',
      status: 'new',
    });
    await editor.waitFor({ state: 'detached' });
    await card(page, 'Chemistry lab report').waitFor();
    // Focus goes back to where the student started.
    await expectFocused(page, add, 'the Add Assignment button after saving');
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
