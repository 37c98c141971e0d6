import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { animationsSettled } from '../support/motion.ts';
import { dueIn, readingTask, seed, signedInStudent } from '../support/student.ts';

async function timeShown(page: Page): Promise<string> {
  return (await page.getByRole('timer').textContent()) ?? '';
}

describe.runIf(browserAvailable('focus mode browser test'))('Focus Mode in Chromium', () => {
  const browser = useBrowser();

  it('opens with the shortcut, runs, pauses, resets, unlocks the gate and moves on', async () => {
    // Signed in through the UI, consent and What's New done through the API.
    const { context, page, problems, as } = await signedInStudent(browser(), 'focus', {
      viewport: { width: 1280, height: 800 },
      name: 'Focus Student',
      consoleAfterSignIn: true,
    });

    // Seed two tasks through the API as this student.
    const first = await seed(as, readingTask());
    await seed(as, { title: 'Practice fractions', due_date: dueIn(3) });

    // The page's clock runs as usual, and the test can move it on.
    await page.clock.install();
    await page.reload();
    const focusButton = page.getByRole('button', { name: 'Focus', exact: true });
    await focusButton.waitFor({ timeout: 20_000 });
    expect(await focusButton.textContent()).toContain('Ctrl+Shift+F');
    // The shortcut acts on the board's own list, so wait until the board shows the tasks (as a
    // student would) rather than racing its first answer.
    await page.locator('[data-card-id]', { hasText: 'Read chapter 4' }).waitFor();

    // The shortcut opens the next due task, and the time runs.
    await page.keyboard.press('Control+Shift+F');
    const dialog = page.getByRole('dialog', { name: 'Focus Mode' });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Read chapter 4' }).waitFor();
    await expect.poll(() => timeShown(page), { timeout: 5_000 }).toMatch(/^24:5\d$/);
    expect(await dialog.getByText('Focus Time').isVisible()).toBe(true);

    // Space pauses: the time stands still while a minute goes by.
    await page.keyboard.press('Space');
    await dialog.getByText('Paused', { exact: true }).waitFor();
    const paused = await timeShown(page);
    await page.clock.runFor(60_000);
    expect(await timeShown(page)).toBe(paused);

    // R resets to the full 25 minutes and runs at once.
    await page.keyboard.press('r');
    await dialog.getByText('Focus Time', { exact: true }).waitFor();
    expect(await timeShown(page)).toMatch(/^(25:00|24:59)$/);

    // The gate stays locked until every subtask is ticked.
    const next = dialog.getByRole('button', { name: 'Next Task' });
    expect(await next.isDisabled()).toBe(true);
    expect(
      await dialog.getByText('Complete timer (80%) or all subtasks to proceed.').isVisible(),
    ).toBe(true);
    expect(
      await page.getByRole('button', { name: 'Locked', includeHidden: true }).isDisabled(),
    ).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Skim the headings' }).check();
    await dialog.getByText('1 of 2 completed').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Write three questions' }).check();
    await dialog.getByText('Checklist completed').waitFor();
    await page.getByText('Focus gem +1 · Streak 1').waitFor();
    expect(await next.isEnabled()).toBe(true);

    // The ticks reached the server (a wait, not a bound: poll's own second is too short on a
    // busy machine).
    await expect
      .poll(
        async () => {
          const res = await as<{ item: { subtasks: { completed: boolean }[] } }>(
            'GET',
            `/api/assignment/${first.id}`,
          );
          return res.body.item.subtasks.map((s) => s.completed);
        },
        { timeout: 15_000 },
      )
      .toEqual([true, true]);

    // Through the gate to the next task, with a fresh timer.
    await next.click();
    await dialog.getByRole('heading', { name: 'Practice fractions' }).waitFor();
    expect(await timeShown(page)).toMatch(/^(25:00|24:5\d)$/);
    expect(await dialog.getByText('No subtasks defined for this assignment.').isVisible()).toBe(
      true,
    );

    if (process.env.FOCUS_SCREENSHOTS) {
      const dir = process.env.FOCUS_SCREENSHOTS;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.keyboard.press('Control+Shift+F');
      await dialog.getByRole('heading', { name: 'Read chapter 4' }).waitFor();
      await animationsSettled(page);
      await page.screenshot({ path: `${dir}/focus-laptop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await animationsSettled(page);
      await page.screenshot({ path: `${dir}/focus-phone.png` });
    }

    expect(problems).toEqual([]);
    await context.close();
  });
});
