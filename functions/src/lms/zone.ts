/** Wall-clock times in an IANA zone, with Intl only (no hand-kept offset tables). */

export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(ms: number, zone: string): Record<string, number> {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');

/** An instant as the due-date format 'YYYY-MM-DDTHH:MM:00' on the wall clock of `zone`. */
export function localDueDate(ms: number, zone: string): string {
  const p = partsIn(ms, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:00`;
}

function offsetMs(ms: number, zone: string): number {
  const p = partsIn(ms, zone);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time in `zone` names (the earlier one when a clock change repeats it). */
export function instantOf(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
  zone: string,
): number {
  const guess = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second ?? 0,
  );
  const first = guess - offsetMs(guess, zone);
  return guess - offsetMs(first, zone);
}
