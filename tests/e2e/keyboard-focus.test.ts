import type { Assignment } from '@brainboard/domain';
import { expect, it } from 'vitest';
import { realProblems } from '../support/browser.ts';
import {
  describeKeyboard,
  dialog,
  expectFocused,
  expectTabTrappedIn,
  reloadBoard,
  seed,
  tabAndPress,
} from '../support/keyboard.ts';

describeKeyboard('Focus Mode by keyboard', (signedIn) => {
  it('runs Focus Mode: opens, pauses and resumes, ticks the subtasks, closes', async () => {
    const s = await signedIn('kb-focus');
    const { page } = s;
    const task = await seed(s.as, {
      title: 'Read chapter 4',
      due_date: '2030-01-01T08:00:00',
      subtasks: [
        { id: 'st-1', title: 'Skim the headings', completed: false },
        { id: 'st-2', title: 'Write three questions', completed: false },
      ],
    });
    // The page's clock runs as usual, and the test can move it on.
    await page.clock.install();
    await reloadBoard(s);

    const focusButton = page.getByRole('button', { name: 'Focus', exact: true });
    await tabAndPress(page, focusButton);
    const focus = dialog(page, 'Focus Mode');
    await focus.getByRole('heading', { name: 'Read chapter 4' }).waitFor({ timeout: 15_000 });
    await focus.getByText('Focus Time', { exact: true }).waitFor();
    await expectTabTrappedIn(page, focus);

    const pause = focus.getByRole('button', { name: 'Pause' });
    await tabAndPress(page, pause);
    await focus.getByText('Paused', { exact: true }).waitFor();
    const stopped = await page.getByRole('timer').textContent();
    await page.clock.runFor(60_000);
    expect(await page.getByRole('timer').textContent()).toBe(stopped);
    // The same button now resumes, and keeps focus.
    const resume = focus.getByRole('button', { name: 'Resume' });
    await expectFocused(page, resume, 'the Resume button');
    await page.keyboard.press('Enter');
    await focus.getByText('Focus Time', { exact: true }).waitFor();

    await tabAndPress(page, focus.getByRole('checkbox', { name: 'Skim the headings' }), 'Space');
    await focus.getByText('1 of 2 completed').waitFor();
    await tabAndPress(
      page,
      focus.getByRole('checkbox', { name: 'Write three questions' }),
      'Space',
    );
    await focus.getByText('Checklist completed').waitFor();
    await expect
      .poll(async () => {
        const res = await s.as('GET', `/api/assignment/${task.id}`);
        return (res.body as { item: Assignment }).item.subtasks.map((t) => t.completed);
      })
      .toEqual([true, true]);

    // Through the gate: nothing else is pending.
    await tabAndPress(page, focus.getByRole('button', { name: 'Next Task' }));
    await focus.getByText('Great Job!').waitFor();
    await tabAndPress(page, focus.getByRole('button', { name: 'Close', exact: true }));
    await focus.waitFor({ state: 'detached' });
    await expectFocused(page, focusButton, 'the Focus button after closing');
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
