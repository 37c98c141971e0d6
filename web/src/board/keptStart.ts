/**
 * The start of a drag made on a still card (cardsNear.ts), kept until dnd-kit's hook for the card
 * has handed it its handlers, and then sent again, as if made then.
 *
 * A card is still while the drag layer's chunk has not come (right after a load) and, later,
 * until its hook follows the card near the screen: the report of the page's observer, a render.
 * On a slow phone a press can come first: a touch sends its pointer and touch events all at
 * once, with no hover before it. Without this, the press would be lost, and a card held down
 * would never lift. A start is kept for one card at a time: only the last one counts.
 */
export interface KeptStart {
  /** The card it was made on. */
  id: string;
  /** Sends the start again if it still holds: its key's button has the focus, its press is down. */
  replay(): void;
}

/** The keys that lift a card from its Move button (dnd-kit's keyboard sensor's defaults). */
const LIFT_KEYS = new Set(['Space', 'Enter']);

/**
 * A key pressed on `handle`, the Move button of the still card `id`, as a start to keep, or null
 * when it is not a key that lifts a card. It holds while the button keeps the focus.
 */
export function keptKey(
  id: string,
  { code, key }: { code: string; key: string },
  handle: HTMLElement,
): KeptStart | null {
  if (!LIFT_KEYS.has(code)) return null;
  return {
    id,
    replay: () => {
      if (handle !== document.activeElement) return;
      handle.dispatchEvent(
        new KeyboardEvent('keydown', { code, key, bubbles: true, cancelable: true }),
      );
    },
  };
}

/** Where the start is kept: `keep` puts it in place of any other, `drop` takes it back. */
export interface StartKeeper {
  keep(start: KeptStart): void;
  drop(start: KeptStart): void;
}

/**
 * Keeps a press on the still card `id` (a mouse or pen's pointerdown, a touch's touchstart) with
 * `keeper` while it is held down: its release drops it. Presses the drag sensors ignore (not
 * the main button, a second finger) are not kept.
 */
export function keepPress(id: string, e: PointerEvent | TouchEvent, keeper: StartKeeper): void {
  const target = e.target;
  if (!(target instanceof Element)) return;
  const again = pressAgain(e);
  if (!again) return;
  const start: KeptStart = {
    id,
    replay: () => {
      if (target.isConnected) target.dispatchEvent(again());
    },
  };
  const ends =
    e.type === 'touchstart' ? ['touchend', 'touchcancel'] : ['pointerup', 'pointercancel'];
  const released = () => {
    keeper.drop(start);
    for (const type of ends) window.removeEventListener(type, released, true);
  };
  for (const type of ends) window.addEventListener(type, released, true);
  keeper.keep(start);
}

/** A new event like the press `e`, made on each call (an event is sent once), or null. */
function pressAgain(e: PointerEvent | TouchEvent): (() => Event) | null {
  const init = { bubbles: true, cancelable: true, composed: true };
  if (e.type === 'touchstart' && 'touches' in e) {
    // The touch sensor's own test: one finger.
    if (e.touches.length !== 1) return null;
    const touches = Array.from(e.touches);
    const targetTouches = Array.from(e.targetTouches);
    const changedTouches = Array.from(e.changedTouches);
    return () => new TouchEvent('touchstart', { ...init, touches, targetTouches, changedTouches });
  }
  if (!('pointerType' in e)) return null;
  // The mouse and pen sensor's own test (ui/dragSensors.ts); a touch is kept as a touchstart.
  if (!e.isPrimary || e.button !== 0 || e.pointerType === 'touch') return null;
  const { pointerId, pointerType, clientX, clientY, screenX, screenY, buttons, pressure } = e;
  return () =>
    new PointerEvent('pointerdown', {
      ...init,
      pointerId,
      pointerType,
      isPrimary: true,
      button: 0,
      buttons,
      pressure,
      clientX,
      clientY,
      screenX,
      screenY,
    });
}
