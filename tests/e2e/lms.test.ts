import { describe, expect, inject, it } from 'vitest';
import { startOfUtcDay, utc } from '../../scripts/standins/lms-fixtures.ts';
import { card } from '../support/board.ts';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { signedInStudent } from '../support/student.ts';

const base = startOfUtcDay();

/** A Canvas-shaped feed; the essay is due at 23:59 UTC, `essayDays` days from today. */
function feed(essayDays: number): string {
  const ev = (id: number, title: string, when: string) => [
    'BEGIN:VEVENT',
    `DTSTART:${when}`,
    `DTEND:${when}`,
    `SUMMARY:${title}`,
    `URL;VALUE=URI:https://canvas.example.edu/calendar#assignment_${id}`,
    `UID:event-assignment-${id}`,
    'END:VEVENT',
  ];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:icalendar-ruby',
    'X-WR-CALNAME:Journey Student Calendar (Canvas)',
    ...ev(9101, 'Journey essay [ENG101-02]', utc(base, essayDays, 23, 59)),
    ...ev(9102, 'Journey problem set [MATH140]', utc(base, 6, 17, 0)),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe.runIf(browserAvailable('LMS import browser test'))('importing from school', () => {
  const browser = useBrowser();

  it('paste, preview, import, course tags, then Sync now shows the moved deadline', async () => {
    const url = `${inject('stack').lms}feeds/journey-${Date.now()}.ics`;
    const put = async (body: string) =>
      expect((await fetch(url, { method: 'PUT', body })).status).toBe(204);
    await put(feed(3));

    const { context, page, problems } = await signedInStudent(browser(), 'lms-journey', {
      timezoneId: 'UTC',
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Calendar feed link').fill(url);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const found = dialog.getByRole('list', { name: 'Deadlines found' });
    await found.waitFor({ timeout: 15_000 }).catch(async (err: unknown) => {
      throw new Error(`No preview; the dialog says: ${await dialog.innerText()}`, { cause: err });
    });
    await expect
      .poll(() => found.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringContaining('ENG101-02 Journey essay'),
        expect.stringContaining('MATH140 Journey problem set'),
      ]);
    await expect
      .poll(() => found.getByRole('listitem').first().textContent())
      .toContain('11:59 PM');
    // The school section's own Import (Settings also has the data import's, once it has loaded).
    await dialog
      .getByRole('region', { name: 'Import from your school' })
      .getByRole('button', { name: 'Import', exact: true })
      .click();
    const feeds = dialog.getByRole('list', { name: 'Your school calendars' });
    await feeds.getByText('Synced just now: 2 added').waitFor();
    await page.keyboard.press('Escape');

    const essay = card(page, 'Journey essay');
    await essay.waitFor();
    await expect.poll(() => essay.locator('.course-tag').textContent()).toBe('ENG101-02');
    await expect.poll(() => essay.textContent()).toContain('Canvas');
    await expect
      .poll(() => card(page, 'Journey problem set').locator('.course-tag').textContent())
      .toBe('MATH140');

    // The teacher moves the essay a day later; the student presses Sync now.
    await put(feed(4));
    const oldDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(base.getTime() + 3 * 86_400_000),
    );
    await page.getByRole('button', { name: 'Settings' }).click();
    await dialog.getByRole('button', { name: 'Sync now' }).click();
    await feeds.getByText('Synced just now: 1 updated').waitFor();
    await page.keyboard.press('Escape');
    await essay.getByText(`Moved from ${oldDay} 11:59 PM`).waitFor();
    // This machine's closed network fails outside loads (as in the other browser suites).
    expect(problems.filter((p) => !/net::ERR_FAILED|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  });
});
