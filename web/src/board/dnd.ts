import { DROP_ANIMATION_MAX_MS, DROP_ANIMATION_MIN_MS } from '@brainboard/domain';
import { defaultDropAnimationSideEffects, type DropAnimation, type Modifier } from '@dnd-kit/core';

/** The drop animation lasts 0.33 to 0.55 s. */
const DROP_ANIMATION_MS = Math.round((DROP_ANIMATION_MIN_MS + DROP_ANIMATION_MAX_MS) / 2);

export const dropAnimation: DropAnimation = {
  duration: DROP_ANIMATION_MS,
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
  sideEffects: defaultDropAnimationSideEffects({ styles: { active: { opacity: '0.4' } } }),
};

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
