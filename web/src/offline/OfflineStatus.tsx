import { useEffect, useState } from 'react';
import { useOnline } from './connection.ts';
import './offline.css';

export const OFFLINE_TEXT = 'Offline · showing the copy on this device';
export const CAUGHT_UP_TEXT = 'Back online · caught up';
/** How long the calm "caught up" line stays after the connection returns. */
const CAUGHT_UP_MS = 4000;

/**
 * A small status line: shown while the browser is offline, then briefly once it is back.
 * Polite live region, so a screen reader hears the change without losing its place.
 */
export function OfflineStatus() {
  const online = useOnline();
  const [justBack, setJustBack] = useState(false);

  useEffect(() => {
    let timer: number | undefined;
    const onOnline = () => {
      setJustBack(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setJustBack(false), CAUGHT_UP_MS);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearTimeout(timer);
    };
  }, []);

  const text = !online ? OFFLINE_TEXT : justBack ? CAUGHT_UP_TEXT : '';
  return (
    <p className="offline-status" role="status" aria-live="polite" hidden={!text}>
      {text}
    </p>
  );
}
