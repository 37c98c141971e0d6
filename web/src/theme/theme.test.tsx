import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTheme, readThemePreference, setThemePreference, THEME_STORAGE_KEY } from './theme.ts';
import { ThemeToggle } from './ThemeToggle.tsx';

/** A controllable prefers-color-scheme (jsdom has no matchMedia). */
function fakeSystemTheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const mql = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, cb: (event: MediaQueryListEvent) => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: (event: MediaQueryListEvent) => void) =>
      listeners.delete(cb),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => mql),
  );
  return {
    set(next: 'light' | 'dark') {
      dark = next === 'dark';
      listeners.forEach((cb) => cb({ matches: dark } as MediaQueryListEvent));
    },
  };
}

const html = () => document.documentElement.dataset.theme;

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('defaults to the system setting', () => {
    fakeSystemTheme('dark');
    initTheme();
    expect(readThemePreference()).toBe('system');
    expect(html()).toBe('dark');
  });

  it('labels the toggle with the theme it switches to, and switches', async () => {
    fakeSystemTheme('light');
    initTheme();
    render(<ThemeToggle />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dark Mode' }));
    expect(html()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Light Mode' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Light Mode' }));
    expect(html()).toBe('light');
    expect(screen.getByRole('button', { name: 'Dark Mode' })).toBeInTheDocument();
  });

  it('remembers the choice in localStorage and applies it on the next visit', async () => {
    fakeSystemTheme('light');
    initTheme();
    render(<ThemeToggle />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dark Mode' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // Next visit: the OS is still light, the remembered choice wins.
    document.documentElement.removeAttribute('data-theme');
    initTheme();
    expect(html()).toBe('dark');
  });

  it('follows the operating system live in system mode', () => {
    const system = fakeSystemTheme('light');
    setThemePreference('system');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Dark Mode' })).toBeInTheDocument();
    act(() => system.set('dark'));
    expect(html()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Light Mode' })).toBeInTheDocument();
    act(() => system.set('light'));
    expect(html()).toBe('light');
    expect(screen.getByRole('button', { name: 'Dark Mode' })).toBeInTheDocument();
  });

  it('does not follow the operating system once light or dark was chosen', () => {
    const system = fakeSystemTheme('light');
    setThemePreference('light');
    render(<ThemeToggle />);
    act(() => system.set('dark'));
    expect(html()).toBe('light');
    expect(screen.getByRole('button', { name: 'Dark Mode' })).toBeInTheDocument();
  });
});
