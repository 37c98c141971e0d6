import { mkdirSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { subtaskTitles, topicFromPrompt } from '../../scripts/standins/json-schema-sample.ts';
import { suggestionPrompt } from '../../web/src/ai/context.ts';
import { scanBothThemes, type Violation } from '../support/axe.ts';
import { card, saved } from '../support/board.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { seed, signedInStudent, type BrowserStudent } from '../support/student.ts';

const PHONE = { width: 375, height: 812 };
const SMALL_PHONE = { width: 320, height: 640 };
const LAPTOP = { width: 1280, height: 800 };
/** Before and after pictures of the editor and Settings, when a folder is given. */
const SHOTS = process.env.BRAINBOARD_SHOTS_DIR;

/** The narrowest a step's title may be, and the tallest a step's row may be. */
const TITLE_MIN_PX = 150;
const ROW_MAX_PX = 96;
/** A finger's target, and the text size under which iPhones zoom into a field. */
const TARGET_MIN_PX = 44;
const FIELD_FONT_MIN_PX = 16;

/** A weekly card due Fridays at 5 PM (14 March 2031 is a Friday) with four typed steps. */
const WEEKLY = {
  title: 'Biology lab report',
  due_date: '2031-03-14T17:00:00',
  repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
  subtasks: [
    { id: 'st-1', title: 'Read the lab handout', completed: true, estimate_minutes: 15 },
    {
      id: 'st-2',
      title: 'Write the hypothesis and the variables',
      completed: false,
      estimate_minutes: 20,
    },
    { id: 'st-3', title: 'Draw the graphs', completed: false, estimate_minutes: 30 },
    { id: 'st-4', title: 'Write the conclusion', completed: false },
  ],
};

const isUpdate = (r: Request) => r.url().endsWith('/api/assignment') && r.method() === 'PATCH';

/** Opens a card's editor and waits for it. */
async function openEditor(page: Page, title: string): Promise<Locator> {
  await card(page, title).getByRole('heading').click();
  const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
  await editor.getByRole('heading', { name: 'Edit Assignment' }).waitFor();
  await expect.poll(() => editor.getByLabel('Title').inputValue()).toBe(title);
  return editor;
}

/** Each step's row height and title width, as drawn. */
async function stepSizes(editor: Locator, titles: readonly string[]) {
  const rows = editor.getByRole('list', { name: 'Subtasks' }).locator(':scope > li');
  await expect.poll(() => rows.count()).toBe(titles.length);
  const sizes: { title: string; row: number; text: number }[] = [];
  for (const [i, title] of titles.entries()) {
    const row = rows.nth(i);
    const text = row.getByText(title, { exact: true });
    const rowBox = await row.boundingBox();
    const textBox = await text.boundingBox();
    if (!rowBox || !textBox) throw new Error(`step "${title}" is not drawn`);
    sizes.push({ title, row: Math.round(rowBox.height), text: Math.round(textBox.width) });
  }
  return sizes;
}

/** The steps that break the bar: a title narrower than 150 px or a row taller than 96 px. */
const cramped = (sizes: Awaited<ReturnType<typeof stepSizes>>) =>
  sizes.filter((s) => s.text < TITLE_MIN_PX || s.row > ROW_MAX_PX);

/** True when the locator's box lies wholly inside the page's viewport. */
async function inViewport(page: Page, loc: Locator): Promise<boolean> {
  const box = await loc.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return (
    box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height
  );
}

/** The accessible name of what has focus, and whether it sits inside `within`. */
const focusedIn = (within: Locator) =>
  within.evaluate((el) => {
    const active = el.ownerDocument.activeElement;
    return el.contains(active) ? (active?.textContent ?? '').trim() : null;
  });

/**
 * Fields inside what `selector` matches that are smaller than a finger (44 px) or have text
 * under 16 px (iPhones zoom into those); a tick box or a radio counts by its label. Hidden
 * fields are left out.
 */
function smallControls(page: Page, selector: string): Promise<string[]> {
  return page.evaluate<string[]>(`((selector, target, font) => {
    const out = [];
    const name = (el) => el.labels?.[0]?.textContent?.trim() || el.getAttribute('aria-label') || el.id;
    for (const root of document.querySelectorAll(selector)) {
      for (const el of root.querySelectorAll('input, select, textarea')) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (el.type === 'checkbox' || el.type === 'radio') {
          const label = el.closest('label')?.getBoundingClientRect();
          if (!label || label.height < target) out.push(name(el) + ': label ' + label?.height + 'px');
          continue;
        }
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (box.height < target) out.push(name(el) + ': ' + Math.round(box.height) + 'px tall');
        if (size < font) out.push(name(el) + ': ' + size + 'px text');
      }
    }
    return out;
  })(${JSON.stringify(selector)}, ${TARGET_MIN_PX}, ${FIELD_FONT_MIN_PX})`);
}

/** A picture of what the viewport shows, when SHOTS names a folder. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * A picture of a whole dialog, however long: the viewport is made tall enough for the dialog
 * to show all of itself (dialogs are at most 90 % of the viewport), then put back.
 */
async function shootWhole(page: Page, dialog: Locator, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize();
  if (!size) return;
  const length = await dialog.evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.ceil(length / 0.9) + 40 });
  await expect.poll(() => dialog.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  await shoot(page, name);
  await page.setViewportSize(size);
}

