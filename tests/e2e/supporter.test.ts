import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { violations } from '../support/axe.ts';
import { browserAvailable, openPage, realProblems, useBrowser } from '../support/browser.ts';
import { idTokenOf } from '../support/idToken.ts';
import { signInWithGoogle } from '../support/signin.ts';
import { dueIn, readyForBoard, seed, signedInStudent } from '../support/student.ts';

/**
 * The supporter's phone in a picture, when a folder is given (docs/screenshots/supporter holds
 * the last one kept): BRAINBOARD_SHOTS_DIR=docs/screenshots/supporter.
 */
const SHOTS = process.env.BRAINBOARD_SHOTS_DIR;

/** The bound on a ticked step reaching an open supporter's view. */
const SEEN_WITHIN_MS = 2_000;

describe.runIf(browserAvailable('supporter browser test'))(
  "a student shares their board with a supporter's phone",
  () => {
    const browser = useBrowser();

    it('shares with steps on, the supporter sees and cheers, Stop sharing ends it', async () => {
      // The student, on a laptop.
      const student = await signedInStudent(browser(), 'share-student', {
        viewport: { width: 1280, height: 800 },
        bypassCSP: true,
        name: 'Sam',
        board: true,
      });
      const { page: laptop } = student;
      const essay = await seed(student.as, {
        title: 'History essay',
        due_date: dueIn(2),
        subtasks: ['Read', 'Outline', 'Draft', 'Edit', 'Submit'].map((title, i) => ({
          title,
          completed: i < 2,
        })),
        notes: ['private note'],
      });

      await laptop.getByRole('button', { name: 'Settings' }).click();
      const settings = laptop.getByRole('dialog');
      const share = settings.getByRole('region', { name: 'Share with a supporter' });
      await share.waitFor();
      await share.getByLabel('Who is it for? (for example Mum, Tutor)').fill('Mum');
      expect(await share.getByLabel('Step progress ("3 of 5 steps")').isChecked()).toBe(true);
      await share.getByRole('button', { name: 'Create invitation link' }).click();
      const linkField = share.getByLabel('Invitation link');
      await linkField.waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(/\/supporter\/[A-Za-z0-9_-]{43}$/);
      expect(await violations(laptop)).toEqual([]);
      await laptop.keyboard.press('Escape');

      // The supporter, on a phone in a second browser context: opens the link, signs in.
      const {
        context: phoneContext,
        page: phone,
        problems: phoneProblems,
      } = await openPage(browser(), {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        bypassCSP: true,
      });
      await phone.goto(link);
      await phone.waitForURL((url) => url.pathname === '/login');
      await signInWithGoogle(phone, {
        email: `supporter-${Date.now()}@brainboard.test`,
        name: 'Mum',
      });
      const token = await idTokenOf(phone);
      const session = await call<{ user: { id: string; csrf_token: string } }>(
        'GET',
        '/api/session',
        {
          token,
        },
      );
      const supporterAs = (method: string, path: string, body?: unknown) =>
        call(method, path, {
          token,
          csrf: session.body.user.csrf_token,
          ...(body ? { body } : {}),
        });
      await readyForBoard(supporterAs, session.body.user.id);
      await phone.reload();
      await phone.waitForURL((url) => url.pathname.startsWith('/shared/'), { timeout: 20_000 });
      await phone.getByRole('heading', { name: 'Sam’s board' }).waitFor({ timeout: 20_000 });
      await phone.getByText('2 of 5 steps').waitFor();
      await phone.getByText(/^This week: 0 done, 1 due in the next 3 days$/).waitFor();
      expect(await phone.getByText('private note').count()).toBe(0);

      // The student ticks a step: the open view shows it within the bound.
      const third = essay.subtasks[2]!;
      const ticked = await student.as('PATCH', `/api/assignment/${essay.id}/subtasks/${third.id}`, {
        completed: true,
      });
      expect(ticked.status, ticked.text).toBe(200);
      const tickedAt = Date.now();
      await phone.getByText('3 of 5 steps').waitFor({ timeout: SEEN_WITHIN_MS });
      console.log(`supporter saw the ticked step after ${Date.now() - tickedAt} ms`);

      expect(await violations(phone)).toEqual([]);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await phone.screenshot({ path: join(SHOTS, 'phone.png'), fullPage: true });
      }

      // A cheer reaches the student's board.
      await phone.getByRole('button', { name: 'Proud of you' }).click();
      await phone.getByText('Sent: “Proud of you”').waitFor();
      await laptop.reload();
      const note = laptop.getByRole('complementary', { name: 'A cheer from your supporter' });
      await note.getByText('Proud of you').waitFor({ timeout: 20_000 });
      expect(await note.textContent()).toContain('Mum:');

      // Stop sharing: the supporter's view says so at its next look.
      await laptop.getByRole('button', { name: 'Settings' }).click();
      await laptop
        .getByRole('dialog')
        .getByRole('button', { name: 'Stop sharing with Mum' })
        .click();
      await phone
        .getByText('This board is no longer shared with you.')
        .waitFor({ timeout: 10_000 });

      expect(realProblems(phoneProblems)).toEqual([]);
      expect(realProblems(student.problems)).toEqual([]);
      await phoneContext.close();
      await student.context.close();
    });
  },
);
