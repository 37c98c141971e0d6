import { useFocusMode } from './focusContext.ts';

/** Placeholder header button until Focus Mode lands (issue 6). */
export function FocusButton() {
  const focus = useFocusMode();
  return (
    <button type="button" className="button" onClick={() => focus.open()}>
      Focus
    </button>
  );
}
