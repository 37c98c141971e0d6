import { makeAssignment } from '@brainboard/domain/testing';
import type { Assignment, Status } from '@brainboard/domain';
import type * as Sortable from '@dnd-kit/sortable';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Icons from '../ui/icons.tsx';
import { PHONE } from '../ui/phone.ts';

// Every card draws one grip: counting the grip's renders counts the cards React drew again.
// Beside it, a probe of what dnd-kit's provider holds as seen from inside the card.
const grips = vi.hoisted(() => ({ count: 0, targetsSeen: new Set<number>() }));
vi.mock('../ui/icons.tsx', async (importOriginal) => {
  const icons = await importOriginal<typeof Icons>();
  const { useDndContext } = await import('@dnd-kit/core');
  function ProviderProbe() {
    grips.targetsSeen.add(useDndContext().droppableContainers.size);
    return null;
  }
  return {
    ...icons,
    GripIcon: () => {
      grips.count += 1;
      return (
        <>
          <ProviderProbe />
          {icons.GripIcon()}
        </>
      );
    },
  };
});

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

const { KanbanBoard, FIRST_CARDS } = await import('./KanbanBoard.tsx');
// dnd-kit arrives after the board's first frame (boardDragChunk.ts); here it is there from the
// first render, as it is once the page has loaded.
const { BoardDragLayer } = await import('./boardDragChunk.ts');
await BoardDragLayer.preload();

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
  grips.targetsSeen.clear();
  hooked.clear();
});

describe('KanbanBoard, where dnd-kit is', () => {
  it("puts no card inside dnd-kit's provider: a change of the drag searches the hooks only", () => {
    render(<KanbanBoard assignments={cards} {...actions} />);
    // Beside the columns the provider holds the columns and cards as drop targets; inside a
    // card, dnd-kit's context is its empty default (cardLinks.ts says why).
    expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(30);
    expect([...grips.targetsSeen]).toEqual([0]);
  });
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

describe('KanbanBoard, cards far from the screen', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

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

describe('KanbanBoard, its first frame', () => {
  // Twenty cards in each column: more than the first frame draws.
  const long: Assignment[] = Array.from({ length: 60 }, (_, i) =>
    makeAssignment({ id: `l${i}`, title: `Long ${i}`, rank: i, status: statuses[i % 3] }),
  );

  /** Notes how many cards the page has when the commit that mounts it is done. */
  function CardsAtFirstCommit({ seen }: { seen: number[] }) {
    useLayoutEffect(() => {
      seen.push(document.querySelectorAll('[data-card-id]').length);
    }, [seen]);
    return null;
  }

  it('draws the first cards of each column, then all of them right after', () => {
    const seen: number[] = [];
    render(
      <>
        <KanbanBoard assignments={long} {...actions} />
        <CardsAtFirstCommit seen={seen} />
      </>,
    );
    expect(FIRST_CARDS).toBeLessThan(20);
    expect(seen).toEqual([3 * FIRST_CARDS]);
    // The rest followed as a transition, which act() let finish.
    expect(document.querySelectorAll('[data-card-id]')).toHaveLength(60);
    const column = document.querySelector('section[data-status="new"]');
    const titles = [...(column?.querySelectorAll('h3') ?? [])].map((h) => h.textContent);
    expect(titles.slice(0, 3)).toEqual(['Long 0', 'Long 3', 'Long 6']);
    expect(titles.at(-1)).toBe('Long 57');
    expect(screen.getByRole('heading', { name: 'New, 20 tasks' })).toBeTruthy();
  });

  describe('on a phone', () => {
    beforeEach(() => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === PHONE,
        addEventListener() {},
        removeEventListener() {},
      }));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('draws the columns without cards, then the top of the column shown, then all', () => {
      // The cards in the page, and those in the column shown, after each commit of the board.
      const seen: string[] = [];
      const note = () => {
        const all = document.querySelectorAll('[data-card-id]').length;
        const shown = document.querySelectorAll('section[data-status="new"] [data-card-id]').length;
        const empty = document.querySelector('.column__empty') ? ', one says it is empty' : '';
        const last = `${all} (${shown} shown)${empty}`;
        if (seen.at(-1) !== last) seen.push(last);
      };
      render(
        <Profiler id="board" onRender={note}>
          <KanbanBoard assignments={long} {...actions} />
        </Profiler>,
      );
      // Each step is a commit of its own: the first frame's task draws no card.
      expect(seen).toEqual([
        '0 (0 shown)',
        `${FIRST_CARDS} (${FIRST_CARDS} shown)`,
        '60 (20 shown)',
      ]);
      // Every column says how many it holds from the start, and none says it is empty.
      expect(screen.getByRole('heading', { name: 'New, 20 tasks' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Done, 20 tasks' })).toBeTruthy();
    });
  });
});
