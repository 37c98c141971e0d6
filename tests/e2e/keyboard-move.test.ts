import { expect, it } from 'vitest';
import { titlesIn } from '../support/board.ts';
import { realProblems } from '../support/browser.ts';
import { announcement, dragCodeHeld, pressAndHear } from '../support/dnd.ts';
import {
  describeKeyboard,
  expectFocused,
  reloadBoard,
  saved,
  seed,
  tabTo,
} from '../support/keyboard.ts';

describeKeyboard('moving cards by keyboard', (signedIn) => {
  it('moves a card to another column with the keyboard, and it stays there', async () => {
    const s = await signedIn('kb-move');
    const { page } = s;
    await seed(s.as, { title: 'Flashcards', status: 'in progress' });
    await seed(s.as, { title: 'Poem analysis' });
    await reloadBoard(s);

    const handle = page.getByRole('button', { name: 'Move Poem analysis' });
    await tabTo(page, handle);
    const moved = saved(page, 'PATCH');
    await pressAndHear(page, 'Space', 'Picked up Poem analysis. It is in New, position 1 of 1.');
    await pressAndHear(page, 'ArrowRight', 'Poem analysis is now in In progress, position');
    await expect.poll(() => titlesIn(page, 'In progress')).toContain('Poem analysis');
    await pressAndHear(page, 'Space', 'Moved Poem analysis to In progress, position');
    expect((await moved).status()).toBe(200);
    await expect.poll(() => titlesIn(page, 'New')).toEqual([]);
    // The student keeps their place: focus is on the card they moved.
    await expectFocused(page, handle, 'the moved card’s handle after the drop');

    await reloadBoard(s);
    await expect
      .poll(async () => (await titlesIn(page, 'In progress')).sort())
      .toEqual(['Flashcards', 'Poem analysis']);
    expect(await titlesIn(page, 'New')).toEqual([]);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
  it('keeps a Space pressed before the drag code has come, and lifts the card when it comes', async () => {
    // No service worker: the board's drag chunk then comes from the network, where the test can
    // hold it back (a slow connection right after a load).
    const s = await signedIn('kb-first-key', true, { serviceWorkers: 'block' });
    const { page } = s;
    await seed(s.as, { title: 'Poem analysis' });
    const code = await dragCodeHeld(page);
    await reloadBoard(s);
    await code.asked;

    const handle = page.getByRole('button', { name: 'Move Poem analysis' });
    await tabTo(page, handle);
    await page.keyboard.press('Space');
    // dnd-kit is not in the page yet: the key waits.
    expect(await announcement(page).count()).toBe(0);
    code.release();
    await expect
      .poll(() => announcement(page).first().textContent(), { timeout: 20_000 })
      .toContain('Picked up Poem analysis. It is in New, position 1 of 1.');
    await pressAndHear(page, 'Escape', 'Move cancelled. Poem analysis is back in New');
    await expectFocused(page, handle, 'the Move button after Escape');
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
  it('reorders cards inside a column with the keyboard, and the order stays', async () => {
    const s = await signedIn('kb-order');
    const { page } = s;
    // Without due dates, each new card goes last in its column.
    for (const title of ['First', 'Second', 'Third']) await seed(s.as, { title });
    await reloadBoard(s);
    expect(await titlesIn(page, 'New')).toEqual(['First', 'Second', 'Third']);

    const handle = page.getByRole('button', { name: 'Move First' });
    await tabTo(page, handle);
    const moved = saved(page, 'PATCH');
    await pressAndHear(page, 'Space', 'Picked up First. It is in New, position 1 of 3.');
    await pressAndHear(page, 'ArrowDown', 'First is now in New, position 2 of 3.');
    await pressAndHear(page, 'ArrowDown', 'First is now in New, position 3 of 3.');
    await pressAndHear(page, 'Space', 'Moved First to New, position 3 of 3.');
    expect((await moved).status()).toBe(200);
    await expect.poll(() => titlesIn(page, 'New')).toEqual(['Second', 'Third', 'First']);
    await expectFocused(page, handle, 'the moved card’s handle after the drop');

    await reloadBoard(s);
    await expect.poll(() => titlesIn(page, 'New')).toEqual(['Second', 'Third', 'First']);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
