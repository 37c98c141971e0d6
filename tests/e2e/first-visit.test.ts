import { APP_VERSION } from '@brainboard/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { column } from '../support/board.ts';
import { scanBothThemes, type Violation } from '../support/axe.ts';
import { browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { signInWithGoogle } from '../support/signin.ts';
import { seed, signedInStudent, type BrowserStudent } from '../support/student.ts';

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };
const WELCOME = 'Welcome to Brainboard!';

const welcome = (page: Page) => page.getByRole('dialog', { name: WELCOME });
const offer = (page: Page) => page.getByRole('region', { name: 'Import from your school' });
const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

/** A brand-new student (consent given, nothing seen yet) on their first dashboard. */
async function newcomer(browser: () => Browser, prefix: string, viewport = PHONE) {
  const student = await signedInStudent(browser(), prefix, {
    viewport,
    newcomer: true,
    bypassCSP: true,
  });
  await student.page.reload();
  await welcome(student.page).waitFor({ timeout: 20_000 });
  return student;
}

const profileOf = async (student: BrowserStudent) => {
  const res = await student.as<{ user: Record<string, unknown> }>('GET', '/api/session');
  expect(res.status, res.text).toBe(200);
  return res.body.user;
};

/** Whether `element` has the page's focus or holds it. */
const holdsFocus = (element: Locator) =>
  element.evaluate((el) => el.contains(el.ownerDocument.activeElement));

/** Whether the top of `element` is on screen (inside the viewport). */
const onScreen = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.top < (el.ownerDocument.defaultView?.innerHeight ?? 0);
  });

/**
 * The first visit: a brand-new account is welcomed with three first steps, each one tap away
 * (the editor, Settings → Import from your school, Settings → Reminders), not with the whole
 * release history "since your last visit"; a student who saw 0.2.0 gets What's New 0.3.0; an
 * empty board offers the school import once, until the student imports or says "Not now".
 */
