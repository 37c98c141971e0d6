import { useEffect } from 'react';
import {
  AUTO_SCROLL_MAX_FRACTION,
  AUTO_SCROLL_MAX_PX,
  AUTO_SCROLL_START_FRACTION,
} from '@brainboard/domain';

/**
 * Auto-scroll while dragging with a pointer: it starts when the pointer is within 25 %
 * of an edge, speeds up to its maximum at 5 % from the edge and never moves more than 28 px per
 * step (one animation frame). dnd-kit's own auto-scroller cannot cap its speed (it grows past
 * its "acceleration" towards the edge), so the board turns it off and uses this one.
 *
 * Returns the signed step in px (negative: towards `start`) for a pointer at `pos` inside the
 * span [start, end]. The speed grows with the square of the depth into the zone, so it starts
 * gently.
 */
export function edgeScrollStep(pos: number, start: number, end: number): number {
  const size = end - start;
  if (!(size > 0)) return 0;
  const zone = size * AUTO_SCROLL_START_FRACTION;
  const full = size * AUTO_SCROLL_MAX_FRACTION;
  const speed = (distance: number) => {
    if (distance >= zone) return 0;
    const t = Math.min(1, Math.max(0, (zone - distance) / (zone - full)));
    return Math.max(1, Math.round(AUTO_SCROLL_MAX_PX * t * t));
  };
  const fromStart = pos - start;
  const fromEnd = end - pos;
  if (fromStart < fromEnd) {
    const s = speed(fromStart);
    return s === 0 ? 0 : -s;
  }
  return speed(fromEnd);
}

/**
 * While `active`, scrolls the page vertically and `horizontal()` (the columns' scroller, on
 * narrow screens) horizontally when the pointer nears an edge. Keyboard drags do not move the
 * pointer, so they never auto-scroll here (dnd-kit's keyboard sensor scrolls the card into view).
 */
export function useEdgeAutoScroll(active: boolean, horizontal: () => HTMLElement | null): void {
  useEffect(() => {
    if (!active) return;
    let pointer: { x: number; y: number } | null = null;
    let frame = 0;
    const onPointer = (e: PointerEvent) => {
      pointer = { x: e.clientX, y: e.clientY };
    };
    const onTouch = (e: TouchEvent) => {
      const t = e.touches[0];
      if (t) pointer = { x: t.clientX, y: t.clientY };
    };
    const step = () => {
      frame = requestAnimationFrame(step);
      if (!pointer) return;
      const dy = edgeScrollStep(pointer.y, 0, window.innerHeight);
      if (dy !== 0) window.scrollBy(0, dy);
      const el = horizontal();
      if (el && el.scrollWidth > el.clientWidth) {
        const r = el.getBoundingClientRect();
        if (pointer.y >= r.top && pointer.y <= r.bottom) {
          const dx = edgeScrollStep(pointer.x, r.left, r.right);
          if (dx !== 0) el.scrollBy(dx, 0);
        }
      }
    };
    window.addEventListener('pointermove', onPointer, { passive: true });
    window.addEventListener('touchmove', onTouch, { passive: true });
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onPointer);
      window.removeEventListener('touchmove', onTouch);
    };
  }, [active, horizontal]);
}
