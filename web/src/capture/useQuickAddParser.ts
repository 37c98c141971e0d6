import type * as QuickAdd from '@brainboard/domain/quickAdd';
import { useContext, useEffect, useState } from 'react';
import { loadOnce } from '../ui/loadOnce.ts';
import { SessionContext } from '../session/sessionContext.ts';

type ParserModule = typeof QuickAdd;

/** The parser (and chrono-node) in their own chunk, fetched the first time quick add opens. */
const loadParser: () => Promise<ParserModule> = loadOnce(
  () => import('@brainboard/domain/quickAdd'),
);

/** What quick add reads typed words with: the student's clock, locale and default due time. */
export interface QuickAddReader {
  read(text: string): { title: string; due_date: string | null } | null;
  split(text: string): string[];
}

/**
 * The parser once its chunk is here (null before), bound to the student's present. Nothing is
 * fetched until `active` (quick add opened: its field focused, or the brain dump shown).
 */
export function useQuickAddParser(active = true): QuickAddReader | null {
  const [mod, setMod] = useState<ParserModule | null>(null);
  const defaultTime = useContext(SessionContext)?.user?.default_due_time;
  useEffect(() => {
    if (!active) return;
    let live = true;
    // Offline, quick add keeps reading nothing; the next opening tries again.
    loadParser().then(
      (m) => live && setMod(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [active]);
  if (!mod) return null;
  return {
    read: (text) =>
      text.trim()
        ? mod.parseQuickAdd(text, {
            now: Date.now(),
            zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            locale: navigator.language || 'en-US',
            defaultTime,
          })
        : null,
    split: mod.splitTasks,
  };
}
