import { toLocalDate, whenWords } from '@brainboard/domain';

/** Display texts of imported assignments and feeds; pure, with the time passed in. */

/** "Moved from last Tue 11:59 PM" for a previous due date ('YYYY-MM-DDTHH:MM:00'). */
export function movedFromText(previousDue: string, now: Date): string | null {
  const d = toLocalDate(previousDue);
  return d ? `Moved from ${whenWords(d, now)}` : null;
}

/** "No longer in Canvas". */
export const goneText = (sourceName: string) => `No longer in ${sourceName}`;

/** A due date of the preview in the app's date words: "Thu 11:59 PM", "Dec 8, 11:59 PM". */
export function previewDue(due: string, now: Date): string {
  const d = toLocalDate(due);
  return d ? whenWords(d, now) : due;
}

/** What the last sync did, in a few words. */
export function syncSummary(
  counts: { added: number; updated: number; gone: number },
  syncedAt: string | null,
  now: Date,
): string {
  if (!syncedAt) return 'Not synced yet';
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(syncedAt)) / 60_000));
  const when =
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : `${Math.round(minutes / 60)} h ago`;
  const parts = [
    counts.added && `${counts.added} added`,
    counts.updated && `${counts.updated} updated`,
    counts.gone && `${counts.gone} no longer listed`,
  ].filter(Boolean);
  return `Synced ${when}: ${parts.length ? parts.join(', ') : 'no changes'}`;
}
