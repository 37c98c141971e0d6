import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser } from '../support/auth.ts';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { logOut } from '../support/board.ts';
import { signedInStudent } from '../support/student.ts';
import { signInWithGoogle } from '../support/signin.ts';

const SIGNED_OUT = 'You signed out on this device. Please sign in again.';

/** A second sign-in of the same account (another device): a new ID token and auth_time. */
async function signInAgain(email: string) {
  const { authEmulator } = inject('stack');
  const res = await fetch(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'test-password-1', returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken: string };
  return body.idToken;
}

const authTimeOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { auth_time: number })
    .auth_time;

describe('logout ends this device’s sign-in on the server', () => {
  it('refuses the old token afterwards while another device stays signed in', async () => {
    const deviceA = await createTestUser('logout');
    // auth_time has whole seconds: wait for a sign-in that is really a different one.
    let deviceB = '';
    await expect
      .poll(
        async () => {
          deviceB = await signInAgain(deviceA.email);
          return authTimeOf(deviceB) > authTimeOf(deviceA.idToken);
        },
        { timeout: 5_000, interval: 250 },
      )
      .toBe(true);

    const a = await sessionOf(deviceA);
    const out = await call('POST', '/api/auth/logout', {
      token: deviceA.idToken,
      csrf: a.csrf_token,
    });
    expect(out.status, out.text).toBe(200);

    const read = await call('GET', '/api/assignments', { token: deviceA.idToken });
    expect(read.status).toBe(401);
    expect(read.body).toEqual({ error: SIGNED_OUT });
    const session = await call('GET', '/api/session', { token: deviceA.idToken });
    expect(session.status).toBe(401);

    const b = await sessionOf({ ...deviceA, idToken: deviceB });
    const write = await call('POST', '/api/assignment', {
      token: deviceB,
      csrf: b.csrf_token,
      body: { title: 'Still signed in on the other device' },
    });
    expect(write.status, write.text).toBe(201);
    const writeA = await call('POST', '/api/assignment', {
      token: deviceA.idToken,
      csrf: b.csrf_token,
      body: { title: 'From the device that logged out' },
    });
    expect(writeA.status).toBe(401);
  });
});

/** Keys of this origin's storage that belong to a user (device settings are not). */
const perUserKeys = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    const keys = [];
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) keys.push(store.key(i));
    }
    return keys.filter((k) => /^brainboard\\.(cache|focusTimer|focusCache|session-hint)/.test(k));
  })()`);

describe.runIf(browserAvailable('logout browser test'))('logout in Chromium', () => {
  const browser = useBrowser();

  it('20 rounds of Logout then an immediate reload never show the board', async () => {
    const web = inject('stack').web;
    const { context, page, email } = await signedInStudent(browser(), 'logout-rounds');
    await page.goto(`${web}/dashboard`);
    for (let round = 1; round <= 20; round++) {
      if (round > 1) await signInWithGoogle(page, { email });
      await logOut(page);
      await page.reload();
      await page.getByText('Every brain is welcome').waitFor();
      expect(new URL(page.url()).pathname, `round ${round}`).toBe('/');
      expect(await perUserKeys(page), `round ${round}`).toEqual([]);
      // Signed out for real: the board's address sends us to sign in.
      await page.goto(`${web}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    }
    await context.close();
    // 20 sign-ins and logouts: about 95 s alone, more beside other suites on a 2-core machine.
  }, 240_000);
});
