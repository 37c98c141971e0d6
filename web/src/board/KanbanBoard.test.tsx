import { makeAssignment } from '@brainboard/domain/testing';
import type { Assignment, Status } from '@brainboard/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Icons from '../ui/icons.tsx';

// Every card draws one grip: counting the grip's renders counts the cards React drew again.
const grips = vi.hoisted(() => ({ count: 0 }));
vi.mock('../ui/icons.tsx', async (importOriginal) => {
  const icons = await importOriginal<typeof Icons>();
  return {
    ...icons,
    GripIcon: () => {
      grips.count += 1;
      return icons.GripIcon();
    },
  };
});

const { KanbanBoard } = await import('./KanbanBoard.tsx');

const statuses: Status[] = ['new', 'in progress', 'done'];
// Ten cards in each column.
const cards: Assignment[] = Array.from({ length: 30 }, (_, i) =>
  makeAssignment({
    id: `a${i}`,
    title: `Card ${i}`,
    rank: i,
    status: statuses[i % 3],
    ...(i % 3 === 2 ? { completed_date: '2026-11-17T10:00:00.000Z' } : {}),
  }),
);

const actions = {
  onMove: vi.fn(),
  onOpen: vi.fn(),
  onDelete: vi.fn(),
  onAdd: vi.fn(),
  onSort: vi.fn(),
  onDragActive: vi.fn(),
};

afterEach(() => {
  grips.count = 0;
});

describe('KanbanBoard, what it draws again', () => {
  it('draws no card again when the page around it renders (a dialog opening)', () => {
    const { rerender } = render(<KanbanBoard assignments={cards} {...actions} />);
    // Each card is drawn still, then once more as dnd-kit's hook hands it its handlers (here,
    // with no IntersectionObserver, every card is near the screen: cardsNear.ts).
    expect(grips.count).toBe(60);
    grips.count = 0;
    // The board's parent renders again with the same cards: the drag context must not change
    // (dnd-kit's sensors are memoised on their options object), so no card renders.
    rerender(<KanbanBoard assignments={cards} {...actions} />);
    rerender(<KanbanBoard assignments={cards} {...actions} />);
    expect(grips.count).toBe(0);
  });

  it('draws again only the lifted card when a drag starts and ends', async () => {
    render(<KanbanBoard assignments={cards} {...actions} />);
    grips.count = 0;
    const handle = screen.getByRole('button', { name: 'Move Card 0' });
    handle.focus();
    act(() => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    expect(actions.onDragActive).toHaveBeenLastCalledWith(true);
    // Every card's hook runs again (dnd-kit's context changed), but only the lifted card changes
    // (it becomes the placeholder): the others, nothing moved yet, keep their elements.
    expect(grips.count).toBe(1);
    grips.count = 0;
    // dnd-kit's keyboard sensor listens for the keys that end a drag from its next task on.
    await act(() => new Promise((next) => setTimeout(next, 0)));
    act(() => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'Escape', key: 'Escape' });
    });
    expect(actions.onDragActive).toHaveBeenLastCalledWith(false);
    expect(grips.count).toBe(1);
  });
});
