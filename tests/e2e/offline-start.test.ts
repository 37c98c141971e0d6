import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { card } from '../support/board.ts';
import { acceptDialogs, browserAvailable, useBrowser } from '../support/browser.ts';
import { boardCopyKept, controlled } from '../support/offline.ts';
import { seed, signedInStudent, type ReadyStudent } from '../support/student.ts';

const WAITING = 'Saved on this device · will sync';
const CAUGHT_UP = 'Back online · caught up';
const OFFLINE = 'Offline · showing the copy on this device';
const LAPTOP = { width: 1280, height: 800 };

// The editor's step field and button (named "subtask" in the specification's words).
const NEW_STEP = /^New (subtask|step)$/;
const ADD_STEP = /^Add (subtask|step)$/;

/** Opens the card's editor, adds a step with the keyboard-free path (field, then its button). */
async function addStep(page: Page, title: string, step: string): Promise<void> {
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('heading', { name: 'Edit Assignment' }).waitFor();
  await editor.getByLabel(NEW_STEP).fill(step);
  await editor.getByRole('button', { name: ADD_STEP }).click();
  await editor.getByText(step, { exact: true }).waitFor();
  await editor.getByText(WAITING).waitFor();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await editor.waitFor({ state: 'detached' });
}

async function stepsOf(as: ReadyStudent['as'], id: string): Promise<string[]> {
  const res = await as<{ id: string; subtasks: { title: string }[] }[]>('GET', '/api/assignments');
  expect(res.status, res.text).toBe(200);
  const list = res.body as unknown as { id: string; subtasks: { title: string }[] }[];
  return list.find((a) => a.id === id)?.subtasks.map((s) => s.title) ?? [];
}

/**
 * `npm start` serves the built app with its service worker, as these suites' stack does
 * (scripts/start.ts, scripts/stack/web.ts): what a newcomer tries first works offline. A step
 * added with no connection is kept on the device, is still there after a reload, and reaches
 * the server when the connection returns; the code such a write needs is on the device
 * before the first one, even before a service worker controls the page.
 */
describe.runIf(browserAvailable('offline start browser test'))('a newcomer offline', () => {
  const browser = useBrowser();

  it('keeps a step added offline over a reload, then sends it when back online', async () => {
    const student = await signedInStudent(browser(), 'offline-step', { viewport: LAPTOP });
    const { context, page, as } = student;
    const alerts = acceptDialogs(page);
    const poster = await seed(as, { title: 'Biology poster' });
    await page.reload();
    await card(page, 'Biology poster').waitFor({ timeout: 20_000 });
    // The service worker keeps the app on the device (a reload offline needs it).
    await controlled(page);
    await boardCopyKept(page);

    await context.setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    await addStep(page, 'Biology poster', 'Print the photos');
    await card(page, 'Biology poster').getByText(WAITING).waitFor();
    expect(alerts).toEqual([]);

    await page.reload();
    await card(page, 'Biology poster').getByText(WAITING).waitFor({ timeout: 15_000 });
    expect(await card(page, 'Biology poster').getByText('0/1').count()).toBe(1);
    expect(await stepsOf(as, poster.id)).toEqual([]);

    await context.setOffline(false);
    await page.getByText(CAUGHT_UP).waitFor({ timeout: 20_000 });
    expect(await stepsOf(as, poster.id)).toEqual(['Print the photos']);
    expect(alerts).toEqual([]);
    await context.close();
  });

  it('has the code for an offline write once the board shows, with no service worker', async () => {
    const student = await signedInStudent(browser(), 'offline-nosw', {
      viewport: LAPTOP,
      serviceWorkers: 'block',
    });
    const { context, page, as } = student;
    const alerts = acceptDialogs(page);
    const essay = await seed(as, { title: 'History essay' });

    // The queue's code (and the IndexedDB store it uses) is fetched by the board by itself.
    const fetched = (name: string) =>
      page
        .waitForResponse((r) => new RegExp(`/${name}[-.][^/]*$`).test(new URL(r.url()).pathname))
        .then((r) => r.finished());
    const queueCode = Promise.all([fetched('boardQueue'), fetched('offlineQueue')]);
    await page.reload();
    await card(page, 'History essay').waitFor({ timeout: 20_000 });
    await queueCode;
    expect(await page.evaluate<boolean>('navigator.serviceWorker.controller === null')).toBe(true);

    await context.setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    await addStep(page, 'History essay', 'Find two sources');
    await card(page, 'History essay').getByText(WAITING).waitFor();
    expect(alerts).toEqual([]);

    await context.setOffline(false);
    await page.getByText(CAUGHT_UP).waitFor({ timeout: 20_000 });
    expect(await stepsOf(as, essay.id)).toEqual(['Find two sources']);
    expect(alerts).toEqual([]);
    await context.close();
  });
});
