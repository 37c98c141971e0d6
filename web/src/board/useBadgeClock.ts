import type { Assignment } from '@brainboard/domain';
import { useEffect, useState } from 'react';
import { useLearning, usePlannedStarts, useStudyHours } from '../whatnow/learningContext.ts';
import { nextBadgeChange } from './badgeClock.ts';

/**
 * A key that changes at the next moment a card's badges read differently (nextBadgeChange),
 * so the cards re-render then and not otherwise: one timer to that moment, set again after
 * it fires and whenever the cards change.
 */
export function useBadgeClock(cards: readonly Assignment[]): string {
  const learning = useLearning();
  const hours = useStudyHours();
  const planned = usePlannedStarts();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const next = nextBadgeChange(cards, new Date(), learning, hours, planned);
    if (!next) return;
    // A timer that fires early finds nothing changed yet and sets one for the rest.
    const id = window.setTimeout(() => setTick((t) => t + 1), next.getTime() - Date.now());
    return () => window.clearTimeout(id);
  }, [cards, learning, hours, planned, tick]);
  return String(tick);
}
