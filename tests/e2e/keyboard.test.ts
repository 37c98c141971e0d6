import type { Assignment } from '@brainboard/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { subtaskTitles, topicFromPrompt } from '../../scripts/standins/json-schema-sample.ts';
import { standinReply } from '../../scripts/standins/openai-standin.ts';
import { assignmentContext, suggestionPrompt } from '../../web/src/ai/context.ts';
import { studentApi, type As } from '../support/api.ts';
import { card, column, titlesIn } from '../support/board.ts';
import { browserAvailable, launchBrowser, watchConsole } from '../support/browser.ts';
import { idTokenOf } from '../support/idToken.ts';
import { readyForBoard } from '../support/student.ts';

/**
 * Issue 9: every journey with the keyboard alone, with a visible focus indicator at each step.
 * Once a page is loaded, the app is driven only through page.keyboard: no click, fill or check
 * on the app's elements. Data a journey is not about is seeded through the API.
 *
 * Two things are not the app's DOM: the Auth emulator's Google account chooser (driven by
 * keyboard too, but its look is not ours, so its focus ring is not checked) and the browser's
 * native confirm() dialogs, which Playwright answers through its `dialog` event.
 */

/** What has keyboard focus, in words, for failure messages. */
const DESCRIBE_FOCUS = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return '<body>';
  const label = el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].textContent)
    || el.getAttribute('title') || el.textContent || el.getAttribute('placeholder') || '';
  const role = el.getAttribute('role');
  return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (role ? '[role=' + role + ']' : '')
    + ' "' + label.trim().replace(/\\s+/g, ' ').slice(0, 60) + '"';
})()`;

/** The focused element's focus indicator and whether a person can see the element at all. */
const FOCUS_LOOK = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) {
    return { ok: false, why: 'nothing has focus (document.body)' };
  }
  const s = getComputedStyle(el);
  const transparent = /rgba\\(.*,\\s*0\\)$|transparent/.test(s.outlineColor);
  const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !transparent;
  const shadow = !!s.boxShadow && s.boxShadow !== 'none';
  const r = el.getBoundingClientRect();
  let hidden = null;
  if (r.width < 4 || r.height < 4) hidden = 'is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px';
  for (let n = el; n && !hidden; n = n.parentElement) {
    const c = getComputedStyle(n);
    if (c.display === 'none' || c.visibility === 'hidden' || parseFloat(c.opacity) === 0) {
      hidden = 'sits in a hidden ' + n.tagName.toLowerCase() + (n.className ? '.' + String(n.className).split(' ')[0] : '');
    }
  }
  const why = hidden ? 'the focused element ' + hidden
    : !(outline || shadow) ? 'no focus indicator (outline ' + s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor + ', box-shadow ' + s.boxShadow + ')'
    : null;
  return { ok: !why, why };
})()`;

async function focusedNow(page: Page): Promise<string> {
  return page.evaluate<string>(DESCRIBE_FOCUS);
}

/** The focused element shows a focus indicator (outline or box-shadow) and is itself visible. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const look = await page.evaluate<{ ok: boolean; why: string | null }>(FOCUS_LOOK);
  if (!look.ok) throw new Error(`No visible focus on ${await focusedNow(page)}: ${look.why}`);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === el.ownerDocument.activeElement);
}

/** `target` has keyboard focus now (after a dialog closed, a drop, ...), visibly. */
async function expectFocused(page: Page, target: Locator, what: string): Promise<void> {
  await expect
    .poll(() => isFocused(target), { timeout: 3_000, message: `focus on ${what}` })
    .toBe(true)
    .catch(async (err: Error) => {
      throw new Error(`${err.message}\nFocus is on ${await focusedNow(page)} instead.`);
    });
  await expectVisibleFocus(page);
}

interface TabOptions {
  /** At most this many key presses (default 40). */
  max?: number;
  /** Shift+Tab instead of Tab. */
  back?: boolean;
  /** Check the focus indicator on every stop on the way (default true; off on pages not ours). */
  checkEach?: boolean;
}

/**
 * Presses Tab until `target` has focus, checking on the way that every stop shows its focus;
 * fails with the list of what got focus when it never arrives.
 */
