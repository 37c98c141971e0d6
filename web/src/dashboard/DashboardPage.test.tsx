import { APP_VERSION } from '@brainboard/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFocusModal } from '../focus/focusModalLoader.ts';
import { at, makeUser, renderInApp } from '../app/testHelpers.tsx';
import { DashboardPage } from './DashboardPage.tsx';

vi.mock('../data/api.ts', () => ({
  api: { get: vi.fn(async () => []), patch: vi.fn(async () => ({})), post: vi.fn() },
}));
// The board, showing what the dashboard gives it: requests to add, and the import offer.
vi.mock('../board/Board.tsx', () => ({
  Board: ({ addRequest, onImport }: { addRequest?: number; onImport?: () => void }) => (
    <div>
      <p>the board</p>
      <p>add requests: {addRequest ?? 0}</p>
      {onImport && (
        <button type="button" onClick={onImport}>
          Import deadlines
        </button>
      )}
    </div>
  ),
}));
vi.mock('../reminders/RemindersSettings.tsx', () => ({
  RemindersSettings: () => (
    <section aria-labelledby="r">
      <h3 id="r">Reminders</h3>
    </section>
  ),
}));
vi.mock('../lms/ImportFromSchool.tsx', () => ({
  ImportFromSchool: () => (
    <section aria-labelledby="s">
      <h3 id="s">Import from your school</h3>
    </section>
  ),
}));
vi.mock('../settings/DeviceSettings.tsx', () => ({ DeviceSettings: () => null }));
vi.mock('../reminders/FocusFromLink.tsx', () => ({ FocusFromLink: () => null }));
vi.mock('../data/AssignmentsProvider.tsx', () => ({
  AssignmentsProvider: ({ children }: { children: ReactNode }) => <>{children}</>,
}));
vi.mock('../focus/FocusProvider.tsx', () => ({
  FocusProvider: ({ children }: { children: ReactNode }) => (
    <div data-testid="focus-provider">{children}</div>
  ),
}));
vi.mock('../whatnow/WhatNow.tsx', () => ({
  WhatNowButton: () => <button type="button">What now?</button>,
}));
vi.mock('../focus/FocusButton.tsx', () => ({
  FocusButton: () => <button type="button">Focus</button>,
}));

beforeEach(() => {
  localStorage.clear();
  at('/dashboard');
});

const current = { last_used_version: APP_VERSION, last_whats_new_version: APP_VERSION };
const newAccount = { last_used_version: null, last_whats_new_version: null };

// Focus Mode's view loads lazily in the app; here it is ready before the first render.
beforeAll(async () => {
  await loadFocusModal();
});

describe('DashboardPage', () => {
  it('shows the header and the consent screen instead of the board until both are accepted', async () => {
    renderInApp(<DashboardPage />, {
      session: { user: makeUser({ privacy_accepted_at: null, ...current }) },
    });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Brainboard' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /Dark Mode|Light Mode/ })).toBeVisible();
    // The consent screen is loaded when it is needed.
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.queryByText('the board')).not.toBeInTheDocument();
    expect(screen.queryByTestId('focus-provider')).not.toBeInTheDocument();
  });

  it('shows the board inside Focus Mode, with the focus button, once both are accepted', () => {
    renderInApp(<DashboardPage />, { session: { user: makeUser(current) } });
    expect(screen.getByText('the board')).toBeInTheDocument();
    expect(screen.getByTestId('focus-provider')).toContainElement(screen.getByText('the board'));
    expect(screen.getByRole('button', { name: 'Focus' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What now?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it("opens What's New after an upgrade", async () => {
    renderInApp(<DashboardPage />, {
      session: { user: makeUser({ last_used_version: '0.1.0', last_whats_new_version: '0.1.0' }) },
    });
    // The dialog's code loads after the board (lazily).
    expect(await screen.findByRole('dialog', { name: "What's New!" })).toBeInTheDocument();
  });

  it('welcomes a new account; "Add an assignment" asks the board for the editor', async () => {
    renderInApp(<DashboardPage />, { session: { user: makeUser(newAccount) } });
    const welcome = await screen.findByRole('dialog', { name: 'Welcome to Brainboard!' });
    expect(screen.getByText('add requests: 0')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(welcome).getByRole('button', { name: /^Add an assignment/ }));
    expect(screen.getByText('add requests: 1')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Welcome to Brainboard!' })).toBeNull();
  });

  it.each([
    ['Import from your school', 'Import from your school'],
    ['Turn on reminders', 'Reminders'],
  ])('the welcome’s "%s" opens Settings at %s, focused', async (step, part) => {
    renderInApp(<DashboardPage />, { session: { user: makeUser(newAccount) } });
    const welcome = await screen.findByRole('dialog', { name: 'Welcome to Brainboard!' });
    await userEvent
      .setup()
      .click(within(welcome).getByRole('button', { name: new RegExp(`^${step}`) }));
    const settings = await screen.findByRole('dialog', { name: 'Settings' });
    const section = within(settings).getByRole('region', { name: part });
    expect(section).toHaveFocus();
  });

  it('lets the board offer the school import, opening Settings there', async () => {
    renderInApp(<DashboardPage />, { session: { user: makeUser(current) } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import deadlines' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(settings).getByRole('region', { name: 'Import from your school' })).toHaveFocus();
  });

  it('gives the board no import offer once it is closed for good', () => {
    renderInApp(<DashboardPage />, {
      session: { user: makeUser({ ...current, school_import_offer_closed: true }) },
    });
    expect(screen.getByText('the board')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import deadlines' })).toBeNull();
  });

  it('opens Settings from the header', async () => {
    renderInApp(<DashboardPage />, { session: { user: makeUser(current) } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it('renders neither consent nor board while the session loads', () => {
    renderInApp(<DashboardPage />, { session: { user: undefined } });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByText('the board')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeDisabled();
  });
});
