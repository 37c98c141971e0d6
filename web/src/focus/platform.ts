/** Keyboard and platform helpers for Focus Mode. */

interface NavigatorLike {
  platform?: string;
  userAgent?: string;
  userAgentData?: { platform?: string };
}

/** True on macOS and iOS, where the shortcut is Cmd+Shift+F. */
export function isMacPlatform(nav: NavigatorLike | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const platform = nav.userAgentData?.platform || nav.platform || nav.userAgent || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

export type FocusShortcutLabel = 'Cmd+Shift+F' | 'Ctrl+Shift+F';

export function focusShortcutLabel(mac = isMacPlatform()): FocusShortcutLabel {
  return mac ? 'Cmd+Shift+F' : 'Ctrl+Shift+F';
}

/** The aria-keyshortcuts value for the focus button. */
export function focusShortcutAria(mac = isMacPlatform()): string {
  return mac ? 'Meta+Shift+F' : 'Control+Shift+F';
}

type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** Ctrl+Shift+F, or Cmd+Shift+F (either works everywhere; the label names the usual one). */
export function isFocusShortcut(e: KeyLike): boolean {
  const isF = e.code === 'KeyF' || e.key.toLowerCase() === 'f';
  return isF && e.shiftKey && (e.ctrlKey || e.metaKey) && !e.altKey;
}

function asElement(target: EventTarget | null): HTMLElement | null {
  return target && typeof (target as HTMLElement).closest === 'function'
    ? (target as HTMLElement)
    : null;
}

/** Typing into a field: letters and Space belong to the field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = asElement(target);
  if (!el) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    type,
  );
}

/** A control where Space already means "press me" (buttons, checkboxes, links). */
export function isSpaceControl(target: EventTarget | null): boolean {
  const el = asElement(target);
  if (!el) return false;
  return (
    el.closest(
      'button, a[href], input, select, textarea, summary, [role="button"], [role="checkbox"], [role="switch"], [role="link"], [role="menuitem"], [role="tab"]',
    ) !== null
  );
}
