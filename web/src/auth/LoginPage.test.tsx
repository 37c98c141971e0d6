import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from '../router/router.tsx';
import { LoginPage } from './LoginPage.tsx';

describe('LoginPage', () => {
  it('has a sign-in button that takes the browser to the sign-in path under /api/auth/', async () => {
    const navigateTo = vi.fn();
    render(
      <Router>
        <LoginPage navigateTo={navigateTo} />
      </Router>,
    );
    // Sign in, and the theme toggle; the tagline and a way back to the start page.
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(screen.getByText('Every brain is welcome')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the start page/ })).toHaveAttribute(
      'href',
      '/',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(navigateTo).toHaveBeenCalledWith('/api/auth/google');
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to Google…');
  });
});
