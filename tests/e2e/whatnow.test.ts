import { describe, expect, it } from 'vitest';
import { card } from '../support/board.ts';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { admin } from '../support/firestore.ts';
import { dueIn, signedInStudent } from '../support/student.ts';

/**
 * Start here: "What now?" picks the next step and opens Focus Mode on it, the server counts the
 * focused minutes, and overdue cards reset in one calm step.
 */
describe.runIf(browserAvailable('what now browser test'))('What now? and reset in Chromium', () => {
  const browser = useBrowser();

  it('What now? → Start → tick a subtask → the card shows the focused time', async () => {
    const student = await signedInStudent(browser(), 'whatnow', {
      viewport: { width: 1280, height: 800 },
      consoleAfterSignIn: true,
    });
    const { context, page, problems } = student;
    const essay = await student.as<{ item: { id: string } }>('POST', '/api/assignment', {
      title: 'History essay',
      due_date: dueIn(1),
      subtasks: [
        { id: 'outline', title: 'Outline the argument', estimate_minutes: 30 },
        { id: 'sources', title: 'Find two sources', estimate_minutes: 15 },
      ],
    });
    expect(essay.status, essay.text).toBe(201);
    await student.as('POST', '/api/assignment', { title: 'Tidy the notes folder' });

    await page.reload();
    const essayCard = card(page, 'History essay');
    await essayCard.waitFor({ timeout: 20_000 });
    expect(await essayCard.textContent()).toContain('~45 min left');

    // The N key on the board opens it; the pick says why in one line.
    await page.locator('body').press('n');
    const whatNow = page.getByRole('dialog', { name: 'What now?' });
    await whatNow.getByText('History essay').waitFor();
    expect(await whatNow.textContent()).toContain('First step: Outline the argument');
    await whatNow.getByText('Due tomorrow 8:00 AM · about 45 min of work left').waitFor();

    // Something else offers the next pick, and then the first again.
    await whatNow.getByRole('button', { name: 'Something else' }).click();
    await whatNow.getByText('Tidy the notes folder').waitFor();
    await whatNow.getByRole('button', { name: 'Something else' }).click();
    await whatNow.getByText('History essay').waitFor();

    await whatNow.getByRole('button', { name: 'Start' }).click();
    const focus = page.getByRole('dialog', { name: 'Focus Mode' });
    await focus.getByRole('heading', { name: 'History essay' }).waitFor();

    // The server started a session with its own clock. Twenty minutes of focus are a session
    // that started twenty minutes earlier.
    const sessions = admin().db.collection(`users/${student.id}/focus_sessions`);
    await expect.poll(async () => (await sessions.get()).size, { timeout: 15_000 }).toBe(1);
    const [session] = (await sessions.get()).docs;
    await session!.ref.update({
      running_since: (session!.get('running_since') as number) - 20 * 60_000,
    });

    await focus.getByRole('checkbox', { name: 'Outline the argument' }).check();
    await page.getByRole('button', { name: 'Close Focus Mode' }).click();
    await focus.waitFor({ state: 'detached' });

    // Closing finished the session: the card shows the time spent and what is left.
    await expect
      .poll(async () => essayCard.textContent(), { timeout: 15_000 })
      .toContain('20 of 45 min');
    expect(await essayCard.textContent()).toContain('~15 min left');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('resets four overdue cards to tomorrow in one tap', async () => {
    const student = await signedInStudent(browser(), 'reset', {
      viewport: { width: 1280, height: 800 },
      consoleAfterSignIn: true,
    });
    const { context, page, problems } = student;
    const titles = ['Lab report', 'Reading log', 'Math sheet', 'Poster draft'];
    for (const [i, title] of titles.entries()) {
      const res = await student.as('POST', '/api/assignment', {
        title,
        due_date: dueIn(-(i + 1)),
      });
      expect(res.status, res.text).toBe(201);
    }
    await student.as('POST', '/api/assignment', { title: 'Not late', due_date: dueIn(3) });

    await page.reload();
    const line = page.getByText("4 assignments slipped past their time. Let's reset.");
    await line.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'A fresh start' });
    await sheet.getByRole('button', { name: 'All to tomorrow' }).click();
    await sheet.getByText('All set. Everything has a time that still lies ahead.').waitFor();
    await sheet.getByRole('button', { name: 'Close' }).first().click();
    await line.waitFor({ state: 'detached' });

    for (const title of titles) {
      await expect.poll(async () => card(page, title).textContent()).toContain('Due Tomorrow');
    }
    const list = await student.as<{ title: string; due_date: string }[]>('GET', '/api/assignments');
    const tomorrow = dueIn(1).slice(0, 10);
    expect(
      list.body.filter((a) => titles.includes(a.title)).map((a) => a.due_date.slice(0, 10)),
    ).toEqual([tomorrow, tomorrow, tomorrow, tomorrow]);
    expect(list.body.find((a) => a.title === 'Not late')?.due_date).toBe(dueIn(3));
    expect(problems).toEqual([]);
    await context.close();
  });
});
