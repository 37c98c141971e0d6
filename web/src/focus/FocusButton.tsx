import { Icon } from '../ui/icons.tsx';
import { useFocusMode } from './focusContext.ts';
import { focusShortcutAria, focusShortcutLabel, isMacPlatform } from './platform.ts';
import './focusButton.css';

/**
 * The header's focus button (docs/product.md, Screens): "Focus", or "Locked" while focus mode is
 * open and its
 * gate is locked; shows the shortcut of this platform.
 */
export function FocusButton() {
  const focus = useFocusMode();
  const mac = isMacPlatform();
  const shortcut = focusShortcutLabel(mac);
  const locked = focus.isOpen && focus.gateLocked;
  return (
    <button
      type="button"
      className="button focus-button"
      onClick={() => focus.open()}
      disabled={locked}
      aria-keyshortcuts={focusShortcutAria(mac)}
      title={`Focus Mode (${shortcut})`}
    >
      <Icon name="target" />
      <span className="focus-button__label dashboard__label">{locked ? 'Locked' : 'Focus'}</span>
      {/* Screen readers get the shortcut from aria-keyshortcuts; the name stays "Focus". */}
      <kbd className="focus-button__shortcut" aria-hidden="true">
        {shortcut}
      </kbd>
    </button>
  );
}
