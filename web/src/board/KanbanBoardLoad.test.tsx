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
  it('draws every card at once, and keeps the same elements when the drag code comes', async () => {
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

    // dnd-kit's hidden instructions appear: the drag layer is here.
    await waitFor(() => expect(document.getElementById('board-drag-help')).not.toBeNull());
    // Not one card was drawn anew: the same elements, in the same order.
    expect([...document.querySelectorAll('li[data-card-id]')]).toEqual(first);

    // And the Move button now starts a keyboard drag.
    const handle = screen.getByRole('button', { name: 'Move Card 0' });
    handle.focus();
    act(() => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    expect(onDragActive).toHaveBeenLastCalledWith(true);
  });
});
