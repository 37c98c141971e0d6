import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { card, column } from '../support/board.ts';
import { browserAvailable, useBrowser, launchProfile } from '../support/browser.ts';
import { signedInStudent } from '../support/student.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = bytes.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The app is installable on a phone, and a returning student sees their board from
 * this browser's copy before the network answers.
 */
describe.runIf(browserAvailable('installable app browser test'))('installable app', () => {
  const browser = useBrowser();

  it('has a manifest with PNG icons of the declared sizes, and Chromium finds no installability error', async () => {
    const { web } = inject('stack');
    // A normal profile: Chromium never offers to install from an incognito window.
    const profile = await mkdtemp(join(tmpdir(), 'brainboard-pwa-'));
    const context = await launchProfile(profile, { viewport: { width: 390, height: 844 } });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${web}/`);
    await page.getByRole('main').first().waitFor();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await fetch(new URL(href ?? '', web));
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({
      name: 'Brainboard',
      short_name: 'Brainboard',
      start_url: '/dashboard',
      display: 'standalone',
    });

    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const image = await fetch(new URL(icon.src, web));
      expect(image.status, icon.src).toBe(200);
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await image.arrayBuffer())), icon.src).toEqual({
        width: w,
        height: h,
      });
    }

    // Chromium's own check, the one behind its install prompt (served under the app's CSP).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    expect(parsed.errors).toEqual([]);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });

  it("shows a returning student's board from the local copy while the API has not answered, and forgets it on logout", async () => {
    // Playwright's request routing (used below to hold the API back) does not see requests
    // that pass through a service worker, so this browser runs the app without one.
    // A laptop width: every column shows at once (a phone shows one column at a time).
    const { context, page, id, as } = await signedInStudent(browser(), 'returning', {
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    });
    await as('POST', '/api/assignment', { title: 'Lab report', status: 'in progress' });

    // First visit: the board as the server answers it.
    await page.reload();
    await card(page, 'Lab report').waitFor({ timeout: 30_000 });
    await expect
      .poll(() =>
        page.evaluate<string | null>(`localStorage.getItem('brainboard.cache.board.${id}')`),
      )
      .toContain('Lab report');

    // Next visit with the API silent: the session and the list are held back.
    const held: Route[] = [];
    const hold = (route: Route) => void held.push(route);
    await page.route(/\/api\/(session|assignments)(\?|$)/, hold);
    await page.reload();
    await card(page, 'Lab report').waitFor({ timeout: 15_000 });
    expect(await column(page, 'In progress').getByText('Lab report').isVisible()).toBe(true);
    // The board shows before Firebase Auth has loaded; the held requests follow, with the board
    // still drawn from the copy while they wait.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await column(page, 'In progress').getByText('Lab report').isVisible()).toBe(true);
    expect(await page.getByText('Loading your dashboard').count()).toBe(0);

    // The network answers: the board follows the server (the card moved meanwhile).
    const cards = (await as('GET', '/api/assignments')).body as unknown as { id: string }[];
    await as('PATCH', '/api/assignment', { id: cards[0]?.id, status: 'done' });
    await page.unroute(/\/api\/(session|assignments)(\?|$)/, hold);
    for (const route of held.splice(0)) await route.continue();
    await column(page, 'Done').getByText('Lab report').waitFor({ timeout: 30_000 });

    // Logout forgets this browser's copy of the board and the profile.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const left = await page.evaluate<string[]>(
      `Object.keys(localStorage).filter((k) => k.startsWith('brainboard.cache.'))`,
    );
    expect(left).toEqual([]);
    await context.close();
  });
});
