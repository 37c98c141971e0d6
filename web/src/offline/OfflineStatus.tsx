import { useEffect, useRef, useState } from 'react';
import { useOnline } from './connection.ts';
import { useSending } from '../data/outbox/pending.ts';
import './offline.css';

export const OFFLINE_TEXT = 'Offline · showing the copy on this device';
export const SENDING_TEXT = 'Back online · saving the changes made on this device';
export const CAUGHT_UP_TEXT = 'Back online · caught up';
/** How long the calm "caught up" line stays after the connection returns. */
const CAUGHT_UP_MS = 4000;

/**
 * A small status line: shown while the browser is offline, while the changes kept on this
 * device are being sent, then briefly once everything has caught up. Polite live region, so a
 * screen reader hears the change without losing its place.
 */
export function OfflineStatus() {
  const online = useOnline();
  const sending = useSending();
  const [justBack, setJustBack] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const onOnline = () => setJustBack(true);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  // "Caught up" stays a few seconds from the moment nothing is left to send (also after
  // sending what waited at start-up).
  const [sent, setSent] = useState(false);
  if (sending && !sent) setSent(true);
  useEffect(() => {
    window.clearTimeout(timer.current);
    if ((justBack || sent) && !sending) {
      timer.current = window.setTimeout(() => {
        setJustBack(false);
        setSent(false);
      }, CAUGHT_UP_MS);
    }
    return () => window.clearTimeout(timer.current);
  }, [justBack, sent, sending]);

  const text = !online
    ? OFFLINE_TEXT
    : sending
      ? SENDING_TEXT
      : justBack || sent
        ? CAUGHT_UP_TEXT
        : '';
  return (
    <p className="offline-status" role="status" aria-live="polite" hidden={!text}>
      {text}
    </p>
  );
}
