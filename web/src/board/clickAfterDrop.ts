/** A click this soon after a drop ends that drop: it does not open the card's editor. */
export const CLICK_AFTER_DROP_MS = 300;