describe.runIf(browserAvailable('steps on a phone browser test'))(
  'the editor, its questions and Settings on a phone (375x812, touch) in Chromium',
  () => {
    const browser = useBrowser();
    let student: BrowserStudent;
    let page: Page;

    beforeAll(async () => {
      student = await signedInStudent(browser(), 'phone-steps', {
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
        ai: true,
        // axe is injected into the page, which the app's CSP would refuse.
        bypassCSP: true,
      });
      ({ page } = student);
      await seed(student.as, WEEKLY);
      await seed(student.as, { title: 'Volcano poster', description: 'About volcanoes.' });
      await seed(student.as, { title: 'Reading log', description: 'Chapter 3.' });
    });

    async function board() {
      await page.setViewportSize(PHONE);
      await page.reload();
      await card(page, WEEKLY.title).waitFor({ timeout: 20_000 });
    }

    it('shows each typed step on full width in a short row, at 375 and 320 px wide', async () => {
      await board();
      const editor = await openEditor(page, WEEKLY.title);
      const titles = WEEKLY.subtasks.map((s) => s.title);
      await shoot(page, 'editor-phone');
      await shootWhole(page, page.locator('.editor-modal'), 'editor-phone-whole');
      const length = await page.locator('.editor-modal').evaluate((el) => el.scrollHeight);
      console.log(`[phone-steps] the editor with four steps is ${length} px long at 375 px`);

      const phone = await stepSizes(editor, titles);
      console.log('[phone-steps] 375 px:', JSON.stringify(phone));
      expect(cramped(phone)).toEqual([]);
      await page.setViewportSize(SMALL_PHONE);
      const small = await stepSizes(editor, titles);
      console.log('[phone-steps] 320 px:', JSON.stringify(small));
      expect(cramped(small)).toEqual([]);
      // Nothing sideways: the dialog fits the narrowest phone.
      const box = await page.locator('.editor-modal').boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 320).toBe(true);
      await page.setViewportSize(PHONE);

      // Title, due date and the steps come first; reminders and the repeat wait in a closed
      // section that says what they are.
      const more = editor.getByRole('button', { name: 'Reminders and Repeats' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await editor.getByText('Reminders: 1 day and 1 hour before · Repeats every Fri').waitFor();
      expect(await editor.getByLabel('Repeats').isVisible()).toBe(false);
      const top = async (loc: Locator) => (await loc.boundingBox())?.y ?? Infinity;
      const order = [
        await top(editor.getByLabel('Title')),
        await top(editor.getByLabel('Date (yyyy-mm-dd)')),
        await top(editor.getByRole('list', { name: 'Subtasks' })),
        await top(more),
      ];
      expect(order).toEqual([...order].sort((a, b) => a - b));
      await more.click();
      expect(await editor.getByLabel('Repeats').inputValue()).toBe('weekly');
      expect(await editor.getByRole('radio', { name: 'My default reminders' }).isChecked()).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
    });

    it('shows approved AI steps on full width in short rows', async () => {
      await board();
      const editor = await openEditor(page, 'Volcano poster');
      await editor.getByRole('button', { name: 'Suggest subtasks with AI' }).click();
      const review = page.getByRole('dialog', { name: 'Suggested subtasks' });
      await review.waitFor({ timeout: 15_000 });
      const expected = subtaskTitles(
        topicFromPrompt(suggestionPrompt('Volcano poster', 'About volcanoes.', [])),
      );
      await review.getByRole('button', { name: 'Approve & Add to Assignment' }).click();
      await review.waitFor({ state: 'detached' });
      const sizes = await stepSizes(editor, expected);
      console.log('[phone-steps] AI steps at 375 px:', JSON.stringify(sizes));
      expect(cramped(sizes)).toEqual([]);
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
    });

    it('asks which repeats a change is for in a dialog on screen, with focus on the first choice', async () => {
      await board();
      const editor = await openEditor(page, WEEKLY.title);
      const writes: string[] = [];
      const onRequest = (r: Request) => {
        if (isUpdate(r)) writes.push(r.postData() ?? '');
      };
      page.on('request', onRequest);
      await editor.getByLabel('Title').fill('Biology lab report, week 2');
      await editor.getByRole('button', { name: 'Update' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Change which assignments?' });
      await ask.waitFor();
      await ask.getByText('This assignment repeats. Change:').waitFor();
      expect(await inViewport(page, ask)).toBe(true);
      await expect.poll(() => focusedIn(ask)).toBe('Only this one');
      // Focus stays in the question: Tab goes round its three choices and its close button.
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await focusedIn(ask)).not.toBeNull();
      }
      await shoot(page, 'scope-question-phone');

      // Escape goes back to the editor; nothing was saved.
      await page.keyboard.press('Escape');
      await ask.waitFor({ state: 'detached' });
      expect(await editor.getByLabel('Title').inputValue()).toBe('Biology lab report, week 2');
      expect(writes).toEqual([]);

      await editor.getByRole('button', { name: 'Update' }).click();
      const patched = saved(page, 'PATCH');
      await ask.getByRole('button', { name: 'Only this one' }).click();
      expect((await patched).request().postDataJSON()).toMatchObject({
        title: 'Biology lab report, week 2',
        scope: 'this',
      });
      await editor.waitFor({ state: 'detached' });
      page.off('request', onRequest);
      // Back as it was, for the tests after this one.
      const [item] = (
        await student.as<{ id: string; title: string }[]>('GET', '/api/assignments')
      ).body.filter((a) => a.title === 'Biology lab report, week 2');
      await student.as('PATCH', '/api/assignment', {
        id: item?.id,
        title: WEEKLY.title,
        scope: 'this',
      });
    });

    it('asks about a change from another device in a dialog on screen before Update overwrites it', async () => {
      await board();
      const editor = await openEditor(page, 'Reading log');
      const list = await student.as<{ id: string; title: string }[]>('GET', '/api/assignments');
      const id = list.body.find((a) => a.title === 'Reading log')?.id;
      await editor.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      await editor.getByLabel('Description').fill('Chapter 3 and 4.');
      // Another device changes the description meanwhile.
      await student.as('PATCH', '/api/assignment', { id, description: 'Chapter 3, pages 1-20.' });
      await editor
        .getByRole('group', { name: 'Description changed on another device' })
        .waitFor({ timeout: 15_000 });
      // The student scrolls back up and presses Update.
      await editor.getByLabel('Title').scrollIntoViewIfNeeded();
      const writes: string[] = [];
      const onRequest = (r: Request) => {
        if (isUpdate(r)) writes.push(r.postData() ?? '');
      };
      page.on('request', onRequest);
      await editor.getByRole('button', { name: 'Update' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Changed on another device' });
      await ask.waitFor();
      await ask.getByText('Description: Chapter 3, pages 1-20.').waitFor();
      expect(await inViewport(page, ask)).toBe(true);
      await expect.poll(() => focusedIn(ask)).toBe('Keep mine');
      await shoot(page, 'conflict-question-phone');
      await page.keyboard.press('Escape');
      await ask.waitFor({ state: 'detached' });
      expect(writes).toEqual([]);

      await editor.getByRole('button', { name: 'Update' }).click();
      const patched = saved(page, 'PATCH');
      await ask.getByRole('button', { name: 'Keep mine' }).click();
      expect((await patched).request().postDataJSON()).toMatchObject({
        id,
        description: 'Chapter 3 and 4.',
      });
      await editor.waitFor({ state: 'detached' });
      page.off('request', onRequest);
    });

    it('asks "Discard your changes?" in a dialog on screen, with focus on its first choice', async () => {
      await board();
      const editor = await openEditor(page, 'Reading log');
      await editor.getByLabel('Title').fill('Reading log for Monday');
      await page.keyboard.press('Escape');
      const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
      await ask.waitFor();
      expect(await inViewport(page, ask)).toBe(true);
      await expect.poll(() => focusedIn(ask)).toBe('Keep editing');
      await page.keyboard.press('Escape');
      await ask.waitFor({ state: 'detached' });
      expect(await editor.getByLabel('Title').inputValue()).toBe('Reading log for Monday');
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await ask.getByRole('button', { name: 'Discard' }).click();
      await editor.waitFor({ state: 'detached' });
    });

    it('Settings asks before it drops an unsaved AI choice, and keeps Save Settings with the AI choices', async () => {
      await board();
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      const help = settings.getByRole('checkbox', { name: 'Enable AI Help' });
      await help.waitFor();
      await shoot(page, 'settings-phone');
      await shootWhole(page, settings, 'settings-phone-whole');

      // Save Settings ends the AI section, away from Logout and the Danger Zone.
      const ai = settings.getByRole('group', { name: 'AI features' });
      await ai.getByRole('button', { name: 'Save Settings' }).waitFor();
      expect(await ai.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      const danger = settings.getByRole('region', { name: 'Danger Zone' });
      expect(await danger.getByRole('button', { name: 'Save Settings' }).count()).toBe(0);

      // AI off, saved: it closes without a question. (Turned off here rather than through the
      // API: the board opens from this browser's copy of the profile before the fresh one.)
      const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
      expect(await help.isChecked()).toBe(true);
      await help.uncheck();
      await settings.getByRole('checkbox', { name: 'Enable AI Deep Dive' }).uncheck();
      const off = saved(page, 'PATCH', `/api/user/${student.id}`);
      await ai.getByRole('button', { name: 'Save Settings' }).click();
      expect((await off).status()).toBe(200);
      // Escape once the app has taken the answer in (the button is enabled again in the same
      // render that stores it), not as soon as the answer arrives.
      await ai.getByRole('button', { name: 'Save Settings', disabled: false }).waitFor();
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
      expect(await ask.count()).toBe(0);

      // "Enable AI Help" ticked, then Escape: the question, in view, on its first choice.
      await page.getByRole('button', { name: 'Settings' }).click();
      await help.check();
      await page.keyboard.press('Escape');
      await ask.waitFor();
      expect(await inViewport(page, ask)).toBe(true);
      await expect.poll(() => focusedIn(ask)).toBe('Keep editing');
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await help.isChecked()).toBe(true);

      // The close button asks too; Discard drops the choice.
      await settings.getByRole('button', { name: 'Close' }).click();
      await ask.getByRole('button', { name: 'Discard' }).click();
      await settings.waitFor({ state: 'detached' });
      const profile = await student.as<{ user: { ai_help_enabled: boolean } }>(
        'GET',
        '/api/session',
      );
      expect(profile.body.user.ai_help_enabled).toBe(false);
      await page.getByRole('button', { name: 'Settings' }).click();
      expect(await help.isChecked()).toBe(false);

      // Ticked and saved: no question.
      await help.check();
      await settings.getByRole('checkbox', { name: 'Enable AI Deep Dive' }).check();
      const on = saved(page, 'PATCH', `/api/user/${student.id}`);
      await ai.getByRole('button', { name: 'Save Settings' }).click();
      expect((await on).status()).toBe(200);
      await ai.getByRole('button', { name: 'Save Settings', disabled: false }).waitFor();
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
      expect(await ask.count()).toBe(0);
    });

    it('gives every field in the editor and Settings a 44 px target and 16 px text', async () => {
      await board();
      const editor = await openEditor(page, WEEKLY.title);
      await editor.getByRole('button', { name: 'Reminders and Repeats' }).click();
      await editor.getByRole('radio', { name: 'Choose for this assignment' }).check();
      await editor.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      await editor
        .getByRole('button', { name: `Edit subtask ${WEEKLY.subtasks[2]!.title}` })
        .click();
      expect(await smallControls(page, '.editor-modal')).toEqual([]);
      await editor.getByRole('button', { name: 'Cancel', exact: true }).first().click();
      await page.keyboard.press('Escape');
      await page
        .getByRole('alertdialog', { name: 'Discard your changes?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await editor.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('button', { name: 'Add to your calendar app' }).click();
      await settings.getByLabel('Your calendar link').waitFor();
      expect(await smallControls(page, '.settings__body')).toEqual([]);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
    });

    it('finds no axe violations on the closed section and the questions, light and dark', async () => {
      await board();
      const found: Record<string, Violation[]> = {};
      const editor = await openEditor(page, WEEKLY.title);
      await scanBothThemes(page, 'editor, reminders and repeats closed', found);
      await editor.getByRole('button', { name: 'Reminders and Repeats' }).click();
      await scanBothThemes(page, 'editor, reminders and repeats open', found);

      await editor.getByLabel('Title').fill('Biology lab report (axe)');
      await editor.getByRole('button', { name: 'Update' }).click();
      const scope = page.getByRole('alertdialog', { name: 'Change which assignments?' });
      await scope.waitFor();
      await scanBothThemes(page, 'repeat question', found);
      await page.keyboard.press('Escape');
      await scope.waitFor({ state: 'detached' });

      await page.keyboard.press('Escape');
      const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
      await discard.waitFor();
      await scanBothThemes(page, 'discard question', found);
      await discard.getByRole('button', { name: 'Discard' }).click();
      await editor.waitFor({ state: 'detached' });

      const conflicted = await openEditor(page, 'Reading log');
      const list = await student.as<{ id: string; title: string }[]>('GET', '/api/assignments');
      const id = list.body.find((a) => a.title === 'Reading log')?.id;
      await conflicted.getByLabel('Title').fill('Reading log (mine)');
      await student.as('PATCH', '/api/assignment', { id, title: 'Reading log (theirs)' });
      await conflicted
        .getByRole('group', { name: 'Title changed on another device' })
        .waitFor({ timeout: 15_000 });
      await conflicted.getByRole('button', { name: 'Update' }).click();
      const conflict = page.getByRole('alertdialog', { name: 'Changed on another device' });
      await conflict.waitFor();
      await scanBothThemes(page, 'conflict question', found);
      await conflict.getByRole('button', { name: 'Cancel' }).click();
      await page.keyboard.press('Escape');
      await discard.getByRole('button', { name: 'Discard' }).click();
      await conflicted.waitFor({ state: 'detached' });
      await student.as('PATCH', '/api/assignment', { id, title: 'Reading log' });

      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('checkbox', { name: 'Enable AI Help' }).uncheck();
      await scanBothThemes(page, 'settings', found);
      await page.keyboard.press('Escape');
      await discard.waitFor();
      await scanBothThemes(page, 'settings discard question', found);
      await discard.getByRole('button', { name: 'Discard' }).click();
      await settings.waitFor({ state: 'detached' });
      await page.emulateMedia({ colorScheme: null });

      expect(found).toEqual({});
      expect(realProblems(student.problems)).toEqual([]);
    });
  },
);

describe.runIf(browserAvailable('steps on a laptop browser test'))(
  'the editor, its repeat question and Settings on a laptop (1280x800) in Chromium',
  () => {
    const browser = useBrowser();

    it('keeps steps on one short row, asks the repeat question on screen, and shows Settings', async () => {
      const { context, page, as, problems } = await signedInStudent(browser(), 'laptop-steps', {
        viewport: LAPTOP,
        locale: 'en-US',
      });
      await seed(as, WEEKLY);
      await page.reload();
      await card(page, WEEKLY.title).waitFor({ timeout: 20_000 });
      const editor = await openEditor(page, WEEKLY.title);
      await shoot(page, 'editor-laptop');
      await shootWhole(page, page.locator('.editor-modal'), 'editor-laptop-whole');
      const sizes = await stepSizes(
        editor,
        WEEKLY.subtasks.map((s) => s.title),
      );
      console.log('[phone-steps] 1280 px:', JSON.stringify(sizes));
      expect(cramped(sizes)).toEqual([]);
      // Wide enough for the minutes and the buttons beside the title: one line each.
      expect(sizes.filter((s) => s.row > 56)).toEqual([]);

      await editor.getByLabel('Title').fill('Biology lab report, week 2');
      await editor.getByRole('button', { name: 'Update' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Change which assignments?' });
      await ask.waitFor();
      expect(await inViewport(page, ask)).toBe(true);
      await expect.poll(() => focusedIn(ask)).toBe('Only this one');
      await shoot(page, 'scope-question-laptop');
      const patched = saved(page, 'PATCH');
      await page.keyboard.press('Enter');
      expect((await patched).request().postDataJSON()).toMatchObject({ scope: 'this' });
      await editor.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('checkbox', { name: 'Enable AI Help' }).waitFor();
      await shoot(page, 'settings-laptop');
      await shootWhole(page, settings, 'settings-laptop-whole');
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });
  },
);
