/**
 * A phone's screen: where the style sheets lay the app out for one narrow column (their
 * `@media (max-width: 640px)` rules, as in board/board.css) and the board shows one column at
 * a time, with the column switch.
 */
export const PHONE = '(max-width: 640px)';

/** Whether the page is on a phone's screen now (false where the browser cannot tell). */
export function onPhone(): boolean {
  return window.matchMedia?.(PHONE).matches ?? false;
}
