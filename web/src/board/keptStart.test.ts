import { afterEach, describe, expect, it } from 'vitest';
import { CardLinks } from './cardLinks.ts';
import { keepPress, keptKey } from './keptStart.ts';

const card = document.createElement('li');

function press(init: PointerEventInit = {}): PointerEvent {
  const e = new PointerEvent('pointerdown', {
    bubbles: true,
    isPrimary: true,
    button: 0,
    buttons: 1,
    pointerType: 'mouse',
    pointerId: 1,
    clientX: 120,
    clientY: 340,
    ...init,
  });
  card.dispatchEvent(e);
  return e;
}

/** The pointerdowns the card hears from now on, as [x, y, type]. */
function heard(): [number, number, string][] {
  const got: [number, number, string][] = [];
  card.addEventListener('pointerdown', (e) => got.push([e.clientX, e.clientY, e.pointerType]));
  return got;
}

afterEach(() => card.remove());

describe('keepPress', () => {
  it('sends a held press again where it was made, once the card can lift', () => {
    document.body.append(card);
    const links = new CardLinks();
    keepPress('a', press({ pointerType: 'pen' }), links);
    const got = heard();
    links.take('a')?.replay();
    expect(got).toEqual([[120, 340, 'pen']]);
    expect(links.take('a')).toBeNull();
  });

  it('drops a press released before the card could lift', () => {
    document.body.append(card);
    const links = new CardLinks();
    keepPress('a', press(), links);
    window.dispatchEvent(new PointerEvent('pointerup'));
    expect(links.take('a')).toBeNull();
    // A later press, released by a cancel.
    keepPress('a', press(), links);
    window.dispatchEvent(new PointerEvent('pointercancel'));
    expect(links.take('a')).toBeNull();
  });

  it('keeps no press the drag sensors ignore: another button, a second pointer, a touch', () => {
    document.body.append(card);
    const links = new CardLinks();
    keepPress('a', press({ button: 2 }), links);
    keepPress('a', press({ isPrimary: false }), links);
    keepPress('a', press({ pointerType: 'touch' }), links);
    expect(links.take('a')).toBeNull();
  });

  it('sends nothing once the card has left the page', () => {
    document.body.append(card);
    const links = new CardLinks();
    keepPress('a', press(), links);
    const got = heard();
    card.remove();
    links.take('a')?.replay();
    expect(got).toEqual([]);
  });
});

describe('keptKey', () => {
  it('keeps Space and Enter, and sends the key again while its button has the focus', () => {
    const handle = document.createElement('button');
    document.body.append(handle);
    const heard: string[] = [];
    handle.addEventListener('keydown', (e) => heard.push(`${e.code}:${e.key}`));
    expect(keptKey('a', { code: 'KeyA', key: 'a' }, handle)).toBeNull();
    const space = keptKey('a', { code: 'Space', key: ' ' }, handle)!;
    const enter = keptKey('a', { code: 'Enter', key: 'Enter' }, handle)!;
    space.replay();
    expect(heard).toEqual([]);
    handle.focus();
    space.replay();
    enter.replay();
    expect(heard).toEqual(['Space: ', 'Enter:Enter']);
    handle.remove();
  });
});
