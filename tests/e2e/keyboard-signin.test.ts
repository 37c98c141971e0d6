import { APP_VERSION } from '@brainboard/domain';
import { expect, it } from 'vitest';
import { realProblems } from '../support/browser.ts';
import {
  boardReady,
  describeKeyboard,
  dialog,
  saved,
  tabAndPress,
  tabTo,
} from '../support/keyboard.ts';

describeKeyboard('signing in by keyboard', (signedIn) => {
  it('signs in, accepts the privacy policy and terms, and closes the welcome', async () => {
    const s = await signedIn('kb-signin', false);
    const { page } = s;
    const privacy = page.getByRole('checkbox', { name: 'I accept the Privacy Policy' });
    const terms = page.getByRole('checkbox', { name: 'I accept the Terms of Service' });
    const accept = page.getByRole('button', { name: 'Accept' });
    await tabAndPress(page, privacy, 'Space');
    expect(await privacy.isChecked()).toBe(true);
    expect(await accept.isDisabled()).toBe(true);
    await tabAndPress(page, terms, 'Space');
    expect(await terms.isChecked()).toBe(true);
    await tabTo(page, accept);
    // A successful acceptance reloads the page (docs/product.md, Screens).
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);

    const welcome = dialog(page, 'Welcome to Brainboard!');
    await welcome.waitFor({ timeout: 20_000 });
    const later = welcome.getByRole('button', { name: 'Maybe later' });
    const closedPatch = saved(page, 'PATCH', `/api/user/${s.id}`);
    await tabAndPress(page, later);
    expect((await closedPatch).status()).toBe(200);
    await welcome.waitFor({ state: 'detached' });
    await boardReady(page);

    // The board is usable from here on by keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Add Assignment' }));
    const session = await s.as('GET', '/api/session');
    const user = (session.body as { user: Record<string, unknown> }).user;
    expect(user.privacy_accepted_at).toBeTruthy();
    expect(user.tos_accepted_at).toBeTruthy();
    expect(user.last_whats_new_version).toBe(APP_VERSION);
    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
