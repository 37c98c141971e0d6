import type { UserProfile } from '@brainboard/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../app/testHelpers.tsx';
import { readUserCache, writeUserCache } from '../data/userCache.ts';
import { SessionProvider } from './SessionProvider.tsx';
import { useSession } from './sessionContext.ts';

const fake = vi.hoisted(() => ({ getSession: vi.fn(), clearSession: vi.fn() }));
vi.mock('../data/api.ts', () => ({ api: fake }));

function Probe() {
  const { user, fresh } = useSession();
  return (
    <p>
      {user === undefined ? 'unknown' : user === null ? 'no session' : user.name}
      {fresh ? ' (fresh)' : ' (cached)'}
    </p>
  );
}

beforeEach(() => {
  localStorage.clear();
  fake.getSession.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('SessionProvider', () => {
  it("shows this browser's copy of the profile until the session answers", async () => {
    writeUserCache('session', 'u1', makeUser({ name: 'Kim (last time)' }));
    let answer: (u: UserProfile) => void = () => {};
    fake.getSession.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(
      <SessionProvider uid="u1">
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('Kim (last time) (cached)')).toBeInTheDocument();
    await act(async () => answer(makeUser({ name: 'Kim', csrf_token: 'secret' })));
    expect(screen.getByText('Kim (fresh)')).toBeInTheDocument();
    // The copy for next time, without the CSRF token.
    const copy = readUserCache<UserProfile>('session', 'u1');
    expect(copy?.name).toBe('Kim');
    expect(copy?.csrf_token).toBe('');
  });

  it('starts unknown without a copy, and another user never sees it', async () => {
    writeUserCache('session', 'u1', makeUser({ name: 'Kim' }));
    fake.getSession.mockReturnValue(new Promise(() => {}));
    render(
      <SessionProvider uid="u2">
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('unknown (cached)')).toBeInTheDocument();
  });

  it('has no user when the session fetch fails, even with a copy', async () => {
    writeUserCache('session', 'u1', makeUser({ name: 'Kim' }));
    fake.getSession.mockRejectedValue(new Error('offline'));
    render(
      <SessionProvider uid="u1">
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('no session (fresh)')).toBeInTheDocument();
  });

  /**
   * Opened offline, the page asks for the session and the ask waits; the connection returns and
   * the page asks again. The first ask then fails, for want of the connection it was sent
   * without: the board must not give way to "Could not load your session" (the browser test of
   * the offline queue met this when its first ask failed just after the connection returned).
   */
  describe('opened offline, when the connection returns', () => {
    function openOffline() {
      writeUserCache('session', 'u1', makeUser({ name: 'Kim' }));
      const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const asks: { resolve(u: UserProfile): void; reject(e: Error): void }[] = [];
      fake.getSession.mockImplementation(
        () => new Promise<UserProfile>((resolve, reject) => asks.push({ resolve, reject })),
      );
      render(
        <SessionProvider uid="u1">
          <Probe />
        </SessionProvider>,
      );
      return { online, asks };
    }

    it('keeps the copy when the ask sent offline fails after the page asked again', async () => {
      const { online, asks } = openOffline();
      online.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(asks).toHaveLength(2);
      await act(async () => asks[0]?.reject(new Error('Could not reach Brainboard.')));
      expect(screen.getByText('Kim (cached)')).toBeInTheDocument();
      await act(async () => asks[1]?.resolve(makeUser({ name: 'Kim Lee' })));
      expect(screen.getByText('Kim Lee (fresh)')).toBeInTheDocument();
    });

    it('keeps the copy when the ask sent offline fails before the page hears it is back', async () => {
      const { online, asks } = openOffline();
      online.mockReturnValue(true);
      await act(async () => asks[0]?.reject(new Error('Could not reach Brainboard.')));
      expect(screen.getByText('Kim (cached)')).toBeInTheDocument();
    });

    it('answers with no user when the ask sent online fails', async () => {
      const { online, asks } = openOffline();
      online.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await act(async () => asks[1]?.reject(new Error('Could not reach Brainboard.')));
      expect(screen.getByText('no session (fresh)')).toBeInTheDocument();
    });
  });
});
