import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useCallback, useSyncExternalStore } from 'react';
import type { KeptStart } from './keptStart.ts';

/**
 * The link between the board's elements and dnd-kit's hooks, which live in two separate trees.
 *
 * The columns and cards are drawn by the board; dnd-kit's provider and hooks are drawn beside
 * them, in the drag layer (DragLayer.tsx), not around them. When a drag starts, moves over a new
 * target or ends, dnd-kit's provider changes its value, and React then searches the provider's
 * whole subtree for the components that read it. Around the board that subtree was every fiber
 * of every card: on a board of 300 cards about 15 ms of a drop's 34 ms of rendering at 4× CPU.
 * Beside the board it holds only the hooks.
 *
 * Each card and each drop target gives this its elements; each hook gives it dnd-kit's element
 * setters and, after every render, what the card must show (its place, look and handlers). A
 * card reads that here, and renders again only when it changed.
 */

/** What a card's elements take from dnd-kit: its place, look and handlers during a drag. */
export interface CardDrag {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  /** The CSS transform (a string, so an unchanged place compares equal). */
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
}

/**
 * The id of dnd-kit's hidden instructions for the board (the DndContext's id): every Move button
 * points to it, a still card's too.
 */
export const BOARD_DRAG_HELP = 'board-drag-help';

/** A still card's: what `useSortable` gives a card at rest, with no handlers. */
export const STILL: CardDrag = {
  attributes: {
    role: 'button',
    tabIndex: 0,
    'aria-disabled': false,
    'aria-pressed': undefined,
    'aria-roledescription': 'sortable',
    'aria-describedby': BOARD_DRAG_HELP,
  },
  listeners: undefined,
  transform: undefined,
  transition: undefined,
  isDragging: false,
};

/** The lifted card's place, before its hook says so (CardsNear.lift). */
export const LIFTED_PLACE: CardDrag = { ...STILL, isDragging: true };

const sameDrag = (a: CardDrag, b: CardDrag): boolean =>
  a.attributes === b.attributes &&
  a.listeners === b.listeners &&
  a.transform === b.transform &&
  a.transition === b.transition &&
  a.isDragging === b.isDragging;

/** dnd-kit's element setters for one card (from `useSortable`). */
export interface CardSetters {
  setNodeRef(el: HTMLElement | null): void;
  setActivatorNodeRef(el: HTMLElement | null): void;
}

interface CardLink {
  item: HTMLElement | null;
  handle: HTMLElement | null;
  setters: CardSetters | null;
  drag: CardDrag;
  listeners: Set<() => void>;
}

interface TargetLink {
  el: HTMLElement | null;
  setNodeRef: ((el: HTMLElement | null) => void) | null;
  over: boolean;
  listeners: Set<() => void>;
}

export class CardLinks {
  private readonly cards = new Map<string, CardLink>();
  private readonly targets = new Map<string, TargetLink>();
  private kept: KeptStart | null = null;

  // The card's side (BoardCard).

  /** The card's element (its `li`), or null when it goes. */
  setItem(id: string, el: HTMLElement | null): void {
    const link = this.card(id);
    link.item = el;
    link.setters?.setNodeRef(el);
    if (!el) this.forget(id, link);
  }

  /** The card's Move button, or null when it goes. */
  setHandle(id: string, el: HTMLElement | null): void {
    const link = this.card(id);
    link.handle = el;
    link.setters?.setActivatorNodeRef(el);
    if (!el) this.forget(id, link);
  }

  /** What the card shows of a drag now (STILL when it has no hook). */
  dragOf(id: string): CardDrag {
    return this.cards.get(id)?.drag ?? STILL;
  }

  /** Calls `listener` when what the card `id` shows of a drag changes. */
  subscribe(id: string, listener: () => void): () => void {
    const link = this.card(id);
    link.listeners.add(listener);
    return () => {
      link.listeners.delete(listener);
      this.forget(id, link);
    };
  }

  /** Keeps a drag's start made on a still card, in place of any other (keptStart.ts). */
  keep(start: KeptStart): void {
    this.kept = start;
  }

