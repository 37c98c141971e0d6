import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSamplePdf } from '../../functions/src/files/pdf.fixture.ts';
import { card, saved, titlesIn } from '../support/board.ts';
import { dragReady } from '../support/dnd.ts';
import { admin } from '../support/firestore.ts';
import { answerAppDialog, browserAvailable, openPage, useBrowser } from '../support/browser.ts';
import { dueIn, signedInStudent, type BrowserStudent } from '../support/student.ts';

const LAPTOP = { width: 1280, height: 800 };
const SHOTS = process.env.BRAINBOARD_SHOTS_DIR;

/** Relative luminance contrast of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A computed style property of a locator's element, read in the page. */
const styleOf = (loc: Locator, prop: string): Promise<string> =>
  loc.evaluate(
    (el, p) => el.ownerDocument.defaultView?.getComputedStyle(el).getPropertyValue(p) ?? '',
    prop,
  );

const noProblems = (problems: string[]) =>
  problems.filter((p) => !/net::ERR_|Failed to load resource/.test(p));

describe.runIf(browserAvailable('rough edges (laptop) browser test'))(
  'the rough edges at 1280x800 in Chromium',
  () => {
    const browser = useBrowser();
    let context: BrowserContext;
    let page: Page;
    let student: BrowserStudent;
    let problems: string[];

    beforeAll(async () => {
      student = await signedInStudent(browser(), 'rough-laptop', {
        viewport: LAPTOP,
        locale: 'en-US',
        ai: true,
        consoleAfterSignIn: true,
      });
      ({ context, page, problems } = student);
    });

    async function board() {
      await page.reload();
      await page
        .getByRole('button', { name: 'Add Assignment' })
        .first()
        .waitFor({ timeout: 20_000 });
    }

    it('reads typed dates in the locale order and ISO, blocks saving on unreadable text, and offers 1900-2100', async () => {
      await board();
      await page.getByRole('button', { name: 'Add Assignment' }).first().click();
      const d = page.getByRole('dialog', { name: 'Add Assignment' });
      // A new assignment opens with the cursor in Title.
      await expect
        .poll(() => page.evaluate<string | undefined>('document.activeElement?.id'))
        .toBe(await d.getByLabel('Title').getAttribute('id'));
      await page.keyboard.type('Typed date essay');
      const date = d.getByLabel('Date (yyyy-mm-dd)');
      await date.fill('12/07/2026');
      // The picker's year dropdown spans 1900 to 2100.
      const years = page.locator('.react-datepicker__year-select option');
      expect(await years.first().textContent()).toBe('1900');
      expect(await years.last().textContent()).toBe('2100');
      await date.press('Escape');
      const created = saved(page, 'POST');
      await d.getByRole('button', { name: 'Create' }).click();
      const body = (await (await created).json()) as { item: { id: string; due_date: string } };
      expect(body.item.due_date).toMatch(/^2026-12-07T/);

      // Editing: text that is not a date shows the error and keeps the dialog open.
      await card(page, 'Typed date essay').getByRole('heading').click();
      const e = page.getByRole('dialog', { name: 'Edit Assignment' });
      const editDate = e.getByLabel('Date (yyyy-mm-dd)');
      await editDate.fill('12/45/2026');
      await editDate.press('Escape');
      await e.getByRole('button', { name: 'Update' }).click();
      await e.getByText('Date input not valid.').waitFor();
      expect(await e.isVisible()).toBe(true);
      // The same date it held before clears the error at once.
      await editDate.fill('2026-12-7');
      await e.getByText('Date input not valid.').waitFor({ state: 'detached' });
      // ISO without leading zeros is read too.
      await editDate.fill('2026-12-8');
      await editDate.press('Escape');
      const patched = saved(page, 'PATCH');
      await e.getByRole('button', { name: 'Update' }).click();
      const sent = (await patched).request().postDataJSON() as Record<string, unknown>;
      expect(sent.due_date).toMatch(/^2026-12-08T/);
      await e.waitFor({ state: 'detached' });
    });

    it('asks "Discard your changes?" in its own dialog before unsaved edits are lost', async () => {
      await board();
      await page.getByRole('button', { name: 'Add Assignment' }).first().click();
      const d = page.getByRole('dialog', { name: 'Add Assignment' });
      await d.getByLabel('Title').fill('Half-typed thought');
      const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });

      await page.keyboard.press('Escape');
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await d.getByLabel('Title').inputValue()).toBe('Half-typed thought');

      await d.getByRole('button', { name: 'Cancel' }).click();
      await ask.getByRole('button', { name: 'Discard' }).click();
      await d.waitFor({ state: 'detached' });

      // Nothing typed: closing asks nothing.
      await page.getByRole('button', { name: 'Add Assignment' }).first().click();
      await d.getByLabel('Title').waitFor();
      await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
      expect(await ask.count()).toBe(0);
    });

    it('clears the PDF field after a failed upload and lets the same file be picked again', async () => {
      await board();
      const accepted: string[] = [];
      await page.getByRole('button', { name: 'Add Assignment' }).first().click();
      const d = page.getByRole('dialog', { name: 'Add Assignment' });
      await d.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      const picker = d.getByLabel('Attach a PDF (one file, up to 20 MB)');
      // Looks like a PDF, but the server cannot read it: a real refusal.
      const broken = {
        name: 'broken.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\nthis is not really a pdf\n%%EOF'),
      };
      for (let round = 1; round <= 2; round += 1) {
        const answered = page.waitForResponse((r) => r.url().includes('/api/upload-pdf'));
        await picker.setInputFiles(broken);
        expect((await answered).status()).toBe(400);
        accepted.push(await answerAppDialog(page, 'OK'));
        await expect.poll(() => picker.inputValue()).toBe('');
      }
      expect(accepted[0]).toContain('broken.pdf');
      await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
    });

    it('lists an attached PDF when the assignment is reopened, and Remove takes it away', async () => {
      const notes = {
        name: 'notes.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(buildSamplePdf([['Field trip notes', 'Bring a packed lunch.']])),
      };
      const uploaded = () =>
        page.waitForResponse(
          (r) => r.url().includes('/api/upload-pdf') && r.request().method() === 'POST',
        );
      const attached = (dialog: Locator) => dialog.getByRole('list', { name: 'Attached PDFs' });
      /** Opens the card's editor; the closed section already says how many PDFs it holds. */
      async function reopen(title: string, pdfs: string) {
        await card(page, title).getByRole('heading').click();
        const e = page.getByRole('dialog', { name: 'Edit Assignment' });
        await expect.poll(() => e.getByLabel('Title').inputValue()).toBe(title);
        await e.getByText(pdfs, { exact: true }).waitFor({ timeout: 10_000 });
        await e.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
        return e;
      }

      // A new assignment: attached before Create, listed when it is reopened.
      await board();
      await page.getByRole('button', { name: 'Add Assignment' }).first().click();
      const d = page.getByRole('dialog', { name: 'Add Assignment' });
      await d.getByLabel('Title').fill('Field trip form');
      await d.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      const first = uploaded();
      await d.getByLabel('Attach a PDF (one file, up to 20 MB)').setInputFiles(notes);
      expect((await first).status()).toBe(201);
      await attached(d).getByText('notes.pdf').waitFor();
      const created = saved(page, 'POST');
      await d.getByRole('button', { name: 'Create' }).click();
      const id = ((await (await created).json()) as { item: { id: string } }).item.id;
      await d.waitFor({ state: 'detached' });

      let e = await reopen('Field trip form', '1 PDF attached');
      const item = attached(e).getByRole('listitem');
      await expect
        .poll(() => item.innerText(), { timeout: 10_000 })
        .toMatch(/notes\.pdf\s+\d+(\.\d)? (bytes|KB)\s+Remove/);

      // A second file attached while editing joins the list; both are there after reopening.
      const second = uploaded();
      await e
        .getByLabel('Attach a PDF (one file, up to 20 MB)')
        .setInputFiles({ ...notes, name: 'rubric.pdf' });
      expect((await second).status()).toBe(201);
      await attached(e).getByText('rubric.pdf').waitFor();
      await page.keyboard.press('Escape');
      await e.waitFor({ state: 'detached' });
      e = await reopen('Field trip form', '2 PDFs attached');
      await attached(e).getByText('notes.pdf').waitFor();
      await attached(e).getByText('rubric.pdf').waitFor();
      expect(await attached(e).getByRole('listitem').count()).toBe(2);

      // A new assignment given up on (Cancel, then Discard) takes its upload with it.
      await page.keyboard.press('Escape');
      await e.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add Assignment' }).first().click();
      await d.getByLabel('Title').fill('Never created');
      await d.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      const draft = uploaded();
      await d
        .getByLabel('Attach a PDF (one file, up to 20 MB)')
        .setInputFiles({ ...notes, name: 'draft.pdf' });
      const draftId = ((await (await draft).json()) as { file_id: string }).file_id;
      await attached(d).getByText('draft.pdf').waitFor();
      await d.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('alertdialog', { name: 'Discard your changes?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await d.waitFor({ state: 'detached' });
      await expect
        .poll(
          async () => (await admin().db.doc(`users/${student.id}/files/${draftId}`).get()).exists,
          { timeout: 15_000 },
        )
        .toBe(false);
      e = await reopen('Field trip form', '2 PDFs attached');

      // Remove: gone from the list, after reopening, and from the API.
      const removed = page.waitForResponse((r) => r.request().method() === 'DELETE');
      await e.getByRole('button', { name: 'Remove notes.pdf' }).click();
      expect((await removed).status()).toBe(200);
      await attached(e).getByText('notes.pdf').waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await e.waitFor({ state: 'detached' });
      e = await reopen('Field trip form', '1 PDF attached');
      await attached(e).getByText('rubric.pdf').waitFor();
      expect(await attached(e).getByText('notes.pdf').count()).toBe(0);
      const listed = await student.as<{ files: { name: string }[] }>(
        'GET',
        `/api/assignment/${id}/files`,
      );
      expect(listed.body.files.map((f) => f.name)).toEqual(['rubric.pdf']);
      await page.keyboard.press('Escape');
      await e.waitFor({ state: 'detached' });
    });

    it('Focus Mode: Space pauses after a click on a subtask, ticks after Tab, and "Mark as done" finishes', async () => {
      const a = await student.as<{ item: { id: string } }>('POST', '/api/assignment', {
        title: 'Finish lab notes',
        due_date: dueIn(1),
        subtasks: [
          { id: 's1', title: 'Copy the table', completed: false },
          { id: 's2', title: 'Write the summary', completed: false },
        ],
      });
      expect(a.status, a.text).toBe(201);
      const b = await student.as('POST', '/api/assignment', {
        title: 'Plan the poster',
        due_date: dueIn(2),
        subtasks: [{ id: 'p1', title: 'Sketch', completed: false }],
      });
      expect(b.status, b.text).toBe(201);
      await board();
      await card(page, 'Finish lab notes').getByRole('heading').click();
      await page.getByRole('button', { name: 'Focus on this task' }).click();
      const focus = page.getByRole('dialog', { name: 'Focus Mode' });
      await focus.getByRole('heading', { name: 'Finish lab notes' }).waitFor();
      await focus.getByRole('button', { name: 'Pause' }).waitFor();

      const first = focus.getByRole('checkbox', { name: 'Copy the table' });
      const toggled = page.waitForResponse((r) => r.request().method() === 'PATCH');
      await first.click();
      await toggled;
      expect(await first.isChecked()).toBe(true);
      await page.keyboard.press('Space');
      await focus.getByRole('button', { name: 'Resume' }).waitFor();
      expect(await first.isChecked()).toBe(true);

      // A keyboard user tabs to the next checkbox: Space ticks it, the timer stays paused.
      await page.keyboard.press('Tab');
      const second = focus.getByRole('checkbox', { name: 'Write the summary' });
      await expect
        .poll(() => second.evaluate((el) => el === el.ownerDocument.activeElement))
        .toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => second.isChecked()).toBe(true);
      expect(await focus.getByRole('button', { name: 'Resume' }).count()).toBe(1);

      // Every subtask ticked: "Mark as done" moves it to Done; after the pause, the next task
      // follows when the student chooses it.
      await focus.getByRole('button', { name: 'Mark as done' }).click();
      await focus.getByRole('button', { name: 'Start the next one' }).click();
      await focus.getByRole('heading', { name: 'Plan the poster' }).waitFor();
      await expect
        .poll(async () => {
          const stored = await student.as<{ id: string; status: string }[]>(
            'GET',
            '/api/assignments',
          );
          return stored.body.find((x) => x.id === a.body.item.id)?.status;
        })
        .toBe('done');
      await page.keyboard.press('Escape');
      await focus.waitFor({ state: 'detached' });
    });

    it('shows a deadline passed earlier today on the overdue tint, and a calm dark "due soon" tint', async () => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      const made = await student.as('POST', '/api/assignment', {
        title: 'Morning quiz',
        due_date: `${today}T10:00:00`,
      });
      expect(made.status, made.text).toBe(201);
      // A second tab of this student whose clock reads 3 PM today: 10:00 AM has passed.
      const p = await context.newPage();
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      await p.clock.setFixedTime(new Date(y, m - 1, d, 15, 0));
      const { web } = inject('stack');
      await p.goto(`${web}/dashboard`);
      const badge = card(p, 'Morning quiz').locator('.due-badge');
      await badge.waitFor({ timeout: 20_000 });
      expect((await badge.innerText()).replace(/\s+/g, ' ')).toContain('Due Today');
      expect(await badge.innerText()).toContain('10:00 AM, passed');
      expect(await badge.getAttribute('class')).toContain('due-badge--overdue');
      await p.close();

      // Dark theme: "due soon" is not white, and its text still reads at 4.5:1.
      await page.emulateMedia({ colorScheme: 'dark' });
      await board();
      await page.evaluate(`document.documentElement.setAttribute('data-theme', 'dark')`);
      const soon = page.locator('.due-badge--soon').first();
      await soon.waitFor();
      const fg = await styleOf(soon, 'color');
      const bg = await styleOf(soon, 'background-color');
      expect(bg).not.toBe('rgb(255, 255, 255)');
      expect(bg).not.toBe('rgb(244, 245, 247)');
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
      await page.evaluate(`document.documentElement.setAttribute('data-theme', 'light')`);
      await page.emulateMedia({ colorScheme: 'light' });
    });

    it('turns "Due Today" into "passed" on the overdue tint by itself when the deadline passes', async () => {
      // A deadline this minute (the test and the browser share the machine's zone); the page's
      // clock starts two minutes before it, so the board opens before the deadline.
      const due = new Date();
      due.setSeconds(0, 0);
      if (due.getHours() === 0 && due.getMinutes() < 5) due.setMinutes(10);
      const pad = (n: number) => String(n).padStart(2, '0');
      const dueText = `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}T${pad(
        due.getHours(),
      )}:${pad(due.getMinutes())}:00`;
      const made = await student.as('POST', '/api/assignment', {
        title: 'Quiz at the bell',
        due_date: dueText,
      });
      expect(made.status, made.text).toBe(201);
      const p = await context.newPage();
      await p.clock.install({ time: new Date(due.getTime() - 2 * 60_000) });
      // The board shows from this browser's copy before the session has answered; the jump in
      // time below must not land on that request (it would fire the request's deadline).
      const sessionAnswered = p.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/session',
      );
      await p.goto(`${inject('stack').web}/dashboard`);
      const badge = card(p, 'Quiz at the bell').locator('.due-badge');
      await badge.waitFor({ timeout: 20_000 });
      expect(await badge.innerText()).toContain('Due Today');
      expect(await badge.innerText()).not.toContain('passed');
      expect(await badge.getAttribute('class')).toContain('due-badge--soon');

      // Nothing on the page changes but the time.
      await sessionAnswered;
      await p.clock.fastForward('02:01');
      await expect.poll(() => badge.innerText(), { timeout: 10_000 }).toContain(', passed');
      expect(await badge.getAttribute('class')).toContain('due-badge--overdue');
      await p.close();
    });

    it('sorts a column by due date, writing only the rank of each card it moves', async () => {
      // New cards are placed by due date, so the column is put out of order by hand (as a
      // student's drags would): 5 days, no date, 9 days, 1 day.
      const order = [
        ['Sort: in 5 days', 5],
        ['Sort: no date', null],
        ['Sort: in 9 days', 9],
        ['Sort: in 1 day', 1],
      ] as const;
      for (const [index, [title, days]] of order.entries()) {
        const made = await student.as('POST', '/api/assignment', {
          title,
          status: 'in progress',
          ...(days === null ? {} : { due_date: dueIn(days) }),
        });
        expect(made.status, made.text).toBe(201);
        const id = (made.body as { item: { id: string } }).item.id;
        const placed = await student.as('PATCH', '/api/assignment', { id, rank: -1000 + index });
        expect(placed.status, placed.text).toBe(200);
      }
      await board();
      const titles = async () =>
        (await titlesIn(page, 'In progress')).filter((t) => t.startsWith('Sort: '));
      const before = await titles();
      const sent: Record<string, unknown>[] = [];
      const onRequest = (r: Request) => {
        if (r.method() === 'PATCH' && r.url().endsWith('/api/assignment')) {
          sent.push(r.postDataJSON() as Record<string, unknown>);
        }
      };
      page.on('request', onRequest);
      await page.getByRole('button', { name: 'Sort by due date (In progress)' }).click();
      const sorted = ['Sort: in 1 day', 'Sort: in 5 days', 'Sort: in 9 days', 'Sort: no date'];
      await expect.poll(titles).toEqual(sorted);
      expect(before).not.toEqual(sorted);
      // Saved: the order holds after a reload (the writes go out after the board has moved).
      await expect.poll(() => sent.length).toBeGreaterThan(0);
      await board();
      expect(await titles()).toEqual(sorted);
      page.off('request', onRequest);
      // One request per moved card (not every card), each with the id and the rank only.
      expect(sent.length).toBeLessThan(4);
      for (const body of sent) expect(Object.keys(body).sort()).toEqual(['id', 'rank']);
    });

    it('lifts a held card the moment the hold completes', async () => {
      await board();
      const target = card(page, 'Plan the poster');
      const box = await target.boundingBox();
      if (!box) throw new Error('the card has no box');
      await dragReady(page);
      await page.mouse.move(box.x + box.width / 2, box.y + 20);
      await page.mouse.down();
      const overlay = page.locator('.card--overlay');
      await overlay.waitFor();
      // The lift eases in over 140 ms from the moment the hold completes: it reaches its scale.
      const scale = async () => {
        const transform = await styleOf(overlay, 'transform');
        // matrix(a, b, c, d, e, f): the scale is the length of (a, b).
        const [a = 1, b = 0] = (transform.match(/-?[\d.]+(e-?\d+)?/g) ?? []).map(Number);
        return Math.hypot(a, b);
      };
      await expect.poll(scale, { timeout: 5_000 }).toBeGreaterThan(1.01);
      await page.mouse.up();
      await overlay.waitFor({ state: 'detached' });
    });

    it('explains every Deep Dive tool in one line, and uses SVG icons, not emoji, on the AI buttons', async () => {
      await board();
      await card(page, 'Plan the poster').getByRole('heading').click();
      const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
      await editor.getByRole('button', { name: 'Deep Dive' }).waitFor();
      for (const name of ['Help', 'Deep Dive', 'Suggest subtasks with AI']) {
        const button = editor.getByRole('button', { name });
        expect(await button.locator('svg').count(), name).toBe(1);
        expect(await button.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
      }
      await editor.getByRole('button', { name: 'Deep Dive' }).click();
      const dive = page.getByRole('dialog', { name: 'Deep Dive' });
      const about = dive.locator('.ai-deep-dive__about');
      await about.first().waitFor();
      expect(await about.count()).toBe(8);
      for (const text of await about.allInnerTexts()) expect(text.length).toBeGreaterThan(10);
      expect(
        await dive
          .getByRole('button', { name: 'Thought Provoker' })
          .evaluate((el) => el.getAttribute('aria-describedby')),
      ).toContain('-about');
      await page.keyboard.press('Escape');
      await dive.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
    });

    it('shows a failure toast apart from success: alert role, icon and tint', async () => {
      await board();
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('button', { name: 'Save Settings' }).click();
      const ok = page.locator('[data-sonner-toast][data-type="success"]');
      await ok.waitFor();
      const okBg = await styleOf(ok, 'background-color');
      await context.setOffline(true);
      try {
        await settings.getByRole('button', { name: 'Save Settings' }).click();
        const failed = page.getByRole('alert').filter({ hasText: 'Failed to save settings' });
        await failed.waitFor();
        expect(await failed.locator('svg').count()).toBeGreaterThan(0);
        const bad = await styleOf(failed, 'background-color');
        expect(bad).not.toBe(okBg);
      } finally {
        await context.setOffline(false);
      }
      await page.keyboard.press('Escape');
      expect(noProblems(problems).filter((p) => !/settings|fetch|network/i.test(p))).toEqual([]);
    });

    it('gives the login page the tagline, the theme toggle and a way back', async () => {
      const { context: ctx, page: p } = await openPage(browser(), { viewport: LAPTOP });
      const { web } = inject('stack');
      await p.goto(`${web}/login`);
      await p.getByText('Every brain is welcome').waitFor();
      const html = p.locator('html');
      const before = await html.getAttribute('data-theme');
      await p.getByRole('button', { name: /Dark Mode|Light Mode/ }).click();
      await expect.poll(() => html.getAttribute('data-theme')).not.toBe(before);
      await p.getByRole('link', { name: /Back to the start page/ }).click();
      await p.waitForURL((url) => url.pathname === '/');
      await ctx.close();
    });

    it('ends the loading game with "All popped! Almost there…" and a calm progress cue', async () => {
      // The list is held on its way (the real server answers it once released), as on a slow
      // network; this browser's cached board is forgotten so the first load shows the game.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/assignments(\?|$)/, async (route) => {
        await released;
        await route.continue();
      });
      await page.evaluate(`localStorage.removeItem('brainboard.cache.board.${student.id}')`);
      await page.reload();
      const bubbles = page.getByRole('button', { name: /^Pop bubble/ });
      await bubbles.first().waitFor({ timeout: 20_000 });
      // The bubbles float (never still enough for a click to aim): pop them from the keyboard,
      // which keeps focus on the next bubble after each pop.
      await bubbles.first().focus();
      for (let left = 9; left >= 0; left -= 1) {
        await page.keyboard.press('Enter');
        await expect.poll(() => bubbles.count()).toBe(left);
      }
      await page.getByText('All popped! Almost there…').waitFor();
      await page.getByRole('progressbar', { name: 'Loading your dashboard' }).waitFor();
      expect(await page.getByText('10 of 10 popped').count()).toBe(0);
      release();
      await page.getByRole('button', { name: 'Add Assignment' }).first().waitFor();
      await page.unroute(/\/api\/assignments(\?|$)/);
    });

    it("draws What's New with SVG icons (no emoji boxes)", async () => {
      const fresh = await signedInStudent(browser(), 'rough-whatsnew', { viewport: LAPTOP });
      const { context: ctx, page: p } = fresh;
      const { id } = fresh;
      const older = await fresh.as('PATCH', `/api/user/${id}`, {
        last_used_version: '0.0.1',
        last_whats_new_version: '0.0.1',
      });
      expect(older.status, older.text).toBe(200);
      await p.reload();
      const dialog = p.getByRole('dialog', { name: "What's New!" });
      await dialog.waitFor({ timeout: 20_000 });
      const icons = dialog.locator('.whatsnew__icon');
      expect(await icons.count()).toBeGreaterThan(0);
      expect(await icons.locator('svg').count()).toBe(await icons.count());
      expect(await dialog.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await p.screenshot({ path: `${SHOTS}/whatsnew-after.png` });
      }
      await ctx.close();
    });
  },
);
