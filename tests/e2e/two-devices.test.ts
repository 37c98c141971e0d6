import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { card, column, titlesIn } from '../support/board.ts';
import { browserAvailable, openPage, useBrowser } from '../support/browser.ts';
import { signInWithGoogle } from '../support/signin.ts';
import { signedInStudent } from '../support/student.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const isUpdate = (r: Request) => r.url().endsWith('/api/assignment') && r.method() === 'PATCH';

describe.runIf(browserAvailable('two-devices browser test'))(
  'one student on a laptop and a phone',
  () => {
    const browser = useBrowser();

    it("keeps the phone's move and description when the laptop saves a title edit", async () => {
      const {
        context: laptopContext,
        page: laptop,
        problems: laptopProblems,
        email,
        as,
      } = await signedInStudent(browser(), 'two-devices', {
        viewport: { width: 1280, height: 800 },
      });
      const created = await as('POST', '/api/assignment', {
        title: 'Histroy essay',
        description: 'Original outline',
      });
      expect(created.status, created.text).toBe(201);
      const id = (created.body.item as { id: string }).id;
      await laptop.reload();
      await card(laptop, 'Histroy essay').waitFor({ timeout: 20_000 });

      // The laptop opens the editor and leaves it open.
      await card(laptop, 'Histroy essay').getByRole('heading').click();
      const editor = dialog(laptop);
      await editor.getByRole('heading', { name: 'Edit Assignment' }).waitFor();
      await editor.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      expect(await editor.getByLabel('Description').inputValue()).toBe('Original outline');

      // The phone, signed in as the same student, moves the card to Done and edits the text.
      const {
        context: phoneContext,
        page: phone,
        problems: phoneProblems,
      } = await openPage(browser(), {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await signInWithGoogle(phone, { email });
      await column(phone, 'New').waitFor({ timeout: 20_000 });
      await card(phone, 'Histroy essay').getByRole('heading').click();
      const phoneEditor = dialog(phone);
      await phoneEditor.getByRole('heading', { name: 'Edit Assignment' }).waitFor();
      await phoneEditor.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
      await phoneEditor.getByLabel('Description').fill('Outline plus three sources');
      await phoneEditor.getByLabel('Status').selectOption('done');
      const phoneSaved = phone.waitForResponse((r) => isUpdate(r.request()));
      await phoneEditor.getByRole('button', { name: 'Update' }).click();
      expect((await phoneSaved).status()).toBe(200);

      // The laptop's open form follows the fields its student has not touched.
      await expect
        .poll(() => editor.getByLabel('Description').inputValue(), { timeout: 10_000 })
        .toBe('Outline plus three sources');

      await editor.getByLabel('Title').fill('History essay');
      const laptopSaved = laptop.waitForResponse((r) => isUpdate(r.request()));
      await editor.getByRole('button', { name: 'Update' }).click();
      const answer = await laptopSaved;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({ id, title: 'History essay' });

      const stored = await as('GET', `/api/assignment/${id}`);
      expect(stored.body.item).toMatchObject({
        title: 'History essay',
        description: 'Outline plus three sources',
        status: 'done',
      });
      await expect.poll(() => titlesIn(laptop, 'Done')).toEqual(['History essay']);
      // A phone shows one column at a time: open Done with the column switch first.
      await phone
        .getByRole('group', { name: 'Columns' })
        .getByRole('button', { name: /^Done,/ })
        .click();
      await expect
        .poll(() => titlesIn(phone, 'Done'), { timeout: 10_000 })
        .toEqual(['History essay']);
      // The Auth emulator's chooser page asks for web fonts, which sign-in blocks on purpose.
      const real = (problems: string[]) =>
        problems.filter((p) => !/net::ERR_FAILED|Failed to load resource/.test(p));
      expect(real(laptopProblems)).toEqual([]);
      expect(real(phoneProblems)).toEqual([]);
      await laptopContext.close();
      await phoneContext.close();
    });
  },
);
