import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage.tsx';

describe('LoginPage', () => {
  it('has one button that takes the browser to the sign-in path under /api/auth/', async () => {
    const navigateTo = vi.fn();
    render(<LoginPage navigateTo={navigateTo} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(navigateTo).toHaveBeenCalledWith('/api/auth/google');
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to Google…');
  });
});
