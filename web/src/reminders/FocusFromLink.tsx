import { useEffect } from 'react';
import { useFocusMode } from '../focus/focusContext.ts';

/** The query parameter a reminder's Start focus opens: `/dashboard?focus=<assignment id>`. */
const FOCUS_PARAM = 'focus';

/** Opens Focus Mode on the assignment a reminder named, then drops the parameter. */
export function FocusFromLink() {
  const { open } = useFocusMode();
  useEffect(() => {
    const url = new URL(window.location.href);
    const id = url.searchParams.get(FOCUS_PARAM);
    if (!id) return;
    url.searchParams.delete(FOCUS_PARAM);
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
    open(id);
  }, [open]);
  return null;
}
