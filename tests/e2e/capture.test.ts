import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violations, type Violation } from '../support/axe.ts';
import { card, column } from '../support/board.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { boardCopyKept, controlled } from '../support/offline.ts';
import { signedInStudent } from '../support/student.ts';

const ZONE = 'America/New_York';
const SIZES = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 900 },
} as const;
/** Pictures of quick add and the syllabus preview, when a folder is given. */
const SHOTS = process.env.BRAINBOARD_SHOTS_DIR;
const SYLLABUS = new URL('../fixtures/syllabi/bulleted.pdf', import.meta.url).pathname;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Tomorrow in New York at 11:59 PM, as the app words it ("Fri, Nov 27, 11:59 PM"). */
function tomorrowWords(): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: ZONE }));
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 23, 59);
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(d.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(d);
}

/** Next Friday after today in New York: its stored date and how the app words it. */
function nextFriday(): { stored: string; words: string } {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: ZONE }));
  const days = (5 - today.getDay() + 7) % 7 || 7;
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days, 17);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sameYear = d.getFullYear() === today.getFullYear();
  return {
    stored: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T17:00:00`,
    words: new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      ...(sameYear ? {} : { year: 'numeric' }),
      hour: 'numeric',
      minute: '2-digit',
    }).format(d),
  };
}

describe.runIf(browserAvailable('quick add and syllabus browser test'))(
  'quick add, brain dump and syllabus import',
  () => {
    const browser = useBrowser();

    it.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('on a %s', async (size) => {
      const { context, page, problems, as } = await signedInStudent(browser(), `capture-${size}`, {
        viewport: SIZES[size],
        timezoneId: ZONE,
        locale: 'en-US',
        bypassCSP: true,
        board: true,
      });
      const found: Record<string, Violation[]> = {};
      const scan = async (state: string) => {
        const list = await violations(page);
        if (list.length > 0) found[state] = list;
      };

      // Quick add: the board's field on a laptop, the Add Assignment dialog on a phone.
      let where = page.locator('.quick-add--board');
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Add Assignment' }).click();
        where = page.getByRole('dialog', { name: 'Add Assignment' }).locator('.quick-add');
      }
      const input = where.getByLabel('Quick add');
      await input.fill('essay fri 5pm');
      const friday = nextFriday();
      await where.getByText(`Essay · due ${friday.words}`).waitFor();
      await shoot(page, `quick-add-${size}`);
      await scan('quick add');
      await input.press('Enter');
      await card(page, 'Essay').waitFor();
      await expect
        .poll(async () => {
          const list = (await as('GET', '/api/assignments')).body as unknown as {
            title: string;
            due_date: string;
          }[];
          return list.find((a) => a.title === 'Essay')?.due_date;
        })
        .toBe(friday.stored);

      // "More details": the full form, with what quick add read already in it (one click).
      if (size === 'phone') await page.getByRole('button', { name: 'Add Assignment' }).click();
      await where.getByLabel('Quick add').fill('lab report fri 5pm');
      await where.getByRole('button', { name: 'More details' }).click();
      const form = page.getByRole('dialog', { name: 'Add Assignment' });
      await expect
        .poll(() => form.getByLabel('Title', { exact: true }).inputValue())
        .toBe('Lab report');
      if (size === 'phone') {
        // The form is below in the same dialog: the student goes on in its Title.
        await expect
          .poll(() =>
            page.evaluate(
              `document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.labels?.[0]?.textContent`,
            ),
          )
          .toMatch(/^Title/);
      }
      await form.getByRole('button', { name: 'Create' }).click();
      await form.waitFor({ state: 'detached' });
      await expect
        .poll(async () => {
          const list = (await as('GET', '/api/assignments')).body as unknown as {
            title: string;
            due_date: string;
          }[];
          return list.find((a) => a.title === 'Lab report')?.due_date;
        })
        .toBe(friday.stored);

      // The brain dump: three sentences, three proposals, added in one go.
      const opener =
        size === 'phone'
          ? async () => {
              await page.getByRole('button', { name: 'Add Assignment' }).click();
              await page
                .getByRole('dialog', { name: 'Add Assignment' })
                .getByRole('button', { name: 'Add several' })
                .click();
            }
          : () =>
              page
                .locator('.quick-add--board')
                .getByRole('button', { name: 'Add several' })
                .click();
      await opener();
      const dump = page.getByRole('dialog', { name: 'Add several' });
      await dump
        .getByLabel('Everything on your mind, in your own words')
        .fill(
          'I have a chem lab report due Thursday. Start the history outline. The math problem set is due Monday morning.',
        );
      await dump.getByRole('button', { name: 'Read my list' }).click();
      const proposals = dump.getByRole('list', { name: 'Proposed assignments' });
      await expect.poll(() => proposals.getByRole('listitem').count()).toBe(3);
      await scan('brain dump proposals');
      await dump.getByRole('button', { name: 'Add 3 assignments' }).click();
      await dump.waitFor({ state: 'detached' });
      // On a phone the Add Assignment dialog it was opened from closes with it: the work is done.
      await page.getByRole('dialog', { name: 'Add Assignment' }).waitFor({ state: 'detached' });
      for (const title of [
        'I have a chem lab report',
        'Start the history outline',
        'The math problem set',
      ]) {
        await card(page, title).waitFor();
      }

      // The syllabus: upload, preview, import, cards with their course tag.
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.locator('input[type=file][accept*="pdf"]').last().setInputFiles(SYLLABUS);
      const items = settings.getByRole('list', { name: 'Dated items found' });
      await expect.poll(() => items.getByRole('listitem').count(), { timeout: 20_000 }).toBe(8);
      await items.getByRole('listitem').first().scrollIntoViewIfNeeded();
      await shoot(page, `syllabus-preview-${size}`);
      await scan('syllabus preview');
      await settings.getByRole('checkbox', { name: 'Import Lab safety quiz' }).uncheck();
      await settings.getByRole('button', { name: 'Import 7 items' }).click();
      await settings.getByText('Imported: 7 added, 0 updated, 0 already on your board.').waitFor();
      await page.keyboard.press('Escape');
      const exam = card(page, 'Exam 1');
      await exam.waitFor();
      await expect.poll(() => exam.locator('.course-tag').textContent()).toBe('CHEM 101');
      await expect(card(page, 'Lab safety quiz').count()).resolves.toBe(0);

      expect(found).toEqual({});
      expect(realProblems(problems)).toEqual([]);

      if (size === 'laptop') {
        // Offline, after a reload: the parser's chunk comes from the service worker's precache,
        // and the card waits in the offline queue until the connection is back.
        await controlled(page);
        await boardCopyKept(page);
        await context.setOffline(true);
        await page.reload();
        await column(page, 'New').getByText('Essay').first().waitFor({ timeout: 15_000 });
        const field = page.locator('.quick-add--board');
        await field.getByLabel('Quick add').fill('read ch 4 tomorrow');
        await field.getByText(`Read ch 4 · due ${tomorrowWords()}`).waitFor();
        await field.getByLabel('Quick add').press('Enter');
        await card(page, 'Read ch 4').waitFor();
        await context.setOffline(false);
        await expect
          .poll(
            async () => {
              const list = (await as('GET', '/api/assignments')).body as unknown as {
                title: string;
              }[];
              return list.some((a) => a.title === 'Read ch 4');
            },
            { timeout: 20_000 },
          )
          .toBe(true);
        // Offline, the app logs each call it could not make; nothing else.
        expect(realProblems(problems).filter((p) => !/Could not reach Brainboard/.test(p))).toEqual(
          [],
        );
      }
      await context.close();
    });
  },
);
