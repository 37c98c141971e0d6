import { nextOccurrence, wallClockIn } from '@brainboard/domain';

/** The first Friday at 17:00 after today (UTC wall clock), shifted by `weeks`. */
export function friday(weeks: number): string {
  const today = wallClockIn(new Date(), 'UTC');
  const next = nextOccurrence(
    { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
    '2020-01-03T17:00:00',
    today,
  );
  const d = new Date(`${next}Z`);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  return d.toISOString().slice(0, 19);
}
