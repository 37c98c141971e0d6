import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardsNear } from './cardsNear.ts';

/** A stand-in observer: the test says which cards are near. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(
    readonly report: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  show(el: Element, isIntersecting: boolean) {
    this.report(
      [{ target: el, isIntersecting } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

/** A card's element with its two controls. */
function card(id: string): HTMLElement {
  const li = document.createElement('li');
  li.dataset.cardId = id;
  li.innerHTML = '<button>Edit</button><button>Move</button>';
  document.body.append(li);
  return li;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('CardsNear', () => {
  it('counts a card near once the observer says so, within a screen of margin', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = new CardsNear();
    const observer = FakeObserver.last!;
    expect(observer.options?.rootMargin).toBe('100% 0px');
    const a = card('a');
    const stop = near.observe(a);
    expect(observer.observed.has(a)).toBe(true);
    // Before the first report a card is still.
    expect(near.has('a')).toBe(false);
    const told = vi.fn();
    near.subscribe('a', told);
    observer.show(a, true);
    expect(near.has('a')).toBe(true);
    observer.show(a, true);
    expect(told).toHaveBeenCalledTimes(1);
    observer.show(a, false);
    expect(near.has('a')).toBe(false);
    expect(told).toHaveBeenCalledTimes(2);
    stop();
    expect(observer.observed.has(a)).toBe(false);
  });

  it('holds a card near, the lifted one, however far it is, until every hold is let go', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = new CardsNear();
    const told = vi.fn();
    near.subscribe('a', told);
    const first = near.hold('a');
    const second = near.hold('a');
    expect(near.has('a')).toBe(true);
    first();
    first();
    expect(near.has('a')).toBe(true);
    second();
    expect(near.has('a')).toBe(false);
    expect(told).toHaveBeenCalledTimes(2);
  });

  it('knows the lifted card, held near until it is dropped', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = new CardsNear();
    const drop = near.lift('a');
    expect([near.isLifted('a'), near.has('a'), near.isLifted('b')]).toEqual([true, true, false]);
    drop();
    expect([near.isLifted('a'), near.has('a')]).toEqual([false, false]);
  });

  it('holds a card while the focus is in it, and lets it go when the focus leaves', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = new CardsNear();
    const a = card('a');
    const b = card('b');
    const [edit, move] = a.querySelectorAll('button');
    near.focusIn(move!);
    expect(near.has('a')).toBe(true);
    // Within the card the hold stays.
    near.focusOut(move!, edit!);
    near.focusIn(edit!);
    expect(near.has('a')).toBe(true);
    // To another card: the hold moves with it.
    const other = b.querySelector('button')!;
    near.focusOut(edit!, other);
    near.focusIn(other);
    expect([near.has('a'), near.has('b')]).toEqual([false, true]);
    // Out of the board, or out of the page.
    near.focusOut(other, document.body);
    expect(near.has('b')).toBe(false);
    near.focusIn(other);
    near.focusOut(other, null);
    expect(near.has('b')).toBe(false);
  });

  it('counts a card the pointer is over near at once', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = new CardsNear();
    const told = vi.fn();
    near.subscribe('a', told);
    near.pointedAt('a');
    near.pointedAt('a');
    expect(near.has('a')).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    // The observer has the last word.
    const a = card('a');
    FakeObserver.last!.show(a, false);
    expect(near.has('a')).toBe(false);
  });

  it('counts every card near where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const near = new CardsNear();
    expect(near.has('anything')).toBe(true);
  });
});
