import { DROP_ANIMATION_MAX_MS, DROP_ANIMATION_MIN_MS } from '@brainboard/domain';
import type { Modifier } from '@dnd-kit/core';

/** The drop animation lasts 0.33 to 0.55 s. */
const DROP_ANIMATION_MS = Math.round((DROP_ANIMATION_MIN_MS + DROP_ANIMATION_MAX_MS) / 2);
const DROP_EASING = 'cubic-bezier(0.2, 0, 0, 1)';

/** The lifted card when it was let go: the centre of its box on screen, and its lift. */
export interface LetGoAt {
  x: number;
  y: number;
  /** Its computed transform about its centre (the lift's scale and tilt, `.card--overlay`). */
  transform: string;
  boxShadow: string;
}

/**
 * Reads the lifted card as it is let go. The page is still laid out as in the last frame, so
 * these reads cost nothing. The lift scales and tilts the card about its centre, which stays the
 * centre of its bounding box.
 */
export function letGoAt(overlay: Element | null): LetGoAt | null {
  const r = overlay?.getBoundingClientRect();
  if (!overlay || !r || r.width === 0) return null;
  const style = getComputedStyle(overlay);
  return {
    x: r.left + r.width / 2,
    y: r.top + r.height / 2,
    transform: style.transform === 'none' ? '' : style.transform,
    boxShadow: style.boxShadow,
  };
}

/**
 * The drop animation: the card, already in its new place, glides there from where the lifted
 * card was let go, losing its lift on the way. Called in the frame that first draws the drop,
 * where the browser lays the page out anyway. (dnd-kit's own drop animation reads the lifted
 * card's computed style inside the drop's render instead, which restyles the whole board there
 * and then: the most costly part of a drop on a long board; decision 0029.)
 */
export function landCard(card: HTMLElement | null, from: LetGoAt): Animation | null {
  const to = card?.getBoundingClientRect();
  if (!card || !to || to.width === 0) return null;
  const dx = from.x - (to.left + to.width / 2);
  const dy = from.y - (to.top + to.height / 2);
  return card.animate(
    [
      {
        transform: `translate(${dx}px, ${dy}px) ${from.transform}`.trim(),
        boxShadow: from.boxShadow,
        zIndex: 1,
      },
      { transform: 'none', zIndex: 1 },
    ],
    { duration: DROP_ANIMATION_MS, easing: DROP_EASING },
  );
}

/** Room kept between the lifted card and the phone's column switch (the lift tilts it a little). */
const CLEAR_OF_BAR_PX = 12;

/**
 * A DragOverlay modifier for phones: the lifted card stops above the column switch at the
 * bottom (`barTop()`, the bar's top edge, or null where there is no bar), so a finger carrying
 * it onto a column's tab sees that tab and its "drop here" mark instead of the card.
 */
export function aboveColumnSwitch(barTop: () => number | null): Modifier {
  return ({ transform, draggingNodeRect }) => {
    const top = barTop();
    if (top === null || !draggingNodeRect) return transform;
    const lowest = top - CLEAR_OF_BAR_PX - draggingNodeRect.bottom;
    return transform.y > lowest ? { ...transform, y: lowest } : transform;
  };
}
