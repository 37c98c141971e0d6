import { act, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { startTransition } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountApp } from './boot.tsx';
import { at } from './testHelpers.tsx';
import { PHONE } from '../ui/phone.ts';

// The test watches whether the first render is asked for as a transition; React's own
// startTransition still does the work.
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>();
  return { ...react, startTransition: vi.fn(react.startTransition) };
});

/** A screen as wide as a phone's (`phone`) or a laptop's, as matchMedia answers for it. */
function screenOf(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === PHONE,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(startTransition).mockClear();
  document.body.replaceChildren();
});

async function mountAtPrivacy(): Promise<HTMLElement> {
  at('/privacy');
  const root = document.body.appendChild(document.createElement('div'));
  root.textContent = 'skeleton';
  await act(() => mountApp(root, false));
  await waitFor(() => expect(root).toHaveTextContent(/Privacy/));
  return root;
}

describe('mountApp', () => {
  it('renders the first page as a transition on a phone (decision 0049)', async () => {
    screenOf(true);
    const root = await mountAtPrivacy();
    expect(startTransition).toHaveBeenCalledTimes(1);
    expect(root).not.toHaveTextContent('skeleton');
  });

  it('renders it at once on a wider screen (decision 0033)', async () => {
    screenOf(false);
    const root = await mountAtPrivacy();
    expect(startTransition).not.toHaveBeenCalled();
    expect(root).not.toHaveTextContent('skeleton');
  });
});
