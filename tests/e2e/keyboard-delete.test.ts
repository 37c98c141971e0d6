import { expect, it } from 'vitest';
import { card, titlesIn } from '../support/board.ts';
import { realProblems } from '../support/browser.ts';
import {
  describeKeyboard,
  dialogReady,
  expectFocused,
  reloadBoard,
  saved,
  seed,
  tabAndPress,
} from '../support/keyboard.ts';

describeKeyboard('deleting a card by keyboard', (signedIn) => {
  it('deletes a card after its confirmation, and focus stays on the board', async () => {
    const s = await signedIn('kb-delete');
    const { page } = s;
    await seed(s.as, { title: 'Keep me' });
    await seed(s.as, { title: 'Old worksheet' });
    await reloadBoard(s);
    const del = page.getByRole('button', { name: 'Delete Old worksheet' });

    // The app's own confirmation, focus on Cancel; Escape cancels: nothing happens, focus stays.
    await tabAndPress(page, del);
    const ask = page.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this assignment? This action cannot be undone.',
    });
    await dialogReady(ask);
    await expectFocused(page, ask.getByRole('button', { name: 'Cancel' }), 'Cancel');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await card(page, 'Old worksheet').count()).toBe(1);
    await expectFocused(page, del, 'the Delete button after cancelling');

    // Asked again, Tab to OK and Enter: deleted.
    await page.keyboard.press('Enter');
    await dialogReady(ask);
    await page.keyboard.press('Tab');
    await expectFocused(page, ask.getByRole('button', { name: 'OK' }), 'OK');
    const deleted = saved(page, 'DELETE');
    await page.keyboard.press('Enter');
    expect((await deleted).status()).toBe(200);
    await card(page, 'Old worksheet').waitFor({ state: 'detached' });
    // Not lost to the page: focus moves to the next card in the column.
    await expectFocused(
      page,
      page.getByRole('button', { name: 'Edit Keep me' }),
      'the next card after deleting',
    );

    await reloadBoard(s);
    await expect.poll(() => titlesIn(page, 'New')).toEqual(['Keep me']);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
