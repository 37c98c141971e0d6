import { APP_VERSION } from '@brainboard/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readGoogleConfig } from '../../functions/src/auth/config.ts';
import { loadGoogleGrant } from '../../functions/src/auth/grant.ts';
import { LOCAL_TOKEN_ENCRYPTION_KEY } from '../../scripts/stack/config.ts';
import type { CalendarEvent } from '../../scripts/standins/calendar-standin.ts';
import {
  acceptDialogs,
  browserAvailable,
  openPage,
  realProblems,
  useBrowser,
} from '../support/browser.ts';
import { admin } from '../support/firestore.ts';
import { signInWithGoogle } from '../support/signin.ts';

const ZONE = 'America/Chicago';
const SAVED = '✅ Assignment created/updated and saved to calendar successfully!';

async function eventsTitled(title: string): Promise<CalendarEvent[]> {
  const res = await fetch(`${inject('stack').calendar}__standin/events`);
  return ((await res.json()) as CalendarEvent[]).filter((e) => e.summary === title);
}

interface Student {
  context: BrowserContext;
  page: Page;
  uid: string;
  problems: string[];
  /** Every alert the app showed, in order (all dismissed). */
  alerts: string[];
}

/** A student signed in through the real UI (grant included), past consent and What's New. */
async function student(browser: Browser): Promise<Student> {
  const { context, page, problems } = await openPage(browser, {
    timezoneId: ZONE,
    viewport: { width: 1280, height: 900 },
  });
  const alerts = acceptDialogs(page);
  const email = `calendar-${Date.now()}@example.com`;
  await signInWithGoogle(page, { email, name: 'Calendar Student' });
  const { auth, db } = admin();
  const uid = (await auth.getUserByEmail(email)).uid;
  const now = new Date().toISOString();
  await db.doc(`users/${uid}`).update({
    privacy_accepted_at: now,
    tos_accepted_at: now,
    last_used_version: APP_VERSION,
    last_whats_new_version: APP_VERSION,
  });
  await page.reload();
  await page.getByRole('button', { name: 'Add Assignment' }).first().waitFor({ timeout: 20_000 });
  return { context, page, uid, problems, alerts };
}

async function waitForAlert(s: Student, count: number): Promise<string> {
  await expect
    .poll(() => s.alerts.length, { timeout: 10_000, message: `alert #${count}` })
    .toBeGreaterThanOrEqual(count);
  const alert = s.alerts[count - 1];
  if (alert === undefined) throw new Error(`No alert #${count}; got ${JSON.stringify(s.alerts)}`);
  return alert;
}

describe.runIf(browserAvailable('calendar browser test'))('Save to Google Calendar', () => {
  const browser = useBrowser();

  it('creates a timed event in the student zone, updates it on the next save, and explains a lost grant', async () => {
    const s = await student(browser());
    const { page } = s;
    const title = `History essay ${Date.now()}`;

    // Create with the box ticked.
    await page.getByRole('button', { name: 'Add Assignment' }).first().click();
    const editor = page.getByRole('dialog', { name: 'Add Assignment' });
    await editor.waitFor();
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Date (yyyy-mm-dd)').fill('2031-04-15');
    // Close the date picker's calendar (Escape would close the whole dialog).
    await editor.getByLabel('Title').click();
    await editor.getByLabel('Hour').selectOption({ label: '3' });
    await editor.getByLabel('Minute').selectOption({ label: '45' });
    await editor.getByLabel('AM or PM').selectOption('PM');
    await editor.getByRole('checkbox', { name: 'Save to Google Calendar' }).check();
    await editor.getByRole('button', { name: 'Create' }).click();

    expect(await waitForAlert(s, 1)).toBe(`${SAVED}\nThe event was added to your Google Calendar.`);
    const [event, ...more] = await eventsTitled(title);
    expect(more).toEqual([]);
    expect(event?.start.date).toBeUndefined();
    expect(event?.start.timeZone).toBe(ZONE);
    // 3:45 PM in Chicago (CDT, UTC-5) on 15 April.
    expect(Date.parse(event?.start.dateTime ?? '')).toBe(Date.parse('2031-04-15T20:45:00Z'));
    expect(Date.parse(event?.end.dateTime ?? '')).toBe(Date.parse('2031-04-15T21:45:00Z'));

    // Edit: move the due time; the same event moves.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Assignment' });
    await edit.waitFor();
    await edit.getByLabel('Hour').selectOption({ label: '5' });
    await edit.getByRole('checkbox', { name: 'Save to Google Calendar' }).check();
    await edit.getByRole('button', { name: 'Update' }).click();
    expect(await waitForAlert(s, 2)).toBe(
      `${SAVED}\nThe event in your Google Calendar was updated.`,
    );
    const moved = await eventsTitled(title);
    expect(moved).toHaveLength(1);
    expect(moved[0]?.id).toBe(event?.id);
    expect(Date.parse(moved[0]?.start.dateTime ?? '')).toBe(Date.parse('2031-04-15T22:45:00Z'));

    // The student removes Brainboard's access at Google: the save still works, the alert says why.
    const config = readGoogleConfig({ TOKEN_ENCRYPTION_KEY: LOCAL_TOKEN_ENCRYPTION_KEY });
    const grant = await loadGoogleGrant(admin().db, config, s.uid);
    await fetch(`${inject('stack').calendar}__standin/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: grant?.refreshToken }),
    });
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await edit.waitFor();
    await edit.getByLabel('Title').fill(`${title} (final)`);
    await edit.getByRole('checkbox', { name: 'Save to Google Calendar' }).check();
    await edit.getByRole('button', { name: 'Update' }).click();
    const lost = await waitForAlert(s, 3);
    expect(lost.startsWith('Assignment created/updated successfully!\n')).toBe(true);
    expect(lost).toContain('sign in again with Google to grant calendar access');
    await page.getByRole('button', { name: `Edit ${title} (final)` }).waitFor();

    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
