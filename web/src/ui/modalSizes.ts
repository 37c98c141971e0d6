/** The smallest a resizable dialog may be dragged: the assignment editor and the AI review. */
export const MODAL_MIN_WIDTH_PX = 320;
export const MODAL_MIN_HEIGHT_PX = 300;
export const SUGGEST_MODAL_MIN_WIDTH_PX = 500;
export const SUGGEST_MODAL_MIN_HEIGHT_PX = 400;