  /** Drops the start kept, if it is still `start` (a press released before the card lifts). */
  drop(start: KeptStart): void {
    if (this.kept === start) this.kept = null;
  }

  /** The start kept for the card `id`, if it is the last one kept; it is then no longer kept. */
  take(id: string): KeptStart | null {
    const kept = this.kept;
    if (kept?.id !== id) return null;
    this.kept = null;
    return kept;
  }

  // The hook's side (CardDragHook).

  /** dnd-kit's setters for the card `id`, given its elements at once; returns the way to stop. */
  attach(id: string, setters: CardSetters): () => void {
    const link = this.card(id);
    link.setters = setters;
    setters.setNodeRef(link.item);
    setters.setActivatorNodeRef(link.handle);
    return () => {
      if (link.setters !== setters) return;
      link.setters = null;
      this.show(id, STILL);
      this.forget(id, link);
    };
  }

  /** What the card `id` must show now; the card renders again only when it changed. */
  show(id: string, next: CardDrag): void {
    const link = this.card(id);
    if (sameDrag(link.drag, next)) return;
    link.drag = next;
    for (const listener of link.listeners) listener();
  }

  // Drop targets: the columns, and the phone's column switch segments.

  /** The target's element (by its droppable id), or null when it goes. */
  setTarget(id: string, el: HTMLElement | null): void {
    const link = this.target(id);
    link.el = el;
    link.setNodeRef?.(el);
  }

  /** dnd-kit's setter for the target `id`, given its element at once; returns the way to stop. */
  attachTarget(id: string, setNodeRef: (el: HTMLElement | null) => void): () => void {
    const link = this.target(id);
    link.setNodeRef = setNodeRef;
    setNodeRef(link.el);
    return () => {
      if (link.setNodeRef !== setNodeRef) return;
      link.setNodeRef = null;
      this.setOver(id, false);
    };
  }

  /** Whether a dragged card is over the target `id`. */
  isOver(id: string): boolean {
    return this.targets.get(id)?.over ?? false;
  }

  setOver(id: string, over: boolean): void {
    const link = this.target(id);
    if (link.over === over) return;
    link.over = over;
    for (const listener of link.listeners) listener();
  }

  /** Calls `listener` when a dragged card comes over the target `id` or leaves it. */
  subscribeTarget(id: string, listener: () => void): () => void {
    const link = this.target(id);
    link.listeners.add(listener);
    return () => link.listeners.delete(listener);
  }

  private card(id: string): CardLink {
    let link = this.cards.get(id);
    if (!link) {
      link = { item: null, handle: null, setters: null, drag: STILL, listeners: new Set() };
      this.cards.set(id, link);
    }
    return link;
  }

  /** Drops a card's entry once nothing uses it (a card deleted from the board). */
  private forget(id: string, link: CardLink): void {
    if (
      link.listeners.size === 0 &&
      !link.setters &&
      !link.item &&
      !link.handle &&
      this.cards.get(id) === link
    ) {
      this.cards.delete(id);
    }
  }

  private target(id: string): TargetLink {
    let link = this.targets.get(id);
    if (!link) {
      link = { el: null, setNodeRef: null, over: false, listeners: new Set() };
      this.targets.set(id, link);
    }
    return link;
  }
}

/**
 * A place on the board to drop a card (a column, a column switch segment), by its droppable id:
 * the ref for its element, and whether a dragged card is over it now. The drag layer's
 * DropTarget measures it.
 */
export function useDropTarget(links: CardLinks, id: string) {
  const setNodeRef = useCallback(
    (el: HTMLElement | null) => {
      links.setTarget(id, el);
      return () => links.setTarget(id, null);
    },
    [links, id],
  );
  const subscribe = useCallback(
    (listener: () => void) => links.subscribeTarget(id, listener),
    [links, id],
  );
  const isOver = useSyncExternalStore(subscribe, () => links.isOver(id));
  return { setNodeRef, isOver };
}
