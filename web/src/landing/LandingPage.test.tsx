import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeSessionHint } from '../data/storage.ts';
import { at, renderInApp } from '../app/testHelpers.tsx';
import { LandingPage } from './LandingPage.tsx';

beforeEach(() => {
  localStorage.clear();
  at('/');
});

describe('LandingPage', () => {
  it('has the hero with the tagline, four feature sections and a closing call to action', () => {
    renderInApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Brainboard' })).toBeInTheDocument();
    expect(screen.getByText('Every brain is welcome')).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'See everything on one calm board',
      'AI help when you ask for it',
      'Deadlines you will not miss',
      'Easy on the eyes, day and night',
      'Ready when you are',
    ]);
    expect(screen.getAllByRole('link', { name: 'Get Started' })).toHaveLength(2);
  });

  it('sends a visitor to Google sign-in', () => {
    renderInApp(<LandingPage />);
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) {
      expect(link).toHaveAttribute('href', '/api/auth/google');
    }
  });

  it('sends a user signed in on this browser to the dashboard', () => {
    writeSessionHint('signed-in');
    renderInApp(<LandingPage />);
    for (const link of screen.getAllByRole('link', { name: 'Get Started' })) {
      expect(link).toHaveAttribute('href', '/dashboard');
    }
  });

  it('describes every image and opens it full size', async () => {
    renderInApp(<LandingPage />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(4);
    for (const image of images) expect(image.getAttribute('alt')?.length).toBeGreaterThan(30);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^View full size: .*AI Help chat/ }));
    const viewer = screen.getByRole('dialog', { name: 'AI help when you ask for it' });
    expect(within(viewer).getByRole('img')).toHaveAttribute(
      'alt',
      expect.stringContaining('AI Help chat'),
    );
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links to the legal pages', () => {
    renderInApp(<LandingPage />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
  });
});
