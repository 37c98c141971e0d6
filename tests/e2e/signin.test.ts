import { describe, expect, inject, it } from 'vitest';
import { grantRef } from '../../functions/src/auth/grant.ts';
import { browserAvailable, openPage, useBrowser } from '../support/browser.ts';
import { admin } from '../support/firestore.ts';
import { signInWithGoogle } from '../support/signin.ts';

let counter = 0;
const madeUpEmail = () => `new-student-${Date.now()}-${++counter}@example.com`;
/** The chooser page's stylesheets come from the internet, which tests do not have. */
const offlineNoise = (p: string) => /Failed to load resource: net::ERR_FAILED/.test(p);

describe.runIf(browserAvailable('sign-in browser test'))('sign-in with Google', () => {
  const browser = useBrowser();

  it('sends a visitor without a user from /dashboard to /login', async () => {
    const page = await browser().newPage();
    await page.goto(`${inject('stack').web}/dashboard`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await page.close();
  });

  it('signs a new made-up account in through the emulator chooser, with the calendar grant', async () => {
    const { context, page, problems } = await openPage(browser());
    const email = madeUpEmail();
    await signInWithGoogle(page, { email, name: 'New Student' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // A Google account in Firebase Auth, with the name given in the chooser.
    const { auth, db } = admin();
    const user = await auth.getUserByEmail(email);
    expect(user.displayName).toBe('New Student');
    expect(user.providerData.map((p) => p.providerId)).toContain('google.com');
    // The offline grant was stored during sign-in, encrypted.
    const grant = await grantRef(db, user.uid).get();
    expect(grant.exists).toBe(true);
    expect(JSON.stringify(grant.data())).not.toContain('standin-refresh-');
    expect(grant.get('scope')).toContain('https://www.googleapis.com/auth/calendar.events');

    // Still signed in after a reload (the session lives in this browser).
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(problems.filter((p) => !offlineNoise(p))).toEqual([]);
    await context.close();
  });

  it('lets a returning student pick their existing account in the chooser', async () => {
    const email = madeUpEmail();
    const first = await browser().newContext();
    await signInWithGoogle(await first.newPage(), { email, name: 'Returning Student' });
    await first.close();
    const { auth } = admin();
    const uid = (await auth.getUserByEmail(email)).uid;

    const second = await browser().newContext();
    const page = await second.newPage();
    await signInWithGoogle(page, { email });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // The same account, not a second one with the same address.
    expect((await auth.getUserByEmail(email)).uid).toBe(uid);
    await second.close();
  });
});
