import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { card, column, logOut, titlesIn } from '../support/board.ts';
import { acceptDialogs, browserAvailable, openPage, useBrowser } from '../support/browser.ts';
import { pressAndHear } from '../support/dnd.ts';
import { boardCopyKept, controlled } from '../support/offline.ts';
import { signInWithGoogle } from '../support/signin.ts';
import { readyStudent, signedInStudent, type ReadyStudent } from '../support/student.ts';

const WAITING = 'Saved on this device · will sync';
const CAUGHT_UP = 'Back online · caught up';

interface Stored {
  id: string;
  title: string;
  description: string;
  status: string;
  subtasks: { id: string; title: string; completed: boolean }[];
  notes: { text: string }[];
}

/** The keys in the offline queue's IndexedDB store (one per student with writes waiting). */
const waitingKeys = (page: Page) =>
  page.evaluate<string[]>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('brainboard-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('writes')) { db.close(); resolve([]); return; }
      const keys = db.transaction('writes').objectStore('writes').getAllKeys();
      keys.onsuccess = () => { db.close(); resolve(keys.result.map(String)); };
      keys.onerror = () => reject(keys.error);
    };
  })`);

async function assignments(as: ReadyStudent['as']): Promise<Stored[]> {
  const res = await as<Stored[]>('GET', '/api/assignments');
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as Stored[];
}

const editor = (page: Page) => page.getByRole('dialog');

async function openEditor(page: Page, title: string) {
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  await editor(page).getByRole('heading', { name: 'Edit Assignment' }).waitFor();
}

/**
 * Changes made with no connection wait on this device (IndexedDB), stay on the board with a
 * quiet mark, survive a reload, and are sent once each when the connection returns; a change
 * the server refuses is named to the student; logout forgets them.
 */
describe.runIf(browserAvailable('offline queue browser test'))('changes made offline', () => {
  const browser = useBrowser();

  /**
   * A new student in a new laptop-sized browser (open until the browser closes), and every
   * alert the page shows, accepted at once.
   */
  async function laptop(prefix: string, options: BrowserContextOptions = {}) {
    const student = await signedInStudent(browser(), prefix, {
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    const { context, page } = student;
    return { context, page, alerts: acceptDialogs(page), student };
  }

  it('ticks, adds a note, moves and creates offline, keeps them over a reload, then sends them', async () => {
    const { context, page, alerts, student } = await laptop('offline-queue');
    const { as } = student;
    await as('POST', '/api/assignment', {
      title: 'Lab report',
      subtasks: [{ id: 'st-collect', title: 'Collect data', completed: false }],
    });
    await as('POST', '/api/assignment', { title: 'Poem analysis' });
    await page.reload();
    await controlled(page);
    await card(page, 'Poem analysis').waitFor({ timeout: 20_000 });
    await boardCopyKept(page);

    await context.setOffline(true);
    await page.getByText('Offline · showing the copy on this device').waitFor();

    // Tick a subtask and add a note in the editor.
    await openEditor(page, 'Lab report');
    const d = editor(page);
    await d.getByRole('checkbox', { name: 'Collect data' }).check();
    await d.getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
    await d.getByLabel('New note').fill('Ask about units');
    await d.getByRole('button', { name: 'Add note' }).click();
    await d.getByText('Ask about units').waitFor();
    expect(await d.getByRole('checkbox', { name: 'Collect data' }).isChecked()).toBe(true);
    await d.getByText(WAITING).waitFor();
    await d.getByRole('button', { name: 'Cancel' }).click();
    await d.waitFor({ state: 'detached' });
    await card(page, 'Lab report').getByText(WAITING).waitFor();
    expect(await card(page, 'Lab report').getByText('1/1').count()).toBe(1);

    // Move a card with the keyboard (its column and its place).
    const handle = page.getByRole('button', { name: 'Move Poem analysis' });
    await handle.focus();
    await pressAndHear(page, 'Space', 'Picked up Poem analysis.');
    await pressAndHear(page, 'ArrowRight', 'Poem analysis is now in In progress');
    await expect.poll(() => titlesIn(page, 'In progress')).toContain('Poem analysis');
    await pressAndHear(page, 'Space', 'Moved Poem analysis to In progress');
    await card(page, 'Poem analysis').getByText(WAITING).waitFor();

    // Create an assignment.
    await page.getByRole('button', { name: 'Add Assignment' }).click();
    await editor(page).getByRole('heading', { name: 'Add Assignment' }).waitFor();
    await editor(page).getByLabel('Title').fill('Flashcards made offline');
    await editor(page).getByRole('button', { name: 'Create' }).click();
    await editor(page).waitFor({ state: 'detached' });
    await card(page, 'Flashcards made offline').getByText(WAITING).waitFor();
    expect(alerts).toEqual([]);
    expect(await waitingKeys(page)).toEqual([`writes.${student.id}`]);

    // A warm start with no network: the board, with the waiting changes, from this device.
    const started = Date.now();
    await page.reload();
    await card(page, 'Flashcards made offline').getByText(WAITING).waitFor({ timeout: 15_000 });
    console.log(
      `Offline warm start with waiting changes: usable board after ${Date.now() - started} ms`,
    );
    expect(await titlesIn(page, 'In progress')).toEqual(['Poem analysis']);
    expect(await card(page, 'Lab report').getByText('1/1').count()).toBe(1);

    // Nothing reached the server meanwhile.
    const before = await assignments(as);
    expect(before.map((a) => a.title).sort()).toEqual(['Lab report', 'Poem analysis']);

    await context.setOffline(false);
    await page.getByText(CAUGHT_UP).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByText(WAITING).count()).toBe(0);
    expect(alerts).toEqual([]);
    expect(await waitingKeys(page)).toEqual([]);

    const after = await assignments(as);
    const byTitle = new Map(after.map((a) => [a.title, a]));
    expect(after.map((a) => a.title).sort()).toEqual([
      'Flashcards made offline',
      'Lab report',
      'Poem analysis',
    ]);
    expect(byTitle.get('Lab report')?.subtasks).toEqual([
      expect.objectContaining({ id: 'st-collect', completed: true }),
    ]);
    expect(byTitle.get('Lab report')?.notes.map((n) => n.text)).toEqual(['Ask about units']);
    expect(byTitle.get('Poem analysis')?.status).toBe('in progress');
    await expect.poll(() => titlesIn(page, 'In progress')).toEqual(['Poem analysis']);
  });

  it('keeps both devices’ edits to different fields of one card when one was offline', async () => {
    const { context, page, alerts, student } = await laptop('offline-two');
    const { as } = student;
    const created = await as<{ item: Stored }>('POST', '/api/assignment', {
      title: 'Histroy essay',
      description: 'Outline',
    });
    const id = created.body.item.id;
    await page.reload();
    await card(page, 'Histroy essay').waitFor({ timeout: 20_000 });

    // This device, offline, changes the title.
    const { page: phone } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await context.setOffline(true);
    await openEditor(page, 'Histroy essay');
    await editor(page).getByLabel('Title').fill('History essay');
    await editor(page).getByRole('button', { name: 'Update' }).click();
    await editor(page).waitFor({ state: 'detached' });
    await card(page, 'History essay').getByText(WAITING).waitFor();

    // The other device, online, changes the description meanwhile.
    await signInWithGoogle(phone, { email: student.email });
    await card(phone, 'Histroy essay').waitFor({ timeout: 20_000 });
    await openEditor(phone, 'Histroy essay');
    await editor(phone).getByRole('button', { name: 'Description, Status, Notes, Files' }).click();
    await editor(phone).getByLabel('Description').fill('Outline and sources');
    await editor(phone).getByRole('button', { name: 'Update' }).click();
    await editor(phone).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await assignments(as)).find((a) => a.id === id)?.description)
      .toBe('Outline and sources');

    await context.setOffline(false);
    await page.getByText(CAUGHT_UP).waitFor({ timeout: 20_000 });
    const stored = (await assignments(as)).find((a) => a.id === id);
    expect(stored).toMatchObject({ title: 'History essay', description: 'Outline and sources' });
    await card(page, 'History essay').getByText('Outline and sources').waitFor();
    expect(alerts).toEqual([]);
  });

  it('names a change the server refuses (the card was deleted on another device)', async () => {
    const { context, page, alerts, student } = await laptop('offline-refused');
    const { as } = student;
    const created = await as<{ item: Stored }>('POST', '/api/assignment', {
      title: 'Group project',
      subtasks: [{ id: 'st-slides', title: 'Slides', completed: false }],
    });
    await page.reload();
    await card(page, 'Group project').waitFor({ timeout: 20_000 });

    await context.setOffline(true);
    await openEditor(page, 'Group project');
    await editor(page).getByRole('checkbox', { name: 'Slides' }).check();
    await editor(page).getByRole('button', { name: 'Cancel' }).click();
    await card(page, 'Group project').getByText(WAITING).waitFor();

    // Another device deletes the card meanwhile.
    const deleted = await as('DELETE', '/api/assignment', { id: created.body.item.id });
    expect(deleted.status, deleted.text).toBe(200);

    await context.setOffline(false);
    await expect.poll(() => alerts.length, { timeout: 20_000 }).toBe(1);
    expect(alerts[0]).toBe(
      '“Group project” was deleted on another device, so the change you made to it offline was not saved. If you still need it, add it again.',
    );
    await page.getByText(CAUGHT_UP).waitFor({ timeout: 20_000 });
    await card(page, 'Group project').waitFor({ state: 'detached' });
    expect(await waitingKeys(page)).toEqual([]);
    expect(await assignments(as)).toEqual([]);
  });

  it('sends a create again after its answer was lost, and the server keeps one', async () => {
    // No service worker here, so the page's own routes see its requests.
    const { page, alerts, student } = await laptop('offline-lost', { serviceWorkers: 'block' });
    await page.reload();
    await column(page, 'New').waitFor({ timeout: 20_000 });

    // The first create reaches the server, but its answer is lost on the way back.
    let creates = 0;
    await page.route('**/api/assignment', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      creates += 1;
      if (creates > 1) return route.fallback();
      await route.fetch();
      return route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Add Assignment' }).click();
    await editor(page).getByLabel('Title').fill('Essay plan');
    await editor(page).getByRole('button', { name: 'Create' }).click();
    await editor(page).waitFor({ state: 'detached' });
    await card(page, 'Essay plan').waitFor();

    // Kept, and sent again at once (the browser is online): the same id, one assignment.
    await expect.poll(() => creates, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByText(WAITING).count(), { timeout: 20_000 }).toBe(0);
    const stored = await assignments(student.as);
    expect(stored.map((a) => a.title)).toEqual(['Essay plan']);
    expect(await page.locator('li[data-card-id]').count()).toBe(1);
    expect(alerts).toEqual([]);
  });

  it('forgets the waiting changes on logout, and the next student never sees them', async () => {
    // No service worker here, so the page's own routes see its requests: the assignment
    // writes fail as on a connection that drops them, while logout itself still reaches the
    // server (it must, to end the sign-in there).
    const { page, student } = await laptop('offline-logout', { serviceWorkers: 'block' });
    await student.as('POST', '/api/assignment', {
      title: 'Reading log',
      subtasks: [{ id: 'st-read', title: 'Read', completed: false }],
    });
    await page.reload();
    await card(page, 'Reading log').waitFor({ timeout: 20_000 });

    await page.route(/\/api\/assignment\//, (route) => route.abort('internetdisconnected'));
    await openEditor(page, 'Reading log');
    await editor(page).getByRole('checkbox', { name: 'Read' }).check();
    await editor(page).getByRole('button', { name: 'Cancel' }).click();
    await card(page, 'Reading log').getByText(WAITING).waitFor();
    expect(await waitingKeys(page)).toEqual([`writes.${student.id}`]);
    // The server never got it.
    expect((await assignments(student.as))[0]?.subtasks[0]?.completed).toBe(false);

    await logOut(page);
    expect(await waitingKeys(page)).toEqual([]);
    await page.unroute(/\/api\/assignment\//);

    // Another student on this browser: a board without the first one's change or its mark.
    const next = await readyStudent(page, 'offline-logout-next');
    await next.as('POST', '/api/assignment', { title: 'Another student’s card' });
    await page.reload();
    await card(page, 'Another student’s card').waitFor({ timeout: 20_000 });
    expect(await page.getByText(WAITING).count()).toBe(0);
    expect(await waitingKeys(page)).toEqual([]);
  });
});
