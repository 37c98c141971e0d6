import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Router } from './router.tsx';
import { useLocation, useNavigate } from './routerContext.ts';
import { at } from '../app/testHelpers.tsx';

function Where() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <main>
      <p>at {pathname}</p>
      <Link to="/tos">Terms</Link>
      <button type="button" onClick={() => navigate('/api/auth/google')}>
        Sign in
      </button>
    </main>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Router', () => {
  it('moves on a link click without a page load, and back with the Back button', async () => {
    at('/');
    render(
      <Router>
        <Where />
      </Router>,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Terms' }));
    expect(window.location.pathname).toBe('/tos');
    expect(screen.getByText('at /tos')).toBeInTheDocument();
    // Focus moves to the new page's main region, as after a page load.
    expect(document.querySelector('main')).toHaveFocus();

    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('loads server paths (sign-in) as a real page', async () => {
    at('/');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    render(
      <Router>
        <Where />
      </Router>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/api/auth/google');
  });
});
