import { describe, expect, it } from 'vitest';
import { CardLinks } from './cardLinks.ts';

describe('CardLinks, a key kept before a card can lift', () => {
  it('gives the kept key once, to its own card only', () => {
    const links = new CardLinks();
    const handle = new EventTarget();
    links.keepKey({ id: 'a', code: 'Space', key: ' ', handle });
    expect(links.takeKey('b')).toBeNull();
    expect(links.takeKey('a')).toEqual({ id: 'a', code: 'Space', key: ' ', handle });
    expect(links.takeKey('a')).toBeNull();
  });

  it('keeps only the last key: a card the student moved on from does not lift later', () => {
    const links = new CardLinks();
    links.keepKey({ id: 'a', code: 'Space', key: ' ', handle: new EventTarget() });
    links.keepKey({ id: 'b', code: 'Enter', key: 'Enter', handle: new EventTarget() });
    expect(links.takeKey('a')).toBeNull();
    expect(links.takeKey('b')?.code).toBe('Enter');
  });
});