describe.runIf(browserAvailable('first visit browser test'))('the first visit', () => {
  const browser = useBrowser();

  it('welcomes a new account with three first steps; "Add an assignment" opens the editor', async () => {
    const student = await newcomer(browser, 'first-welcome', LAPTOP);
    const { context, page, problems } = student;
    const dialog = welcome(page);
    const text = await dialog.innerText();
    expect(text).not.toContain('since your last visit');
    expect(text).not.toContain('all-day');
    const steps = dialog.getByRole('list', { name: 'First steps' }).getByRole('button');
    expect(await steps.allInnerTexts()).toEqual([
      expect.stringMatching(/^Add an assignment/),
      expect.stringMatching(/^Import from your school/),
      expect.stringMatching(/^Turn on reminders/),
    ]);

    const found: Record<string, Violation[]> = {};
    await scanBothThemes(page, 'welcome', found);
    expect(found).toEqual({});

    await dialog.getByRole('button', { name: 'Add an assignment' }).click();
    const editor = page.getByRole('dialog', { name: 'Add Assignment' });
    await editor.waitFor();
    expect(await welcome(page).count()).toBe(0);
    await expect.poll(() => holdsFocus(editor)).toBe(true);
    await expect
      .poll(async () => (await profileOf(student)).last_whats_new_version)
      .toBe(APP_VERSION);

    // Seen once: neither the welcome nor What's New comes back.
    await page.keyboard.press('Escape');
    await page.reload();
    await column(page, 'New').waitFor({ timeout: 20_000 });
    await page.getByText('Tap + to add a task in the New status').waitFor();
    expect(await welcome(page).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: "What's New!" }).count()).toBe(0);
    expect((await profileOf(student)).last_used_version).toBe(APP_VERSION);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('takes a new student on a phone to Settings → Import from your school in one tap', async () => {
    const { context, page } = await newcomer(browser, 'first-import');
    await welcome(page).getByRole('button', { name: 'Import from your school' }).click();
    const section = settings(page).getByRole('region', { name: 'Import from your school' });
    await section.waitFor();
    expect(await welcome(page).count()).toBe(0);
    await expect.poll(() => holdsFocus(section)).toBe(true);
    await expect.poll(() => onScreen(section)).toBe(true);
    await context.close();
  });

  it('takes a new student on a phone to Settings → Reminders in one tap', async () => {
    const { context, page } = await newcomer(browser, 'first-reminders');
    await welcome(page).getByRole('button', { name: 'Turn on reminders' }).click();
    const section = settings(page).getByRole('region', { name: 'Reminders' });
    await section.waitFor();
    await expect.poll(() => holdsFocus(section)).toBe(true);
    await expect.poll(() => onScreen(section)).toBe(true);
    await context.close();
  });

  it('shows What’s New 0.3.0 to a student who last saw 0.2.0', async () => {
    const student = await signedInStudent(browser(), 'first-upgrade', {
      viewport: LAPTOP,
      bypassCSP: true,
    });
    const { context, page, id, as } = student;
    await seed(as, { title: 'Read chapter 4' });
    const seen = await as('PATCH', `/api/user/${id}`, {
      last_used_version: '0.2.0',
      last_whats_new_version: '0.2.0',
    });
    expect(seen.status, seen.text).toBe(200);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: "What's New!" });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.innerText()).toContain('Brainboard 0.3.0 is here');
    const titles = await dialog.locator('.whatsnew__title').allInnerTexts();
    expect(titles).toEqual([
      'Reminders',
      'Import from your school',
      'What now?',
      'Time estimates',
      'Reset overdue work',
      'Repeating assignments',
      'Works offline',
    ]);
    const found: Record<string, Violation[]> = {};
    await scanBothThemes(page, "What's New 0.3.0", found);
    expect(found).toEqual({});
    await dialog.getByRole('button', { name: 'Got it!' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await profileOf(student)).last_whats_new_version).toBe('0.3.0');
    expect(APP_VERSION).toBe('0.3.0');
    await context.close();
  });

  it('offers the school import on an empty board until "Not now", on every device', async () => {
    const student = await signedInStudent(browser(), 'first-offer', {
      viewport: PHONE,
      bypassCSP: true,
      board: true,
    });
    const { context, page, id, email } = student;
    await page.getByText('Tap + to add a task in the New status').waitFor();
    const shown = offer(page);
    await shown.waitFor({ timeout: 20_000 });
    expect(await shown.getByRole('button', { name: 'Import deadlines' }).count()).toBe(1);

    const found: Record<string, Violation[]> = {};
    await scanBothThemes(page, 'empty-board import offer', found);
    expect(found).toEqual({});

    // One tap opens Settings at "Import from your school"; the offer waits for the answer.
    await shown.getByRole('button', { name: 'Import deadlines' }).click();
    const section = settings(page).getByRole('region', { name: 'Import from your school' });
    await section.waitFor();
    await expect.poll(() => holdsFocus(section)).toBe(true);
    await page.keyboard.press('Escape');
    await settings(page).waitFor({ state: 'detached' });

    const dismissed = page.waitForResponse(
      (r) => r.url().endsWith(`/api/user/${id}`) && r.request().method() === 'PATCH',
    );
    await shown.getByRole('button', { name: 'Not now' }).click();
    expect((await dismissed).status()).toBe(200);
    await shown.waitFor({ state: 'detached' });
    await page.getByText('Tap + to add a task in the New status').waitFor();
    expect((await profileOf(student)).school_import_offer_closed).toBe(true);

    await page.reload();
    await page.getByText('Tap + to add a task in the New status').waitFor({ timeout: 20_000 });
    expect(await offer(page).count()).toBe(0);

    // Kept for the student, not the browser: another device does not offer it again.
    const other = await browser().newContext({ viewport: LAPTOP });
    const laptop = await other.newPage();
    await signInWithGoogle(laptop, { email });
    await laptop.getByText('Tap + to add a task in the New status').waitFor({ timeout: 20_000 });
    expect(await offer(laptop).count()).toBe(0);
    await other.close();
    await context.close();
  });

  it('stops offering the school import once the student has imported from school', async () => {
    const student = await signedInStudent(browser(), 'first-imported', {
      viewport: LAPTOP,
      board: true,
    });
    const { context, page, as } = student;
    await offer(page).waitFor({ timeout: 20_000 });

    // A school calendar with nothing due yet: the board stays empty.
    const url = `${inject('stack').lms}feeds/first-visit-${Date.now()}.ics`;
    const empty = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:test', 'END:VCALENDAR', ''];
    expect((await fetch(url, { method: 'PUT', body: empty.join('\r\n') })).status).toBe(204);
    const imported = await as('POST', '/api/lms-feeds', { url });
    expect(imported.status, imported.text).toBe(201);

    // On the next visit the offer finds the school calendar and closes itself for good.
    const closed = page.waitForResponse(
      (r) => r.url().endsWith(`/api/user/${student.id}`) && r.request().method() === 'PATCH',
    );
    await page.reload();
    await page.getByText('Tap + to add a task in the New status').waitFor({ timeout: 20_000 });
    const patch = await closed;
    expect(patch.status()).toBe(200);
    expect(patch.request().postDataJSON()).toEqual({ school_import_offer_closed: true });
    expect(await offer(page).count()).toBe(0);
    expect((await profileOf(student)).school_import_offer_closed).toBe(true);
    await context.close();
  });
});
