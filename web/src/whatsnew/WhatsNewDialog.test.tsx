import { APP_VERSION } from '@brainboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderInApp } from '../app/testHelpers.tsx';
import { api } from '../data/api.ts';
import { WhatsNewDialog } from './WhatsNewDialog.tsx';

vi.mock('../data/api.ts', () => ({ api: { patch: vi.fn() } }));
const patch = vi.mocked(api.patch);

beforeEach(() => {
  patch.mockReset();
  patch.mockImplementation(async (_path: string, body: unknown) => ({ updated: body }));
});

const upgraded = makeUser({ last_used_version: '0.2.0', last_whats_new_version: '0.2.0' });
const newAccount = makeUser({ last_used_version: null, last_whats_new_version: null });
const onStep = vi.fn();
const closed = { last_whats_new_version: APP_VERSION, last_used_version: APP_VERSION };

function show(user = upgraded) {
  onStep.mockReset();
  return renderInApp(<WhatsNewDialog onStep={onStep} />, { session: { user } });
}

describe("What's New dialog", () => {
  it('opens after an upgrade with the newer features: title, intro, list and "Got it!"', () => {
    show();
    const dialog = screen.getByRole('dialog', { name: "What's New!" });
    expect(dialog).toHaveTextContent(`Brainboard ${APP_VERSION} is here.`);
    expect(dialog).toHaveTextContent('Reminders');
    expect(dialog).toHaveTextContent('Works offline');
    // 0.2.0 features were seen before.
    expect(dialog).not.toHaveTextContent('Enhanced Due Date Timing');
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    // Every icon is drawn, never an emoji.
    expect(dialog.querySelectorAll('.whatsnew__icon svg')).toHaveLength(7);
    expect(dialog.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(screen.getByRole('button', { name: 'Got it!' })).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('lists the releases since the one last seen, newest first', () => {
    show(makeUser({ last_used_version: '0.1.0', last_whats_new_version: '0.1.0' }));
    const titles = [...document.querySelectorAll('.whatsnew__title')].map((t) => t.textContent);
    expect(titles).toEqual([
      'Reminders',
      'Import from your school',
      'What now?',
      'Time estimates',
      'Reset overdue work',
      'Repeating assignments',
      'Works offline',
      'Focus Mode',
      'Enhanced Due Date Timing',
    ]);
  });

  it('welcomes a new account with three first steps instead of "since your last visit"', () => {
    show(newAccount);
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Brainboard!' });
    expect(dialog).not.toHaveTextContent('since your last visit');
    expect(screen.queryByRole('dialog', { name: "What's New!" })).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'First steps' })).getAllByRole('button');
    expect(steps.map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^Add an assignment/),
      expect.stringMatching(/^Import from your school/),
      expect.stringMatching(/^Turn on reminders/),
    ]);
    // Each step is one button: its title, then what it does.
    expect(screen.getByRole('button', { name: /^Import from your school/ })).toHaveAccessibleName(
      'Import from your school Bring in your deadlines from Canvas, Moodle, Blackboard or Google Classroom.',
    );
    expect(patch).not.toHaveBeenCalled();
  });

  it.each([
    ['Add an assignment', 'add'],
    ['Import from your school', 'import'],
    ['Turn on reminders', 'reminders'],
  ])('"%s" closes the welcome, saves both versions and takes that step', async (name, step) => {
    const { session } = show(newAccount);
    await userEvent.setup().click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onStep).toHaveBeenCalledExactlyOnceWith(step);
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/user/u1', closed));
    await waitFor(() => expect(session!.mergeUser).toHaveBeenCalledWith(closed));
  });

  it('"Maybe later" closes the welcome and saves both versions, taking no step', async () => {
    show(newAccount);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Maybe later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/user/u1', closed));
    expect(onStep).not.toHaveBeenCalled();
  });

  it('stays closed and changes nothing when everything is current', () => {
    show(makeUser({ last_used_version: APP_VERSION, last_whats_new_version: APP_VERSION }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('stays closed when already shown for this version, updating last_used_version silently', async () => {
    const { session } = show(
      makeUser({ last_used_version: '0.1.0', last_whats_new_version: APP_VERSION }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/user/u1', { last_used_version: APP_VERSION }),
    );
    expect(patch).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(session!.mergeUser).toHaveBeenCalledWith({ last_used_version: APP_VERSION }),
    );
  });

  it('"Got it!" closes it and saves both versions', async () => {
    const { session } = show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/user/u1', closed));
    await waitFor(() => expect(session!.mergeUser).toHaveBeenCalledWith(closed));
  });

  it('Escape closes it and saves both versions', async () => {
    show();
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/user/u1', closed));
    expect(patch).toHaveBeenCalledTimes(1);
  });

  it('a click on the overlay closes it and saves both versions', async () => {
    show();
    const overlay = document.querySelector('.modal-overlay');
    expect(overlay).not.toBeNull();
    // Radix starts listening for outside clicks one tick after opening.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await userEvent.setup().click(overlay!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
  });

  it('only logs a failed save, and stays closed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    patch.mockRejectedValue(new Error('offline'));
    show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it!' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
