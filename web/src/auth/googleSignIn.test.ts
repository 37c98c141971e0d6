import { describe, expect, it, vi } from 'vitest';
import type { GrantAnswer } from '@brainboard/domain';
import {
  continueGoogleSignIn,
  SIGN_IN_FAILED,
  SIGN_IN_INCOMPLETE,
  type SignInSeams,
} from './googleSignIn.ts';

function seams(overrides: Partial<SignInSeams> = {}, pendingAtStart = false) {
  let pending = pendingAtStart;
  const s = {
    redirectResult: vi.fn(async () => null),
    currentUser: vi.fn(async () => null),
    startRedirect: vi.fn(async () => {}),
    requestGrant: vi.fn(async (): Promise<GrantAnswer> => ({ granted: true })),
    leaveTo: vi.fn(),
    goToDashboard: vi.fn(),
    pending: {
      get: () => pending,
      set: (v: boolean) => {
        pending = v;
      },
    },
    ...overrides,
  } satisfies SignInSeams;
  return { s, pending: () => pending };
}

vi.spyOn(console, 'error').mockImplementation(() => {});
vi.spyOn(console, 'warn').mockImplementation(() => {});

describe('continueGoogleSignIn', () => {
  it('goes to the identity provider when nobody is signed in yet', async () => {
    const { s, pending } = seams();
    await expect(continueGoogleSignIn(s)).resolves.toEqual({ kind: 'redirecting' });
    expect(s.startRedirect).toHaveBeenCalledOnce();
    expect(pending()).toBe(true);
    expect(s.goToDashboard).not.toHaveBeenCalled();
  });

  it('on return with a user and a working grant, lands on the dashboard', async () => {
    const { s, pending } = seams({ redirectResult: vi.fn(async () => ({ uid: 'u1' })) }, true);
    await expect(continueGoogleSignIn(s)).resolves.toEqual({ kind: 'signed-in' });
    expect(s.requestGrant).toHaveBeenCalledOnce();
    expect(s.goToDashboard).toHaveBeenCalledOnce();
    expect(s.startRedirect).not.toHaveBeenCalled();
    expect(pending()).toBe(false);
  });

  it('sends the browser to the consent page when the server holds no grant', async () => {
    const { s } = seams({
      redirectResult: vi.fn(async () => ({ uid: 'u1' })),
      requestGrant: vi.fn(async () => ({ granted: false, url: 'https://consent.example/x' })),
    });
    await expect(continueGoogleSignIn(s)).resolves.toEqual({ kind: 'granting' });
    expect(s.leaveTo).toHaveBeenCalledWith('https://consent.example/x');
    expect(s.goToDashboard).not.toHaveBeenCalled();
  });

  it('still signs in when the grant cannot be set up', async () => {
    const { s } = seams({
      currentUser: vi.fn(async () => ({ uid: 'u1' })),
      requestGrant: vi.fn(async () => {
        throw new Error('503');
      }),
    });
    await expect(continueGoogleSignIn(s)).resolves.toEqual({ kind: 'signed-in' });
    expect(s.goToDashboard).toHaveBeenCalledOnce();
  });

  it('does not loop when the provider came back without a user', async () => {
    const { s, pending } = seams({}, true);
    await expect(continueGoogleSignIn(s)).resolves.toEqual({
      kind: 'error',
      message: SIGN_IN_INCOMPLETE,
    });
    expect(s.startRedirect).not.toHaveBeenCalled();
    expect(pending()).toBe(false);
  });

  it('reports a refused sign-in with a message a person can act on', async () => {
    const { s } = seams({
      redirectResult: vi.fn(async () => {
        throw Object.assign(new Error('x'), { code: 'auth/internal-error' });
      }),
    });
    await expect(continueGoogleSignIn(s)).resolves.toEqual({
      kind: 'error',
      message: SIGN_IN_FAILED,
    });
  });
});
