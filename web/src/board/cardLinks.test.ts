import { describe, expect, it, vi } from 'vitest';
import { CardLinks } from './cardLinks.ts';
import type { KeptStart } from './keptStart.ts';

const start = (id: string): KeptStart => ({ id, replay: vi.fn() });

describe('CardLinks, a start kept before a card can lift', () => {
  it('gives the kept start once, to its own card only', () => {
    const links = new CardLinks();
    const a = start('a');
    links.keep(a);
    expect(links.take('b')).toBeNull();
    expect(links.take('a')).toBe(a);
    expect(links.take('a')).toBeNull();
  });

  it('keeps only the last start: a card the student moved on from does not lift later', () => {
    const links = new CardLinks();
    links.keep(start('a'));
    const b = start('b');
    links.keep(b);
    expect(links.take('a')).toBeNull();
    expect(links.take('b')).toBe(b);
  });

  it('drops a start released before the card could lift, and only that one', () => {
    const links = new CardLinks();
    const a = start('a');
    const b = start('b');
    links.keep(a);
    links.keep(b);
    links.drop(a);
    expect(links.take('b')).toBe(b);
    links.keep(a);
    links.drop(a);
    expect(links.take('a')).toBeNull();
  });
});
