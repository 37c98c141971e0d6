// The drag sensors the board and Plan share: the same gestures lift a card and a session.
import {
  PointerSensor,
  type PointerActivationConstraint,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';

/** A card or a session becomes a drag only after a 250 ms hold (5 px of wobble allowed). */
const HOLD_TO_DRAG: PointerActivationConstraint = { delay: 250, tolerance: 5 };

/**
 * The hold sensors' options, one object for the app's life. dnd-kit's `useSensor` memoises on
 * the options object: a new one on each render (an inline literal) gives the drag context a new
 * value, and every card on the board renders again, even when only a dialog opened.
 */
export const HOLD_OPTIONS = { activationConstraint: HOLD_TO_DRAG };

/** Mouse and pen; touch goes to the TouchSensor, so a swipe still scrolls the page. */
export class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (
        { nativeEvent: event }: ReactPointerEvent,
        { onActivation }: PointerSensorOptions,
      ) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}
