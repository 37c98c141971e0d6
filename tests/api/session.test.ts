import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { parseJavaMajor } from '../../scripts/stack/mode.ts';
import { call, sessionOf } from '../support/api.ts';
import { createTestUser, forgedToken } from '../support/auth.ts';

describe('GET /api/session', () => {
  it('answers 401 JSON without a token', async () => {
    const res = await call('GET', '/api/session');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'Please sign in to continue.' });
  });

  it('answers 401 JSON through the web origin too (the Vite proxy)', async () => {
    const res = await call('GET', '/api/session', { viaWeb: true });
    expect(res.status).toBe(401);
    expect(res.body).toHaveProperty('error');
  });

  it('answers 401 for a forged or malformed token', async () => {
    for (const token of [forgedToken(), 'not-a-jwt', 'a.b.c']) {
      const res = await call('GET', '/api/session', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'Your session has expired or is not valid. Please sign in again.',
      });
      expect(res.text).not.toMatch(/at .*\.js/);
    }
  });

  it('creates the profile on the first session with its default fields and a CSRF token', async () => {
    const user = await createTestUser();
    const res = await call<{ user: Record<string, unknown> }>('GET', '/api/session', {
      token: user.idToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: user.uid,
      email: user.email,
      ai_help_enabled: false,
      ai_deep_dive_enabled: false,
      privacy_accepted_at: null,
      tos_accepted_at: null,
      last_used_version: null,
      last_whats_new_version: null,
    });
    expect(res.body.user.csrf_token).toEqual(expect.stringMatching(/^[\w-]{32,}$/));
  });

  it('returns the same profile on later sessions instead of resetting it', async () => {
    const user = await createTestUser();
    const [a, b] = await Promise.all([sessionOf(user), sessionOf(user)]);
    expect(a.csrf_token).toBe(b.csrf_token);
    const later = await sessionOf(user);
    expect(later.csrf_token).toBe(a.csrf_token);
  });

  it('gives different users different CSRF tokens', async () => {
    const [a, b] = await Promise.all([createTestUser(), createTestUser()]);
    expect((await sessionOf(a)).csrf_token).not.toBe((await sessionOf(b)).csrf_token);
  });
});

describe('CSRF on state-changing routes (POST /api/auth/logout)', () => {
  it('answers 403 without X-CSRF-Token and with a wrong one, 200 with the right one', async () => {
    const user = await createTestUser();
    const { csrf_token } = await sessionOf(user);

    const missing = await call('POST', '/api/auth/logout', { token: user.idToken });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ error: 'Missing CSRF token. Reload the page and try again.' });

    const wrong = await call('POST', '/api/auth/logout', { token: user.idToken, csrf: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: 'Invalid CSRF token. Reload the page and try again.' });

    // Another user's token is just as wrong.
    const other = await createTestUser();
    const foreign = await call('POST', '/api/auth/logout', {
      token: user.idToken,
      csrf: (await sessionOf(other)).csrf_token,
    });
    expect(foreign.status).toBe(403);

    const ok = await call('POST', '/api/auth/logout', { token: user.idToken, csrf: csrf_token });
    expect(ok.status).toBe(200);
    // Logging out ends this sign-in: its ID token is refused from now on.
    const again = await call('POST', '/api/auth/logout', { token: user.idToken, csrf: csrf_token });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: 'You signed out on this device. Please sign in again.' });
  });

  it('checks authentication before CSRF', async () => {
    const res = await call('POST', '/api/auth/logout', { csrf: 'anything' });
    expect(res.status).toBe(401);
  });

  it('answers unknown endpoints with 404 JSON', async () => {
    const user = await createTestUser();
    const res = await call('GET', '/api/no-such-thing', { token: user.idToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'There is no such API endpoint.' });
  });
});

describe('mode selection', () => {
  it('runs in lite mode on a machine without Java 21, and the stack works', async () => {
    const { mode, modeReason } = inject('stack');
    let java: number | null = null;
    try {
      java = parseJavaMajor(
        execFileSync('java', ['-version'], { encoding: 'utf8', stdio: 'pipe' }),
      );
    } catch (err) {
      java = parseJavaMajor(String((err as { stderr?: string }).stderr ?? ''));
    }
    if (process.env.BRAINBOARD_MODE === 'full') {
      expect(mode).toBe('full');
      return;
    }
    if (java === null || java < 21) {
      expect(mode).toBe('lite');
      expect(modeReason).toMatch(/Java/);
    }
    // Whatever the mode, the API and its Firestore answer.
    const user = await createTestUser();
    expect((await sessionOf(user)).id).toBe(user.uid);
  });
});
