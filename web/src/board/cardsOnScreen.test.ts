import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardsOnScreen } from './cardsOnScreen.ts';

/** A stand-in observer: the test says which cards intersect. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(readonly report: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(el: Element, isIntersecting: boolean) {
    this.report(
      [{ target: el, isIntersecting } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function board(ids: string[]): HTMLElement {
  const root = document.createElement('div');
  for (const id of ids) {
    const li = document.createElement('li');
    li.dataset.cardId = id;
    root.append(li);
  }
  return root;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CardsOnScreen', () => {
  it('knows the cards the observer reports on screen, until the drag stops', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const root = board(['a', 'b', 'c']);
    const cards = new CardsOnScreen();
    cards.watch(root);
    const observer = FakeObserver.last!;
    expect(observer.observed).toHaveLength(3);
    // Before the first report nothing counts as on screen.
    expect(cards.has('a')).toBe(false);
    observer.show(root.children[0]!, true);
    observer.show(root.children[1]!, true);
    observer.show(root.children[1]!, false);
    expect([cards.has('a'), cards.has('b'), cards.has('c')]).toEqual([true, false, false]);
    cards.stop();
    expect(observer.disconnected).toBe(true);
    expect(cards.has('a')).toBe(false);
  });

  it('lets every card slide where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const cards = new CardsOnScreen();
    cards.watch(board(['a']));
    expect(cards.has('a')).toBe(true);
  });
});
