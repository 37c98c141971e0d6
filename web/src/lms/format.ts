import { toLocalDate } from '@brainboard/domain';

/** Display texts of imported assignments and feeds; pure, with the time passed in. */

const weekdayTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Moved from Tue 11:59 PM" for a previous due date ('YYYY-MM-DDTHH:MM:00'). */
export function movedFromText(previousDue: string): string | null {
  const d = toLocalDate(previousDue);
  return d ? `Moved from ${weekdayTime.format(d).replace(',', '')}` : null;
}

/** "No longer in Canvas". */
export const goneText = (sourceName: string) => `No longer in ${sourceName}`;

/** A due date of the preview: "Wed, Nov 26, 11:59 PM". */
export function previewDue(due: string): string {
  const d = toLocalDate(due);
  return d ? dayAndTime.format(d) : due;
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