async function tabTo(page: Page, target: Locator, opts: TabOptions = {}): Promise<void> {
  const { max = 40, back = false, checkEach = true } = opts;
  await target.waitFor({ state: 'attached', timeout: 15_000 });
  const visited: string[] = [];
  for (let i = 0; i <= max; i += 1) {
    if (await isFocused(target)) {
      if (checkEach) await expectVisibleFocus(page);
      return;
    }
    if (i === max) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focusedNow(page);
    visited.push(now);
    if (checkEach && now !== '<body>') await expectVisibleFocus(page);
  }
  throw new Error(
    `${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)} in ${max} presses. ` +
      `Focus went to:\n  ${visited.join('\n  ')}`,
  );
}

/** dnd-kit's live region for screen readers. */
const announcement = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Presses a key during a keyboard drag, waits until the screen reader is told `text`, then as
 * long as a person takes to react (dnd-kit measures the new layout meanwhile).
 */
async function pressAndHear(page: Page, key: string, text: string) {
  await page.keyboard.press(key);
  await expect.poll(() => announcement(page).textContent()).toContain(text);
  await page.waitForTimeout(250);
}

/** Tab and Shift+Tab never leave `container` (a modal's focus trap), each stop visibly focused. */
async function expectTabTrappedIn(page: Page, container: Locator, presses = 20) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      const inside = await container.evaluate((el) => el.contains(el.ownerDocument.activeElement));
      if (!inside) throw new Error(`${key} left the dialog for ${await focusedNow(page)}`);
      await expectVisibleFocus(page);
    }
  }
}

/** Tab to `target` and press `key` on it. */
async function tabAndPress(page: Page, target: Locator, key = 'Enter', opts: TabOptions = {}) {
  await tabTo(page, target, opts);
  await page.keyboard.press(key);
}

/** Selects all text in the focused field and types `text` over it. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** Console errors that matter (the chooser page's blocked internet assets do not). */
const realProblems = (problems: string[]) =>
  problems.filter((p) => !/net::ERR_FAILED|Failed to load resource/.test(p));

/** What the Auth emulator's chooser page loads from the internet (unreachable in CI). */
const CHOOSER_ASSETS = /^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//;

/**
 * Signs in with the keyboard: Tab to "Sign in with Google", Enter, then in the emulator's
 * chooser "Add new account", the email and name, "Sign in with Google.com". Resolves on
 * /dashboard.
 */
async function signInByKeyboard(page: Page, email: string, name: string, problems: string[]) {
  const { web } = inject('stack');
  await page.route(CHOOSER_ASSETS, (route) => route.abort());
  await page.goto(`${web}/login`);
  await tabAndPress(page, page.getByRole('button', { name: 'Sign in with Google' }));
  await page.waitForURL(/\/api\/auth\/google\/emulator/, { timeout: 20_000 });
  // The chooser is the emulator's page, not ours: keyboard only, but its focus ring is its own.
  const chooser = { checkEach: false };
  await tabAndPress(page, page.locator('#add-account-button button'), 'Enter', chooser);
  await tabTo(page, page.locator('#email-input'), chooser);
  await page.keyboard.type(email);
  await tabTo(page, page.locator('#display-name-input'), chooser);
  await page.keyboard.type(name);
  await tabAndPress(page, page.locator('#sign-in'), 'Enter', chooser);
  await page
    .waitForURL((url) => url.pathname === '/dashboard', { timeout: 60_000 })
    .catch((err: Error) => {
      // E.g. a CSP refusal to reach another Auth emulator: web/dist was built for another stack.
      throw new Error(`${err.message}\nThe page said:\n${realProblems(problems).join('\n')}`);
    });
  await page.waitForLoadState('networkidle');
}

