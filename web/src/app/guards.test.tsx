import { screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../data/api.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { Protected } from './Protected.tsx';
import { ChunkBoundary } from '../loading/ChunkBoundary.tsx';
import { readRememberedUid, readSessionHint, writeSessionHint } from '../data/storage.ts';
import { writeUserCache } from '../data/userCache.ts';
import { at, makeUser, renderInApp, withAuth } from './testHelpers.tsx';

vi.mock('../data/api.ts', () => ({
  api: { getSession: vi.fn(), clearSession: vi.fn(), get: vi.fn(), post: vi.fn() },
}));
// The protected area is Firebase-backed; here it is a marker.
vi.mock('./SignedInApp.tsx', () => ({
  default: () => <p>protected area</p>,
}));

const signedIn = { status: 'ready' as const, user: { uid: 'u1' } as unknown as User };

beforeEach(() => {
  localStorage.clear();
  vi.mocked(api.getSession).mockReset();
});

/**
 * Student u1 was last signed in here with both accepted, and this browser holds their profile;
 * the session request waits, so what shows comes from this browser's copy.
 */
function rememberStudent() {
  at('/dashboard');
  writeSessionHint('accepted', 'u1');
  writeUserCache('session', 'u1', makeUser());
  vi.mocked(api.getSession).mockReturnValue(new Promise(() => {}));
}

describe('the protected guard', () => {
  it('shows the board skeleton, not a blank page, while the user is unknown', () => {
    at('/dashboard');
    renderInApp(
      <Protected>
        <p>secret</p>
      </Protected>,
      { auth: { status: 'loading', user: undefined, remembered: null } },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading Brainboard…');
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('sends a visitor without a user to /login and forgets the public hint', async () => {
    at('/dashboard');
    writeSessionHint('accepted');
    renderInApp(
      <Protected>
        <p>secret</p>
      </Protected>,
      { auth: { status: 'ready', user: null } },
    );
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(readSessionHint()).toBeNull();
  });

  it('shows the page to a signed-in user and remembers that both were accepted', async () => {
    at('/dashboard');
    vi.mocked(api.getSession).mockResolvedValue(makeUser());
    renderInApp(
      <Protected>
        <p>secret</p>
      </Protected>,
      { auth: signedIn },
    );
    expect(screen.getByText('secret')).toBeInTheDocument();
    await waitFor(() => expect(readSessionHint()).toBe('accepted'));
    expect(readRememberedUid()).toBe('u1');
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('shows a remembered student their page before Auth answers, from the copy kept here', () => {
    rememberStudent();
    renderInApp(
      <Protected>
        <p>secret</p>
      </Protected>,
      { auth: { status: 'loading', user: undefined, remembered: readRememberedUid() } },
    );
    expect(screen.getByText('secret')).toBeInTheDocument();
  });

  it('leaves for /login when Auth then answers that nobody is signed in', async () => {
    rememberStudent();
    const page = (
      <Protected>
        <p>secret</p>
      </Protected>
    );
    const view = renderInApp(page, {
      auth: { status: 'loading', user: undefined, remembered: 'u1' },
    });
    expect(screen.getByText('secret')).toBeInTheDocument();
    view.rerender(withAuth(page, { status: 'ready', user: null }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(readRememberedUid()).toBeNull();
    expect(localStorage.getItem('brainboard.cache.session.u1')).toBeNull();
  });

  it('shows the calm "Try again" when Auth\'s code did not arrive and nobody is remembered', () => {
    at('/dashboard');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInApp(
      <ChunkBoundary>
        <Protected>
          <p>secret</p>
        </Protected>
      </ChunkBoundary>,
      { auth: { status: 'failed', user: undefined, remembered: null } },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This part of Brainboard did not load.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it("keeps a remembered student's page up when Auth's code did not arrive", () => {
    rememberStudent();
    renderInApp(
      <Protected>
        <p>secret</p>
      </Protected>,
      { auth: { status: 'failed', user: undefined, remembered: 'u1' } },
    );
    expect(screen.getByText('secret')).toBeInTheDocument();
  });

  it('remembers no one who has not accepted both', () => {
    writeSessionHint('signed-in', 'u1');
    expect(readRememberedUid()).toBeNull();
  });

  it('remembers a signed-in user who has not accepted yet as such', async () => {
    at('/dashboard');
    vi.mocked(api.getSession).mockResolvedValue(makeUser({ tos_accepted_at: null }));
    renderInApp(
      <Protected>
        <p>secret</p>
      </Protected>,
      { auth: signedIn },
    );
    await waitFor(() => expect(readSessionHint()).toBe('signed-in'));
  });
});

describe('the routes', () => {
  it('shows the landing page on / to a visitor', () => {
    at('/');
    renderInApp(<AppRoutes />);
    expect(screen.getByText('Every brain is welcome')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('redirects / to /dashboard for a user who accepted both', async () => {
    at('/');
    writeSessionHint('accepted');
    renderInApp(<AppRoutes />);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('protected area')).toBeInTheDocument();
    expect(screen.queryByText('Every brain is welcome')).not.toBeInTheDocument();
  });

  it('redirects /login to /dashboard for a user who accepted both', async () => {
    at('/login');
    writeSessionHint('accepted');
    renderInApp(<AppRoutes />);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('keeps a signed-in user who has not accepted yet on the landing page', () => {
    at('/');
    writeSessionHint('signed-in');
    renderInApp(<AppRoutes />);
    expect(screen.getByText('Every brain is welcome')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows the login page on /login to a visitor', async () => {
    at('/login');
    renderInApp(<AppRoutes />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/tos', 'Terms of Service'],
  ])('serves %s publicly, even with a signed-in hint', async (path, title) => {
    at(path);
    writeSessionHint('accepted');
    renderInApp(<AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
    expect(screen.queryByText('protected area')).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/anything/else'])('protects %s', async (path) => {
    at(path);
    renderInApp(<AppRoutes />);
    expect(await screen.findByText('protected area')).toBeInTheDocument();
  });
});
