import type { Assignment } from '@brainboard/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAssignment } from '@brainboard/domain/testing';
import { api } from '../data/api.ts';
import { ResetOverdue } from './ResetOverdue.tsx';

vi.mock('../data/api.ts', () => ({ api: { patch: vi.fn(), post: vi.fn() } }));
const patch = vi.mocked(api.patch);
const post = vi.mocked(api.post);

const item = (id: string, title: string, due_date: string, status: Assignment['status'] = 'new') =>
  makeAssignment({ id, title, due_date, status });

// Monday 23 November 2026, 10:00 local time.
const now = new Date(2026, 10, 23, 10);
const items = [
  item('a', 'Lab report', '2026-11-20T09:00:00'),
  item('b', 'Reading log', '2026-11-22T14:30:00'),
  item('c', 'Old and done', '2026-11-01T09:00:00', 'done'),
  item('d', 'Later', '2026-11-30T09:00:00'),
];

function renderReset(list: readonly Assignment[] = items) {
  const onSaved = vi.fn();
  render(<ResetOverdue assignments={list} onSaved={onSaved} trackWrite={(w) => w} now={now} />);
  return { onSaved };
}

beforeEach(() => {
  post.mockReset();
  patch.mockReset();
  patch.mockImplementation(async (_path, body) => ({ item: body }) as never);
});

describe('ResetOverdue', () => {
  it('shows nothing when no card slipped past its time', () => {
    const { container } = render(
      <ResetOverdue assignments={[items[3]!]} onSaved={vi.fn()} trackWrite={(w) => w} now={now} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('offers one calm line, and moves every overdue card to tomorrow in one tap', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderReset();
    expect(screen.getByText("2 assignments slipped past their time. Let's reset.")).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const sheet = await screen.findByRole('dialog', { name: 'A fresh start' });
    // Friday 20 November seen on Monday 23 November: last Friday, not the coming one.
    expect(sheet).toHaveTextContent('Was due last Fri 9:00 AM');
    expect(sheet).toHaveTextContent('Was due yesterday 2:30 PM');
    expect(screen.getByRole('heading', { name: 'Both' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Both to tomorrow' }));
    // One field-level write per overdue card: the due date only, at the card's own time.
    expect(patch.mock.calls.map(([, body]) => body)).toEqual([
      { id: 'a', due_date: expect.stringMatching(/T09:00:00$/) },
      { id: 'b', due_date: expect.stringMatching(/T14:30:00$/) },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(2);
  });

  it('resets one card alone: drop its due date, or mark it done', async () => {
    const user = userEvent.setup();
    renderReset();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(await screen.findByRole('button', { name: 'No due date: Lab report' }));
    await user.click(screen.getByRole('button', { name: 'Mark done: Reading log' }));
    expect(patch.mock.calls.map(([, body]) => body)).toEqual([
      { id: 'a', due_date: '' },
      { id: 'b', status: 'done' },
    ]);
  });

  it('skips a repeating card to its next date through the skip route', async () => {
    const user = userEvent.setup();
    const weekly = {
      ...item('r', 'Weekly reading', '2026-11-13T17:00:00'),
      series_id: 'series-r',
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
    };
    const moved = { ...weekly, due_date: '2026-11-27T17:00:00', version: 2 };
    post.mockResolvedValue({ item: moved });
    const { onSaved } = renderReset([items[0]!, weekly]);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await screen.findByRole('dialog', { name: 'A fresh start' });
    // A card that does not repeat has nothing to skip to.
    expect(screen.queryByRole('button', { name: /^Skip to .*: Lab report$/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Skip to next Fri: Weekly reading' }));
    expect(post.mock.calls).toEqual([['/api/assignment/r/skip', { from: '2026-11-13T17:00:00' }]]);
    expect(patch).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith(moved);
  });

  it('offers one card just its own choices, with no "All" and no list', async () => {
    const user = userEvent.setup();
    renderReset([items[0]!, items[3]!]);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const sheet = await screen.findByRole('dialog', { name: 'A fresh start' });
    expect(sheet).not.toHaveTextContent(/All|Both/);
    expect(screen.queryByRole('list', { name: 'Cards to reset' })).toBeNull();
    expect(
      screen.getAllByRole('button').filter((b) => sheet.contains(b) && b.closest('.reset-card')),
    ).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Tomorrow: Lab report' }));
    expect(patch.mock.calls.map(([, body]) => body)).toEqual([
      { id: 'a', due_date: expect.stringMatching(/T09:00:00$/) },
    ]);
  });

  it('names three or more cards "All 3", and moves them all to a typed date', async () => {
    const user = userEvent.setup();
    renderReset([...items, item('e', 'Poster', '2026-11-02T08:00:00')]);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('heading', { name: 'All 3' })).toBeVisible();
    expect(await screen.findByRole('dialog', { name: 'A fresh start' })).toHaveTextContent(
      'Was due Nov 2, 8:00 AM',
    );
    const field = screen.getByLabelText('Or a date for all');
    expect(field).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    await user.type(field, '12/1/2026');
    await user.click(screen.getByRole('button', { name: 'Move all' }));
    expect(patch.mock.calls.map(([, body]) => (body as { due_date: string }).due_date)).toEqual([
      '2026-12-01T09:00:00',
      '2026-12-01T14:30:00',
      '2026-12-01T08:00:00',
    ]);
  });
});
