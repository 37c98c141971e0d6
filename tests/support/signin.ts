import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export interface GoogleAccount {
  /** Any made-up address; an account with it is reused if the emulator already has one. */
  email: string;
  /** Display name for a new account. */
  name?: string;
}

/** What the Auth emulator's chooser page loads from the internet (unreachable in CI). */
const CHOOSER_ASSETS = /^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//;

/**
 * Signs in through the real UI, as a student would in the local stack: the
 * login page's "Sign in with Google" button, the Auth emulator's Google
 * account chooser ("Add new account", email and name, "Sign in with
 * Google.com", or the existing account with that email), the offline
 * calendar grant (the stand-in approves at once), and back to /dashboard.
 * Resolves once the app shows /dashboard signed in.
 */
export async function signInWithGoogle(page: Page, opts: GoogleAccount): Promise<void> {
  const { web } = inject('stack');
  await page.route(CHOOSER_ASSETS, (route) => route.abort());
  await page.goto(`${web}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  await page.waitForURL(/\/api\/auth\/google\/emulator/, { timeout: 20_000 });
  const existing = page.locator('.js-reuse-account', { hasText: opts.email });
  if ((await existing.count()) > 0) {
    await existing.first().click();
  } else {
    await page.locator('#add-account-button button').click();
    await page.locator('#email-input').fill(opts.email);
    if (opts.name) await page.locator('#display-name-input').fill(opts.name);
    await page.locator('#sign-in').click();
  }

  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 60_000 });
  // Signed in: the protected route did not send us back to /login.
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).pathname;
  if (landed !== '/dashboard') throw new Error(`Sign-in ended on ${landed}, not /dashboard.`);
}

/**
 * The offline calendar grant of sign-in, without a browser (API tests): asks
 * the server, follows the stand-in's consent page (it approves at once) and
 * the callback. Resolves once the server holds a grant for the user.
 */
export async function grantCalendarAccess(user: { idToken: string }, csrf: string): Promise<void> {
  const { api } = inject('stack');
  const headers = {
    authorization: `Bearer ${user.idToken}`,
    'x-csrf-token': csrf,
    'content-type': 'application/json',
  };
  const res = await fetch(`${api}/api/auth/google/grant`, { method: 'POST', headers, body: '{}' });
  const answer = (await res.json()) as { granted?: boolean; url?: string };
  if (!res.ok) throw new Error(`grant failed: ${res.status} ${JSON.stringify(answer)}`);
  if (answer.granted) return;
  if (!answer.url) throw new Error('grant answered without a consent URL');
  const consent = await fetch(answer.url, { redirect: 'manual' });
  const callback = consent.headers.get('location');
  if (consent.status !== 302 || !callback) throw new Error(`consent page: ${consent.status}`);
  const done = await fetch(callback, { redirect: 'manual' });
  if (done.status !== 302) throw new Error(`grant callback: ${done.status}`);
}
