/**
 * Which of the board's cards are on screen, known while a drag lasts.
 *
 * When the lifted card enters a column, dnd-kit slides every card of it whose place changed: it
 * reads each one's rectangle and computed style, then renders it again. On a long column most of
 * them are off screen, with nothing to show, and that work made the frame of the crossing the
 * longest of the drag (decision 0029). The board asks this first, and only cards on screen, or
 * close to it, slide.
 */
export class CardsOnScreen {
  private readonly ids = new Set<string>();
  private observer: IntersectionObserver | null = null;

  /** Starts watching the cards under `root` (their `data-card-id`); the first answer comes a frame later. */
  watch(root: Element | null): void {
    this.stop();
    if (!root || typeof IntersectionObserver === 'undefined') return;
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.cardId;
          if (!id) continue;
          if (entry.isIntersecting) this.ids.add(id);
          else this.ids.delete(id);
        }
      },
      { rootMargin: '200px 0px' },
    );
    for (const card of root.querySelectorAll('[data-card-id]')) this.observer.observe(card);
  }

  /** True for a card on screen; also true everywhere when the browser cannot tell. */
  has(id: string): boolean {
    return typeof IntersectionObserver === 'undefined' || this.ids.has(id);
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.ids.clear();
  }
}
