import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addWithDue, card, column, saved, titlesIn } from '../support/board.ts';
import { answerAppDialog, browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { signedInStudent } from '../support/student.ts';

const dialog = (page: Page) => page.getByRole('dialog');

describe.runIf(browserAvailable('editor browser test'))('the assignment editor in Chromium', () => {
  const browser = useBrowser();

  const student = (prefix: string, viewport = { width: 1280, height: 800 }) =>
    signedInStudent(browser(), prefix, { viewport, name: 'Editor Student', board: true });

  it('creates an assignment with a due time, a subtask and a note, and keeps it after a reload', async () => {
    const { context, page, problems } = await student('editor-create');
    const d = await addWithDue(page, 'Chemistry lab report', '2031-03-14', ['3', '45', 'PM']);
    await d.getByLabel('New subtask').fill('Draw the graphs');
    await d.getByRole('button', { name: 'Add subtask' }).click();
    await d.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
    await d.getByLabel('Description').fill('Titration, three trials.');
    await d.getByLabel('New note').fill('  Ask about error bars  ');
    await d.getByRole('button', { name: 'Add note' }).click();
    const created = saved(page, 'POST');
    await d.getByRole('button', { name: 'Create' }).click();
    const body = (await (await created).json()) as { item: Record<string, unknown> };
    expect(body.item).toMatchObject({
      title: 'Chemistry lab report',
      due_date: '2031-03-14T15:45:00',
      description: 'Titration, three trials.',
      status: 'new',
      notes: [expect.objectContaining({ text: 'Ask about error bars' })],
      subtasks: [expect.objectContaining({ title: 'Draw the graphs', completed: false })],
    });
    await card(page, 'Chemistry lab report').waitFor();
    expect(await dialog(page).count()).toBe(0);

    await page.reload();
    await card(page, 'Chemistry lab report').getByRole('heading').click();
    const e = dialog(page);
    await e.getByRole('heading', { name: 'Edit Assignment' }).waitFor();
    expect(await e.getByLabel('Date (yyyy-mm-dd)').inputValue()).toBe('2031-03-14');
    expect(await e.getByRole('combobox', { name: 'Hour' }).inputValue()).toBe('3');
    expect(await e.getByRole('combobox', { name: 'Minute' }).inputValue()).toBe('45');
    expect(await e.getByRole('combobox', { name: 'AM or PM' }).inputValue()).toBe('PM');
    expect(await e.getByRole('checkbox', { name: 'Draw the graphs' }).isChecked()).toBe(false);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('edits: Update moves the card, and subtasks save on their own', async () => {
    const { context, page, as } = await student('editor-edit');
    await as('POST', '/api/assignment', {
      title: 'Read chapter 5',
      subtasks: [{ id: 'st-1', title: 'Skim', completed: false }],
    });
    await card(page, 'Read chapter 5').waitFor({ timeout: 5_000 });
    await card(page, 'Read chapter 5').getByRole('button', { name: 'Edit Read chapter 5' }).click();
    const d = dialog(page);
    await d.getByRole('heading', { name: 'Edit Assignment' }).waitFor();

    // A subtask change is saved at once, without "Update".
    const toggled = page.waitForResponse(
      (r) => r.url().includes('/subtasks/st-1') && r.request().method() === 'PATCH',
    );
    await d.getByRole('checkbox', { name: 'Skim' }).check();
    expect((await toggled).status()).toBe(200);
    const added = page.waitForResponse(
      (r) => r.url().endsWith('/subtasks') && r.request().method() === 'POST',
    );
    await d.getByLabel('New subtask').fill('Summarise');
    await d.getByLabel('New subtask').press('Enter');
    expect((await added).ok()).toBe(true);
    await d.getByRole('checkbox', { name: 'Summarise' }).waitFor();

    await d.getByLabel('Title').fill('Read chapter 5 and 6');
    await d.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
    await d.getByLabel('Status').selectOption('in progress');
    await d.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => titlesIn(page, 'In progress')).toEqual(['Read chapter 5 and 6']);
    expect(await card(page, 'Read chapter 5 and 6').getByText('1/2').count()).toBe(1);

    await page.reload();
    await column(page, 'In progress')
      .getByRole('heading', { name: 'Read chapter 5 and 6' })
      .waitFor();
    await card(page, 'Read chapter 5 and 6').getByRole('heading').click();
    expect(await dialog(page).getByRole('checkbox', { name: 'Skim' }).isChecked()).toBe(true);
    expect(await dialog(page).getByRole('checkbox', { name: 'Summarise' }).isChecked()).toBe(false);
    await context.close();
  });

  it('deletes only after the confirmation', async () => {
    const { context, page, as } = await student('editor-delete');
    await as('POST', '/api/assignment', { title: 'Old worksheet' });
    await as('POST', '/api/assignment', { title: 'Keep me' });
    await card(page, 'Old worksheet').waitFor({ timeout: 5_000 });
    const native: string[] = [];
    page.on('dialog', (d) => {
      native.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Delete Old worksheet' }).click();
    expect(await answerAppDialog(page, 'Cancel')).toBe(
      'Are you sure you want to delete this assignment? This action cannot be undone.',
    );
    expect(await card(page, 'Old worksheet').count()).toBe(1);

    const deleted = saved(page, 'DELETE');
    await page.getByRole('button', { name: 'Delete Old worksheet' }).click();
    await answerAppDialog(page, 'OK');
    expect((await deleted).status()).toBe(200);
    await card(page, 'Old worksheet').waitFor({ state: 'detached' });
    await page.reload();
    // The list has loaded once the other card shows; the deleted one is not in it.
    await card(page, 'Keep me').waitFor();
    expect(await card(page, 'Old worksheet').count()).toBe(0);
    expect(native).toEqual([]);
    await context.close();
  });

  it('refuses every limit with its message', async () => {
    const { context, page } = await student('editor-limits', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Add Assignment' }).click();
    const d = dialog(page);
    await d.getByRole('heading', { name: 'Add Assignment' }).waitFor();

    // Title: 125 characters, counter red above 90.
    const title = d.getByLabel('Title');
    await title.fill('t'.repeat(90));
    expect(await d.getByText('90/125').getAttribute('class')).not.toContain('counter--warn');
    await title.fill('t'.repeat(91));
    expect(await d.getByText('91/125').getAttribute('class')).toContain('counter--warn');
    await title.fill('');
    await title.pressSequentially('x'.repeat(130));
    expect((await title.inputValue()).length).toBe(125);
    await d.getByText('Title can be at most 125 characters.').waitFor();

    // Subtask: 125 characters.
    const subtask = d.getByLabel('New subtask');
    await subtask.pressSequentially('s'.repeat(130));
    expect((await subtask.inputValue()).length).toBe(125);
    await d.getByText('A subtask can be at most 125 characters.').waitFor();
    await subtask.fill('   ');
    await d.getByRole('button', { name: 'Add subtask' }).click();
    expect(await d.getByText('No subtasks yet.').isVisible()).toBe(true);

    await d.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
    // Description: 2000, red above 1250.
    const description = d.getByLabel('Description');
    await description.fill('d'.repeat(1251));
    expect(await d.getByText('1251/2000').getAttribute('class')).toContain('counter--warn');
    await description.fill('d'.repeat(1999));
    await description.press('End');
    await description.pressSequentially('dddd');
    expect((await description.inputValue()).length).toBe(2000);
    await d.getByText('Description can be at most 2000 characters.').waitFor();

    // Note: 1000, red above 500.
    const note = d.getByLabel('New note');
    await note.fill('n'.repeat(500));
    expect(await d.getByText('500/1000').getAttribute('class')).not.toContain('counter--warn');
    await note.fill('n'.repeat(501));
    expect(await d.getByText('501/1000').getAttribute('class')).toContain('counter--warn');
    await note.fill('n'.repeat(999));
    await note.press('End');
    await note.pressSequentially('nnn');
    expect((await note.inputValue()).length).toBe(1000);
    await d.getByText('A note can be at most 1000 characters.').waitFor();

    // PDF: type and size (docs/product.md, Limits).
    const picker = d.getByLabel('Attach a PDF (one file, up to 20 MB)');
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await d.getByText('File notes.txt is not a PDF.').waitFor();
    await picker.setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(20_971_521, 0x25),
    });
    await d.getByText('File scan.pdf is too large. Maximum allowed size is 20MB.').waitFor();

    // Dates: unparseable, and before 1800.
    const date = d.getByLabel('Date (yyyy-mm-dd)');
    await date.fill('someday');
    await date.press('Tab');
    await d.getByText('Date input not valid.').waitFor();
    await date.fill('2030-01-02');
    await date.press('Tab');
    await d.getByText('Date input not valid.').waitFor({ state: 'detached' });
    await date.fill('1799-12-31');
    await date.press('Tab');
    await d.getByText('Date input not valid.').waitFor();

    // A blank title is not saved.
    await title.fill('   ');
    await d.getByRole('button', { name: 'Create' }).click();
    await d.getByText('Please enter a title.').waitFor();
    await context.close();
  });

  it('an editor whose code cannot be fetched shows a calm Try again over the board, not a blank page', async () => {
    // No service worker: its precache would answer instead of the network the test cuts.
    const { context, page } = await signedInStudent(browser(), 'editor-chunk', {
      viewport: { width: 1280, height: 800 },
      name: 'Editor Student',
      serviceWorkers: 'block',
    });
    const editorChunk = /\/assets\/AssignmentEditor-[^/]*\.js$/;
    await context.route(editorChunk, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await column(page, 'New').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add Assignment' }).first().click();
    const note = page
      .getByRole('alert')
      .filter({ hasText: 'This part of Brainboard did not load' });
    await note.waitFor();
    // The board stays where it was.
    expect(await column(page, 'New').isVisible()).toBe(true);

    // Back online, Try again loads the page afresh and the editor opens.
    await context.unroute(editorChunk);
    await note.getByRole('button', { name: 'Try again' }).click();
    await note.waitFor({ state: 'detached' });
    await column(page, 'New').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add Assignment' }).first().click();
    await dialog(page).getByLabel('Title').waitFor();
    await context.close();
  });
});
