/**
 * The N key opens "What now?": a plain n or N, not held down, without Ctrl, Alt or Cmd, and
 * not while typing in a field.
 */
export function isWhatNowKey(e: KeyboardEvent): boolean {
  if (e.key !== 'n' && e.key !== 'N') return false;
  if (e.ctrlKey || e.altKey || e.metaKey || e.repeat || e.isComposing) return false;
  const target = e.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return true;
  return !target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}
