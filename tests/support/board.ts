import type { Page } from 'playwright-core';

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
