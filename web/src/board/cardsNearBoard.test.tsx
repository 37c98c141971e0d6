import { makeAssignment } from '@brainboard/domain/testing';
import type { Assignment, Status } from '@brainboard/domain';
import type * as Sortable from '@dnd-kit/sortable';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Which cards dnd-kit's hook ran for.
const hooked = vi.hoisted(() => new Map<string, number>());
vi.mock('@dnd-kit/sortable', async (importOriginal) => {
  const sortable = await importOriginal<typeof Sortable>();
  return {
    ...sortable,
    useSortable: (args: Parameters<typeof Sortable.useSortable>[0]) => {
      hooked.set(String(args.id), (hooked.get(String(args.id)) ?? 0) + 1);
      return sortable.useSortable(args);
    },
  };
});

/** A stand-in observer: the test says which cards are near the screen. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(readonly report: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
}

/** Tells the board the cards `ids` are near the screen. */
function near(ids: string[]) {
  act(() => {
    for (const observer of FakeObserver.all) {
      const entries = [...observer.observed]
        .filter((el) => ids.includes((el as HTMLElement).dataset.cardId ?? ''))
        .map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length > 0) observer.report(entries, observer as unknown as IntersectionObserver);
    }
  });
}

const { KanbanBoard } = await import('./KanbanBoard.tsx');

const statuses: Status[] = ['new', 'in progress', 'done'];
const cards: Assignment[] = Array.from({ length: 30 }, (_, i) =>
  makeAssignment({ id: `a${i}`, title: `Card ${i}`, rank: i, status: statuses[i % 3] }),
);
const actions = {
  onMove: vi.fn(),
  onOpen: vi.fn(),
  onDelete: vi.fn(),
  onAdd: vi.fn(),
  onSort: vi.fn(),
  onDragActive: vi.fn(),
};

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  hooked.clear();
});

describe('KanbanBoard, cards far from the screen', () => {
  it('are drawn whole, with the Move button they always have, but no drag hook', () => {
    render(<KanbanBoard assignments={cards} {...actions} />);
    expect(hooked.size).toBe(0);
    const far = screen.getByRole('button', { name: 'Move Card 27' });
    expect(far.getAttribute('aria-roledescription')).toBe('sortable');
    expect(document.getElementById(far.getAttribute('aria-describedby') ?? '')).not.toBeNull();
    near(['a0', 'a1', 'a2']);
    expect([...hooked.keys()].sort()).toEqual(['a0', 'a1', 'a2']);
    // The same element, now with dnd-kit's attributes (the same words).
    const shown = screen.getByRole('button', { name: 'Move Card 0' });
    expect(shown.getAttribute('aria-describedby')).toBe(far.getAttribute('aria-describedby'));
  });

  it('take no part in a drag: its start and end run the hook of the near cards only', async () => {
    render(<KanbanBoard assignments={cards} {...actions} />);
    near(['a0', 'a1', 'a2', 'a3']);
    hooked.clear();
    const handle = screen.getByRole('button', { name: 'Move Card 0' });
    act(() => handle.focus());
    act(() => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    expect(actions.onDragActive).toHaveBeenLastCalledWith(true);
    // dnd-kit's keyboard sensor listens for the keys that end a drag from its next task on.
    await act(() => new Promise((next) => setTimeout(next, 0)));
    act(() => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'Escape', key: 'Escape' });
    });
    expect(actions.onDragActive).toHaveBeenLastCalledWith(false);
    expect([...hooked.keys()].sort()).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('come near when the focus goes into one, so its Move button starts a drag at once', () => {
    render(<KanbanBoard assignments={cards} {...actions} />);
    const far = screen.getByRole('button', { name: 'Move Card 27' });
    act(() => far.focus());
    expect([...hooked.keys()]).toEqual(['a27']);
    // The element kept its place and the focus.
    expect(document.activeElement).toBe(far);
    act(() => {
      fireEvent.keyDown(far, { code: 'Space', key: ' ' });
    });
    expect(actions.onDragActive).toHaveBeenLastCalledWith(true);
  });
});
