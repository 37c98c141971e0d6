import type { PlanSessionAnswer } from '@brainboard/domain';
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS } from './storage.ts';
import { readUserCache, writeUserCache } from './userCache.ts';

/**
 * The plan's sessions as this browser last read or saved them (Plan my week), so the board knows
 * at once which assignment is planned for now ("What now?") and when each one's first session
 * starts (a card's "Start by"), without asking the network. The server's own pick
 * (GET /api/what-now) reads the stored plan.
 */
type Kept = Pick<PlanSessionAnswer, 'assignment_id' | 'start' | 'end'>;

const listeners = new Set<() => void>();
/** The last copy read, kept while the stored text is the same (a stable answer for React). */
let last: { key: string; raw: string | null; sessions: readonly Kept[] } | null = null;

function sessionsOf(uid: string): readonly Kept[] {
  const key = STORAGE_KEYS.userCache('plan', uid);
  const raw = readStored(key);
  if (last?.key !== key || last.raw !== raw) {
    const kept = readUserCache<Kept[]>('plan', uid);
    last = { key, raw, sessions: Array.isArray(kept) ? kept : [] };
  }
  return last.sessions;
}

export function rememberPlan(uid: string, sessions: readonly PlanSessionAnswer[]): void {
  const kept = sessions.map(({ assignment_id, start, end }) => ({ assignment_id, start, end }));
  writeUserCache('plan', uid, kept);
  listeners.forEach((l) => l());
}

/** The assignment of the session under way at `now` in the remembered plan, or null. */
export function plannedNowFrom(uid: string, now: Date): string | null {
  const t = now.getTime();
  const under = sessionsOf(uid).find((s) => Date.parse(s.start) <= t && t < Date.parse(s.end));
  return typeof under?.assignment_id === 'string' ? under.assignment_id : null;
}

/** The remembered plan's sessions, re-rendering when Plan saves or reads a newer one. */
export function usePlanSessions(uid: string | undefined): readonly Kept[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (uid ? sessionsOf(uid) : NONE),
    () => NONE,
  );
}
const NONE: readonly Kept[] = [];

/** When an assignment's first session that has not ended starts, by assignment (earliest first). */
export function firstSessionStarts(sessions: readonly Kept[], now: Date): Map<string, Date> {
  const t = now.getTime();
  const starts = new Map<string, Date>();
  for (const s of sessions) {
    if (Date.parse(s.end) <= t) continue;
    const at = new Date(s.start);
    const known = starts.get(s.assignment_id);
    if (!known || at < known) starts.set(s.assignment_id, at);
  }
  return starts;
}