interface Student {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Native confirm() texts, all accepted unless `declineNext` is set. */
  confirms: string[];
  declineNext: { value: boolean };
  id: string;
  as: As;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/**
 * A dialog is ready for keys once focus has moved into it (what a person sees). Before that, on
 * a loaded machine, a key can reach the layer underneath: Escape would close the parent dialog.
 */
async function dialogReady(target: Locator): Promise<void> {
  await target.waitFor();
  await expect
    .poll(() => target.evaluate((el) => el.contains(el.ownerDocument.activeElement)), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** The board is on screen and the loading screen has gone. */
async function boardReady(page: Page) {
  await column(page, 'New').waitFor({ timeout: 20_000 });
  await page.locator('.board:not([aria-busy])').waitFor({ timeout: 20_000 });
  await page.locator('.loading').waitFor({ state: 'detached', timeout: 20_000 });
}

describe.runIf(browserAvailable('keyboard browser test'))('every journey by keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(prefix: string, setup = true): Promise<Student> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const confirms: string[] = [];
    const declineNext = { value: false };
    page.on('dialog', (d) => {
      confirms.push(d.message());
      const decline = declineNext.value;
      declineNext.value = false;
      void (decline ? d.dismiss() : d.accept());
    });
    const problems = watchConsole(page);
    await signInByKeyboard(
      page,
      `${prefix}-${Date.now()}@example.com`,
      'Keyboard Student',
      problems,
    );
    const { id, as } = await studentApi(await idTokenOf(page));
    if (setup) await readyForBoard(as, id);
    return { context, page, problems, confirms, declineNext, id, as };
  }

  async function seed(as: As, body: Record<string, unknown>): Promise<Assignment> {
    const res = await as('POST', '/api/assignment', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { item: Assignment }).item;
  }

  /** Reloads; the board may show this browser's copy first, so wait for the server's list. */
  async function reloadBoard(s: Student) {
    const listed = s.page.waitForResponse(
      (r) => r.url().endsWith('/api/assignments') && r.request().method() === 'GET',
    );
    await s.page.reload();
    await listed;
    await boardReady(s.page);
  }

  const saved = (page: Page, method: string, path = '/api/assignment') =>
    page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === method);

  it('signs in, accepts the privacy policy and terms, and closes What’s New', async () => {
    const s = await signedIn('kb-signin', false);
    const { page } = s;
    const privacy = page.getByRole('checkbox', { name: 'I accept the Privacy Policy' });
    const terms = page.getByRole('checkbox', { name: 'I accept the Terms of Service' });
    const accept = page.getByRole('button', { name: 'Accept' });
    await tabAndPress(page, privacy, 'Space');
    expect(await privacy.isChecked()).toBe(true);
    expect(await accept.isDisabled()).toBe(true);
    await tabAndPress(page, terms, 'Space');
    expect(await terms.isChecked()).toBe(true);
    await tabTo(page, accept);
    // A successful acceptance reloads the page (SPEC §2).
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);

    const whatsNew = dialog(page, "What's New!");
    await whatsNew.waitFor({ timeout: 20_000 });
    const gotIt = whatsNew.getByRole('button', { name: 'Got it!' });
    const closedPatch = saved(page, 'PATCH', `/api/user/${s.id}`);
    await tabAndPress(page, gotIt);
    expect((await closedPatch).status()).toBe(200);
    await whatsNew.waitFor({ state: 'detached' });
    await boardReady(page);

    // The board is usable from here on by keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Add Assignment' }));
    const session = await s.as('GET', '/api/session');
    const user = (session.body as { user: Record<string, unknown> }).user;
    expect(user.privacy_accepted_at).toBeTruthy();
    expect(user.tos_accepted_at).toBeTruthy();
    expect(user.last_whats_new_version).toBe('0.2.0');
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('creates an assignment with a due date and time picked by keyboard', async () => {
    const s = await signedIn('kb-create');
    const { page } = s;
    await reloadBoard(s);
    const add = page.getByRole('button', { name: 'Add Assignment' });
    await tabAndPress(page, add);
    const editor = dialog(page, 'Add Assignment');
    await dialogReady(editor);

    await tabTo(page, editor.getByLabel('Title'));
    await page.keyboard.type('Chemistry lab report');

    // The date: typed, then one day on in the calendar with the arrow keys, Enter to choose.
    const date = editor.getByLabel('Date (yyyy-mm-dd)');
    await tabTo(page, date);
    await page.keyboard.type('2031-03-14');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => date.inputValue()).toBe('2031-03-15');
    await page.locator('.react-datepicker').waitFor({ state: 'detached' });
    await expectFocused(page, date, 'the date field after choosing a day');

    // The time: type-ahead in each select.
    await tabTo(page, editor.getByRole('combobox', { name: 'Hour' }));
    await page.keyboard.type('3');
    await tabTo(page, editor.getByRole('combobox', { name: 'Minute' }));
    await page.keyboard.type('45');
    await tabTo(page, editor.getByRole('combobox', { name: 'AM or PM' }));
    await page.keyboard.type('P');
    expect(await editor.getByRole('combobox', { name: 'AM or PM' }).inputValue()).toBe('PM');

    const created = saved(page, 'POST');
    await tabAndPress(page, editor.getByRole('button', { name: 'Create' }));
    const body = (await (await created).json()) as { item: Assignment };
    expect(body.item).toMatchObject({
      title: 'Chemistry lab report',
      due_date: '2031-03-15T15:45:00',
      status: 'new',
    });
    await editor.waitFor({ state: 'detached' });
    await card(page, 'Chemistry lab report').waitFor();
    // Focus goes back to where the student started.
    await expectFocused(page, add, 'the Add Assignment button after saving');
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('edits an assignment: title, a new subtask and a note', async () => {
    const s = await signedIn('kb-edit');
    const { page } = s;
    const a = await seed(s.as, {
      title: 'Read chapter 5',
      subtasks: [{ id: 'st-1', title: 'Skim', completed: false }],
    });
    await reloadBoard(s);

    const edit = page.getByRole('button', { name: 'Edit Read chapter 5' });
    await tabAndPress(page, edit);
    const editor = dialog(page, 'Edit Assignment');
    await dialogReady(editor);

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

  it('deletes a card after its confirmation, and focus stays on the board', async () => {
    const s = await signedIn('kb-delete');
    const { page } = s;
    await seed(s.as, { title: 'Keep me' });
    await seed(s.as, { title: 'Old worksheet' });
    await reloadBoard(s);
    const del = page.getByRole('button', { name: 'Delete Old worksheet' });

    // Cancelled: nothing happens, focus stays.
    s.declineNext.value = true;
    await tabAndPress(page, del);
    await expect.poll(() => s.confirms.length).toBe(1);
    expect(s.confirms[0]).toBe(
      'Are you sure you want to delete this assignment? This action cannot be undone.',
    );
    expect(await card(page, 'Old worksheet').count()).toBe(1);
    await expectFocused(page, del, 'the Delete button after cancelling');

    const deleted = saved(page, 'DELETE');
    await page.keyboard.press('Enter');
    expect((await deleted).status()).toBe(200);
    await card(page, 'Old worksheet').waitFor({ state: 'detached' });
    expect(s.confirms).toHaveLength(2);
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
    await page.waitForTimeout(1_200);
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

  describe('AI help', () => {
    /** A student with AI help and deep dive turned on, and one assignment open in the editor. */
    async function editorWithAi(prefix: string, title: string, description: string) {
      const s = await signedIn(prefix);
      const enabled = await s.as('PATCH', `/api/user/${s.id}`, {
        ai_help_enabled: true,
        ai_deep_dive_enabled: true,
      });
      expect(enabled.status).toBe(200);
      const a = await seed(s.as, { title, description });
      await reloadBoard(s);
      const edit = s.page.getByRole('button', { name: `Edit ${title}` });
      await tabAndPress(s.page, edit);
      const editor = dialog(s.page, 'Edit Assignment');
      await dialogReady(editor);
      return { s, a, editor, edit };
    }

    it('chats: sends a message with Enter and reads the streamed answer', async () => {
      const { s, a, editor, edit } = await editorWithAi(
        'kb-chat',
        'Essay on bees',
        'Two pages about pollination.',
      );
      const { page } = s;
      const help = editor.getByRole('button', { name: 'Help' });
      await tabAndPress(page, help);
      const chat = dialog(page, 'AI Help');
      await dialogReady(chat);
      const log = chat.getByRole('log', { name: 'Conversation' });
      await expect
        .poll(() => log.textContent(), { timeout: 15_000 })
        .toContain(standinReply(assignmentContext(a)));
      await expect.poll(() => chat.getByText('Thinking...').count(), { timeout: 15_000 }).toBe(0);

      const input = chat.getByRole('textbox', { name: 'Your message' });
      await tabTo(page, input);
      await page.keyboard.type('What should I read first?');
      await page.keyboard.press('Enter');
      await log
        .getByText('Stand-in reply to: What should I read first?')
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => chat.getByText('Thinking...').count(), { timeout: 15_000 }).toBe(0);
      await expectFocused(page, input, 'the message box after sending');

      // Escape closes the chat, then the editor, each returning focus where it was.
      await page.keyboard.press('Escape');
      await chat.waitFor({ state: 'detached' });
      await expectFocused(page, help, 'the Help button after closing the chat');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      await expectFocused(page, edit, 'the card’s Edit button after closing the editor');
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });

    it('deep dive: switches tabs with the arrows, runs a tool and opens its full text', async () => {
      const { s, a, editor } = await editorWithAi(
        'kb-dive',
        'History essay',
        'The printing press and its effects.',
      );
      const { page } = s;
      const open = editor.getByRole('button', { name: 'Deep Dive' });
      await tabAndPress(page, open);
      const dive = dialog(page, 'Deep Dive');
      await dialogReady(dive);

      const toolsTab = dive.getByRole('tab', { name: 'Deep-Dive Tools' });
      const detailsTab = dive.getByRole('tab', { name: 'Task Details' });
      await tabTo(page, toolsTab);
      await page.keyboard.press('ArrowLeft');
      await expectFocused(page, detailsTab, 'the Task Details tab');
      expect(await detailsTab.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await expectFocused(page, toolsTab, 'the Deep-Dive Tools tab');

      const tool = 'Time Machine Feature';
      const full = standinReply(assignmentContext(a));
      const generated = saved(page, 'POST', '/api/ai-deep-dive');
      await tabAndPress(page, dive.getByRole('button', { name: tool, exact: true }));
      expect((await generated).status()).toBe(200);
      const snippet = dive.getByRole('button', {
        name: `${full.slice(0, 100)} (open the full ${tool} text)`,
      });
      await snippet.waitFor({ timeout: 15_000 });
      await tabAndPress(page, snippet);
      const viewer = dialog(page, tool);
      await dialogReady(viewer);
      expect((await viewer.locator('.ai-deep-dive__full').textContent())?.trim()).toBe(full);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expectFocused(page, snippet, 'the snippet after closing the full text');
      await page.keyboard.press('Escape');
      await dive.waitFor({ state: 'detached' });
      await expectFocused(page, open, 'the Deep Dive button after closing');

      const stored = (await s.as('GET', `/api/assignment/${a.id}`)).body as { item: Assignment };
      expect(stored.item.deep_dive).toEqual({ [tool]: full });
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });

    it('suggests subtasks: reviews them by keyboard and approves', async () => {
      const { s, a, editor } = await editorWithAi(
        'kb-suggest',
        'Science fair poster',
        'About volcanoes.',
      );
      const { page } = s;
      const suggest = editor.getByRole('button', { name: 'Suggest subtasks with AI' });
      await tabAndPress(page, suggest);
      const review = dialog(page, 'Suggested subtasks');
      await review.waitFor({ timeout: 15_000 });
      const expected = subtaskTitles(topicFromPrompt(suggestionPrompt(a.title, a.description, [])));
      const shown = () => review.locator('.ai-suggest__title').allTextContents();
      expect(await shown()).toEqual(expected);

      // The first one down a place (focus follows it), the last one deleted.
      const first = expected[0]!;
      await tabAndPress(page, review.getByRole('button', { name: `Move down: ${first}` }));
      const reordered = [expected[1]!, first, ...expected.slice(2)];
      expect(await shown()).toEqual(reordered);
      await expectVisibleFocus(page);
      const last = expected[expected.length - 1]!;
      await tabAndPress(page, review.getByRole('button', { name: `Delete: ${last}` }));
      const approved = reordered.slice(0, -1);
      expect(await shown()).toEqual(approved);
      await expectVisibleFocus(page);

      await tabAndPress(page, review.getByRole('button', { name: 'Approve & Add to Assignment' }));
      await review.waitFor({ state: 'detached' });
      for (const title of approved) {
        await editor.getByRole('checkbox', { name: title, exact: true }).waitFor();
      }
      // Back in the editor where the student asked, not lost to the page.
      await expectFocused(page, suggest, 'the Suggest button after approving');
      await expect
        .poll(async () => {
          const res = await s.as('GET', `/api/assignment/${a.id}`);
          return (res.body as { item: Assignment }).item.subtasks.map((t) => t.title);
        })
        .toEqual(approved);
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });
  });
});
