import { BUBBLES_DURATION_MS, NEON_OVERLAY_MS, PET_DURATION_MS } from '@brainboard/domain';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scanBothThemes, type Violation } from '../support/axe.ts';
import { acceptDialogs, browserAvailable, useBrowser } from '../support/browser.ts';
import { holdLoadingScreen, holdRequests } from '../support/routes.ts';
import { dueIn, readingTask, seed, signedInStudent } from '../support/student.ts';

/**
 * Pauses every CSS animation half way through its run, so a celebration holds still (and
 * is fully drawn) while axe looks at it.
 */
async function freezeAnimationsMidway(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const all = document.getAnimations().filter((a) => a instanceof CSSAnimation);
    for (const a of all) {
      const t = a.effect.getTiming();
      const duration = typeof t.duration === 'number' ? t.duration : 0;
      a.pause();
      a.currentTime = (t.delay || 0) + duration / 2;
    }
    return all.length;
  })()`);
}

const NEXT_DUE = '**/api/tasks/next-due**';

/**
 * Axe finds nothing on the loading screen, in every state of Focus Mode and in the
 * three AI modals, in the light and in the dark theme (the app follows the system theme
 * live; each state is scanned in both).
 */
describe.runIf(browserAvailable('accessibility (axe) states browser test'))(
  'accessibility of transient states',
  () => {
    const browser = useBrowser();

    it('finds no violations on the loading screen and in every Focus Mode state', async () => {
      const { context, page, id, as } = await signedInStudent(browser(), 'a11y-focus', {
        viewport: { width: 1280, height: 900 },
        bypassCSP: true,
      });
      const found: Record<string, Violation[]> = {};
      await seed(as, readingTask());
      await seed(as, { title: 'Practice fractions', due_date: dueIn(3) });

      // The fake clock (time still flows) lets the celebration be held still further down.
      await page.clock.install();
      // Loading screen: a first visit while the list is on its way.
      const releaseList = await holdLoadingScreen(page);
      // The bubbles float: a tap does not wait for one to hold still.
      await page.getByRole('button', { name: 'Pop bubble 1 of 10' }).click({ force: true });
      await page.getByText('1 of 10 popped').waitFor();
      await scanBothThemes(page, 'loading screen', found);
      await releaseList();
      const focusButton = page.getByRole('button', { name: 'Focus', exact: true });
      await page.getByText('Read chapter 4').waitFor({ timeout: 20_000 });

      // Loading the next task.
      const releaseNextDue = await holdRequests(page, NEXT_DUE);
      await focusButton.click();
      const dialog = page.getByRole('dialog', { name: 'Focus Mode' });
      await dialog.getByText('Loading your next task...').waitFor();
      await scanBothThemes(page, 'focus: loading', found);
      await releaseNextDue();

      // The task view, timer running, gate locked.
      await dialog.getByRole('heading', { name: 'Read chapter 4' }).waitFor();
      await dialog.getByText('Focus Time', { exact: true }).waitFor();
      await dialog.getByText('Complete timer (80%) or all subtasks to proceed.').waitFor();
      await scanBothThemes(page, 'focus: running, gate locked', found);

      // Paused.
      await dialog.getByRole('button', { name: 'Pause' }).click();
      await dialog.getByText('Paused', { exact: true }).waitFor();
      await scanBothThemes(page, 'focus: paused', found);
      await dialog.getByRole('button', { name: 'Resume' }).click();

      // One subtask ticked: not done yet.
      await dialog.getByRole('checkbox', { name: 'Skim the headings' }).check();
      await dialog.getByText('1 of 2 completed').waitFor();
      await scanBothThemes(page, 'focus: 1 of 2 subtasks, gate locked', found);

      // The last one: the completion surprise, the neon overlay and the snackbar, each held
      // still (the page's clock stands still; CSS animations are paused half way).
      await page.clock.pauseAt((await page.evaluate<number>('Date.now()')) + 1_000);
      await dialog.getByRole('checkbox', { name: 'Write three questions' }).check();
      const surprise = page.locator('[data-testid="focus-bubbles"], [data-testid="focus-pet"]');
      await surprise.waitFor();
      expect(await freezeAnimationsMidway(page)).toBeGreaterThan(0);
      await scanBothThemes(page, 'focus: completion surprise', found);
      const kind = await surprise.getAttribute('data-testid');
      await page.clock.runFor(kind === 'focus-bubbles' ? BUBBLES_DURATION_MS : PET_DURATION_MS);
      await page.getByTestId('focus-neon').waitFor();
      await freezeAnimationsMidway(page);
      await scanBothThemes(page, 'focus: FOCUS COMPLETE! overlay', found);
      await page.clock.runFor(NEON_OVERLAY_MS);
      await page.getByTestId('focus-neon').waitFor({ state: 'detached' });
      // The streak comes from the server; the snackbar then stays for 4 s of (held) time.
      const snackbar = page.getByText('Focus gem +1 · Streak 1');
      await expect
        .poll(
          async () => {
            await page.clock.runFor(50);
            return snackbar.isVisible();
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      await dialog.getByText('Checklist completed').waitFor();
      await scanBothThemes(page, 'focus: checklist complete, gate open, snackbar', found);
      await page.clock.resume();

      // Through the gate: the next task, its timer run out ("Complete!").
      await dialog.getByRole('button', { name: 'Next Task' }).click();
      await dialog.getByRole('heading', { name: 'Practice fractions' }).waitFor();
      await page.clock.fastForward('25:01');
      await dialog.getByText('Complete!', { exact: true }).waitFor();
      await dialog.getByText('Timer 80% complete').waitFor();
      await page.getByTestId('focus-neon').waitFor({ state: 'detached', timeout: 10_000 });
      await scanBothThemes(page, 'focus: timer complete, no subtasks', found);

      const reopen = async (answer: (route: Route) => Promise<void>) => {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await page.unroute(NEXT_DUE);
        await page.route(NEXT_DUE, answer);
        await focusButton.click();
        await dialog.waitFor();
      };

      // Offline: the cached task with the notice.
      await reopen((route) => route.abort());
      await dialog.locator('.focus-notice').waitFor({ timeout: 20_000 });
      await scanBothThemes(page, 'focus: offline, cached task', found);

      // Offline with nothing cached: the error state.
      await page.evaluate(`localStorage.removeItem('brainboard.focusCache.${id}')`);
      await reopen((route) => route.abort());
      await dialog.getByText('Unable to Load Task').waitFor({ timeout: 20_000 });
      await scanBothThemes(page, 'focus: error', found);

      // Nothing pending.
      await reopen((route) => route.fulfill({ status: 204 }));
      await dialog.getByText('You have no pending tasks to focus on.').waitFor();
      await scanBothThemes(page, 'focus: no task', found);

      expect(found).toEqual({});
      await context.close();
    });

    it('finds no violations in the AI chat, deep dive and subtask suggestion modals', async () => {
      const { context, page, as } = await signedInStudent(browser(), 'a11y-ai', {
        viewport: { width: 1280, height: 900 },
        bypassCSP: true,
        ai: true,
      });
      acceptDialogs(page);
      const found: Record<string, Violation[]> = {};
      await seed(as, { title: 'Essay on bees', description: 'Two pages about pollination.' });
      await page.reload();
      await page.getByRole('button', { name: 'Edit Essay on bees' }).click({ timeout: 20_000 });
      const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
      await editor.waitFor();

      // Chat, after the streamed reply.
      await editor.getByRole('button', { name: 'Help' }).click();
      const chat = page.getByRole('dialog', { name: 'AI Help' });
      await chat.waitFor();
      await chat.locator('.ai-chat__msg--assistant').first().waitFor({ timeout: 15_000 });
      await expect.poll(() => chat.getByText('Thinking...').count(), { timeout: 15_000 }).toBe(0);
      await chat.getByRole('textbox', { name: 'Your message' }).fill('What should I read first?');
      await scanBothThemes(page, 'AI chat', found);
      await chat.getByRole('button', { name: 'Close' }).click();
      await chat.waitFor({ state: 'detached' });

      // Deep dive: the tools, a generated snippet, its full text, the details tab.
      await editor.getByRole('button', { name: 'Deep Dive' }).click();
      const dive = page.getByRole('dialog', { name: 'Deep Dive' });
      await dive.waitFor();
      await scanBothThemes(page, 'deep dive: tools', found);
      const tool = 'Time Machine Feature';
      await dive.getByRole('button', { name: tool, exact: true }).click();
      const snippet = dive.locator('li', {
        has: page.getByRole('button', { name: tool, exact: true }),
      });
      await expect
        .poll(async () => (await snippet.textContent())?.length ?? 0, { timeout: 15_000 })
        .toBeGreaterThan(tool.length + 20);
      await scanBothThemes(page, 'deep dive: a generated snippet', found);
      await dive.getByRole('button', { name: tool, exact: true }).click();
      const viewer = page.getByRole('dialog', { name: tool });
      await viewer.waitFor();
      await scanBothThemes(page, 'deep dive: full text', found);
      await viewer.getByRole('button', { name: 'Close' }).click();
      await viewer.waitFor({ state: 'detached' });
      await dive.getByRole('tab', { name: 'Task Details' }).click();
      await scanBothThemes(page, 'deep dive: task details', found);
      await dive.getByRole('button', { name: 'Close' }).click();
      await dive.waitFor({ state: 'detached' });

      // Subtask suggestions review, and one title being edited.
      await editor.getByRole('button', { name: 'Suggest subtasks with AI' }).click();
      const review = page.getByRole('dialog', { name: 'Suggested subtasks' });
      await review.waitFor({ timeout: 15_000 });
      await scanBothThemes(page, 'subtask suggestions', found);
      await review
        .getByRole('button', { name: /^Edit: / })
        .first()
        .click();
      await review.getByRole('textbox', { name: 'Subtask' }).waitFor();
      await scanBothThemes(page, 'subtask suggestions: editing a title', found);

      expect(found).toEqual({});
      await context.close();
    });
  },
);
