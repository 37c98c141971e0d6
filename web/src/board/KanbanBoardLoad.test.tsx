import { makeAssignment } from '@brainboard/domain/testing';
import type { Assignment, Status } from '@brainboard/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KanbanBoard } from './KanbanBoard.tsx';

// A file of its own: here dnd-kit's chunk has not loaded yet when the board first renders.

const statuses: Status[] = ['new', 'in progress', 'done'];
const cards: Assignment[] = Array.from({ length: 9 }, (_, i) =>
  makeAssignment({ id: `a${i}`, title: `Card ${i}`, rank: i, status: statuses[i % 3] }),
);

describe('KanbanBoard, before dnd-kit arrives', () => {
  it('draws every card at once, keeps the same elements when the drag code comes, and keeps the first key', async () => {
    const onDragActive = vi.fn();
    render(
      <KanbanBoard
        assignments={cards}
        onMove={vi.fn()}
        onOpen={vi.fn()}
        onDelete={vi.fn()}
        onAdd={vi.fn()}
        onDragActive={onDragActive}
      />,
    );
    // The first frame: the cards, each with its Move button, before dnd-kit's chunk is here.
    const first = [...document.querySelectorAll('li[data-card-id]')];
    expect(first).toHaveLength(9);
    expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(9);
    expect(document.getElementById('board-drag-help')).toBeNull();

    // A student presses Space on one Move button, then moves on and presses Enter on another,
    // all before dnd-kit has come: the first key is dropped (the focus left it), the last kept.
    const left = screen.getByRole('button', { name: 'Move Card 0' });
    left.focus();
    fireEvent.keyDown(left, { code: 'Space', key: ' ' });
    const kept = screen.getByRole('button', { name: 'Move Card 1' });
    kept.focus();
    const enter = fireEvent.keyDown(kept, { code: 'Enter', key: 'Enter' });
    // Its default (a click on the button) does not happen: the key is the drag's.
    expect(enter).toBe(false);
    expect(onDragActive).not.toHaveBeenCalled();

    // dnd-kit's hidden instructions appear: the drag layer is here.
    await waitFor(() => expect(document.getElementById('board-drag-help')).not.toBeNull());
    // Not one card was drawn anew: the same elements, in the same order.
    expect([...document.querySelectorAll('li[data-card-id]')]).toEqual(first);

    // The kept key lifted its card, and only it.
    await waitFor(() => expect(onDragActive).toHaveBeenLastCalledWith(true));
    expect(onDragActive).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(document.querySelector('[data-card-id="a1"]')?.className).toContain(
        'card--placeholder',
      ),
    );
    expect(document.querySelector('[data-card-id="a0"]')?.className).not.toContain(
      'card--placeholder',
    );

    // Escape puts it back; the Move button then starts a keyboard drag at once, as always.
    act(() => {
      fireEvent.keyDown(kept, { code: 'Escape', key: 'Escape' });
    });
    await waitFor(() => expect(onDragActive).toHaveBeenLastCalledWith(false));
    act(() => {
      fireEvent.keyDown(left, { code: 'Space', key: ' ' });
    });
    expect(onDragActive).toHaveBeenLastCalledWith(true);
  });
});
