/**
 * Which of the board's cards are near the screen: on it, or within one screen's height above or
 * below it. Only those take part in dragging (`useSortable`); the others are drawn as still
 * cards, the same elements without dnd-kit's hook (BoardCard.tsx).
 *
 * dnd-kit version 6 renders every `useSortable` again whenever a drag starts, crosses into a new
 * target or ends, and measures every registered card when one joins or leaves. On a board of
 * hundreds of cards that was most of the work of a drop and of a column crossing, for cards a
 * screen or more away that nobody can see or reach. A card comes near before it can be seen (the
 * margin is a whole screen), or as soon as the pointer is over it after a jump of the page; a
 * still card that gets the focus (Tab, a screen reader) is held near while the focus stays in
 * it, so its Move button works at once.
 *
 * Where the browser has no IntersectionObserver, every card is near, as before.
 */
export class CardsNear {
  private readonly near = new Set<string>();
  private readonly held = new Map<string, number>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly observer: IntersectionObserver | null;
  private focused: { id: string; release: () => void } | null = null;
  private lifted: string | null = null;

  constructor() {
    this.observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => this.report(entries), { rootMargin: '100% 0px' });
  }

  /** Whether the card `id` takes part in dragging now. */
  has(id: string): boolean {
    return this.observer === null || this.near.has(id) || this.held.has(id);
  }

  /** Watches a card's element (its `data-card-id`); returns the way to stop. */
  observe(el: Element): () => void {
    this.observer?.observe(el);
    return () => this.observer?.unobserve(el);
  }

  /** Calls `listener` when the card `id` comes near or goes away. */
  subscribe(id: string, listener: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  /**
   * Lifts the card `id` (a drag starts): held near until the returned function is called. A card
   * drawn in a new column during the drag is then drawn as the lifted card's place from its first
   * frame, before dnd-kit's hook tells it so, and dnd-kit measures it at its real size.
   */
  lift(id: string): () => void {
    const release = this.hold(id);
    this.lifted = id;
    return () => {
      if (this.lifted === id) this.lifted = null;
      release();
    };
  }

  /** Whether the card `id` is the one lifted. */
  isLifted(id: string): boolean {
    return this.lifted === id;
  }

  /**
   * The pointer is over the card `id`: it is on screen, near before the observer's next report
   * says so (a jump of the page, then a press at once).
   */
  pointedAt(id: string): void {
    if (this.has(id)) return;
    this.near.add(id);
    this.tell(id);
  }

  /**
   * Keeps the card `id` near, wherever it is, until the returned function is called (the card
   * that holds the focus, the lifted card). Holds nest.
   */
  hold(id: string): () => void {
    const was = this.has(id);
    this.held.set(id, (this.held.get(id) ?? 0) + 1);
    if (!was) this.tell(id);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(id) ?? 1) - 1;
      if (left > 0) this.held.set(id, left);
      else this.held.delete(id);
      if (!this.has(id)) this.tell(id);
    };
  }

  /**
   * The focus moved to `target`, on the board. When that is inside a card, the card is held
   * near while the focus stays in it, so its Move button starts a drag at once.
   */
  focusIn(target: Element): void {
    const id = target.closest<HTMLElement>('[data-card-id]')?.dataset.cardId;
    if (this.focused?.id === id) return;
    this.focused?.release();
    this.focused = id ? { id, release: this.hold(id) } : null;
  }

  /** The focus left `target` for `next` (null: out of the page). */
  focusOut(target: Element, next: Element | null): void {
    const card = target.closest('[data-card-id]');
    if (card && next && card.contains(next)) return;
    this.focused?.release();
    this.focused = null;
  }

  private report(entries: IntersectionObserverEntry[]): void {
    const changed = new Set<string>();
    for (const entry of entries) {
      const id = (entry.target as HTMLElement).dataset.cardId;
      if (!id) continue;
      const was = this.has(id);
      if (entry.isIntersecting) this.near.add(id);
      else this.near.delete(id);
      if (this.has(id) !== was) changed.add(id);
    }
    for (const id of changed) this.tell(id);
  }

  private tell(id: string): void {
    for (const listener of this.listeners.get(id) ?? []) listener();
  }
}
