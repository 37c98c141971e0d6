/** The parts of a click a link looks at (a DOM MouseEvent or React's). */
interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * True for a plain primary click on a link, which the app follows itself; false for one the
 * browser should handle (a new tab or window, a download, or one already handled).
 */
export function isPlainClick(event: LinkClick): boolean {
  return !(
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}
