import type { Locator, Page } from 'playwright-core';

/** A board column by its name ("New", "In progress", "Done"). */
export const column = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name},`) });

/** The card titles of a column, top to bottom. */
export const titlesIn = (page: Page, name: string) =>
  column(page, name).locator('li[data-card-id] h3').allTextContents();

/** The card with this exact title. */
export const card = (page: Page, title: string) =>
  page.locator('li[data-card-id]', {
    has: page.getByRole('heading', { name: title, exact: true }),
  });

/** Logs out through Settings and waits for the landing page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The answer to the page's next `method` request to `path`. */
export const saved = (page: Page, method: string, path = '/api/assignment') =>
  page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === method);

/**
 * Opens "Add Assignment" with the mouse, types the title and picks the due date (its calendar
 * closed with Escape) and time, e.g. `['3', '45', 'PM']`. Resolves to the open dialog.
 */
export async function addWithDue(
  page: Page,
  title: string,
  date: string,
  [hour, minute, half]: [string, string, 'AM' | 'PM'],
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Assignment' }).click();
  const d = page.getByRole('dialog');
  await d.getByRole('heading', { name: 'Add Assignment' }).waitFor();
  await d.getByLabel('Title').fill(title);
  await d.getByLabel('Date (yyyy-mm-dd)').fill(date);
  await d.getByLabel('Date (yyyy-mm-dd)').press('Escape');
  await d.getByRole('combobox', { name: 'Hour' }).selectOption(hour);
  await d.getByRole('combobox', { name: 'Minute' }).selectOption(minute);
  await d.getByRole('combobox', { name: 'AM or PM' }).selectOption(half);
  return d;
}
