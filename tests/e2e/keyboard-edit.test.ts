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
  seed,
  tabAndPress,
  tabTo,
  typeOver,
} from '../support/keyboard.ts';

describeKeyboard('editing an assignment by keyboard', (signedIn) => {
  it('edits an assignment: title, a new subtask and a note', async () => {
    const s = await signedIn('kb-edit');
    const { page } = s;
    const a = await seed(s.as, {
      title: 'Read chapter 5',
      subtasks: [{ id: 'st-1', title: 'Skim', completed: false }],
    });
    await reloadBoard(s);

    const edit = page.getByRole('button', { name: 'Edit Read chapter 5' });
    const editor = await openDialog(page, edit, 'Edit Assignment');

    await tabTo(page, editor.getByLabel('Title'));
    await typeOver(page, 'Read chapter 5 and 6');

    // Ticking and adding subtasks save at once.
    const ticked = saved(page, 'PATCH', `/subtasks/st-1`);
    await tabAndPress(page, editor.getByRole('checkbox', { name: 'Skim' }), 'Space');
    expect((await ticked).status()).toBe(200);
    const added = saved(page, 'POST', '/subtasks');
    await tabTo(page, editor.getByLabel('New subtask'));
    await page.keyboard.type('Summarise');
    await page.keyboard.press('Enter');
    expect((await added).ok()).toBe(true);
    await editor.getByRole('checkbox', { name: 'Summarise' }).waitFor();

    const more = editor.getByRole('button', { name: 'Description, Status, Notes, Files' });
    await tabAndPress(page, more);
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, editor.getByLabel('New note'));
    await page.keyboard.type('Ask about the summary length');
    const noted = saved(page, 'POST', '/notes');
    await tabAndPress(page, editor.getByRole('button', { name: 'Add note' }));
    expect((await noted).ok()).toBe(true);
    await editor.getByText('Ask about the summary length').waitFor();

    const updated = saved(page, 'PATCH');
    await tabAndPress(page, editor.getByRole('button', { name: 'Update' }));
    expect((await updated).status()).toBe(200);
    await editor.waitFor({ state: 'detached' });
    await card(page, 'Read chapter 5 and 6').waitFor();
    await expectFocused(
      page,
      page.getByRole('button', { name: 'Edit Read chapter 5 and 6' }),
      'the card’s Edit button after saving',
    );

    const stored = (await s.as('GET', `/api/assignment/${a.id}`)).body as { item: Assignment };
    expect(stored.item.title).toBe('Read chapter 5 and 6');
    expect(stored.item.subtasks.map((t) => [t.title, t.completed])).toEqual([
      ['Skim', true],
      ['Summarise', false],
    ]);
    expect(stored.item.notes.map((n) => n.text)).toEqual(['Ask about the summary length']);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
