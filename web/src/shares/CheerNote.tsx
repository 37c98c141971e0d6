import type { Cheer } from '@brainboard/domain';
import { useEffect, useState } from 'react';
import { dismissCheer, listCheers } from './sharesApi.ts';
import './shares.css';

/** How often the board looks for new cheers while it is visible. */
const CHEER_POLL_MS = 20_000;

/**
 * A calm note on the board with the newest cheer a supporter sent ("Mum: Proud of you"), which
 * the student can put away. Nothing shows when there is none; nothing moves or flashes.
 */
export default function CheerNote() {
  const [cheers, setCheers] = useState<Cheer[]>([]);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const list = await listCheers();
          if (live) setCheers(list ?? []);
        } catch {
          // A cheer can wait for the next look.
        }
      }
      if (live) timer = setTimeout(() => void look(), CHEER_POLL_MS);
    };
    void look();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);

  const [newest] = cheers;
  if (!newest) return null;
  return (
    <aside className="cheer-note" aria-label="A cheer from your supporter">
      <p>
        <strong>{newest.from}:</strong> {newest.text}
      </p>
      <button
        type="button"
        className="button button--quiet"
        onClick={() => {
          setCheers((list) => list.slice(1));
          void dismissCheer(newest.id).catch(() => {});
        }}
      >
        Thanks
      </button>
    </aside>
  );
}
