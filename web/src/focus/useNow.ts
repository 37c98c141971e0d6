import { useEffect, useState } from 'react';

/** The wall clock, refreshed every `everyMs` (for countdowns that change slowly). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
