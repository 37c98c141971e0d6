import type { UserProfile } from '@brainboard/domain';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
});
