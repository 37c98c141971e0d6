/**
 * Wall-clock times in IANA time zones, with Intl only (no hand-kept offset tables). A wall time
 * is what a clock on the wall of that zone reads; an instant is milliseconds since the epoch.
 */

/** What a clock in a zone reads: month 1 to 12, hour 0 to 23. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** True when the name is an IANA zone the runtime knows (and short, plain text). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
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
  return f;
}

/** The wall time in `zone` at `instant`. */
export function wallTimeAt(instant: Date | number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** A wall time read as if it were UTC: milliseconds with the same digits. */
function asUtc(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** How far `zone` is ahead of UTC at `instant`, in minutes (+60 for Berlin in winter). */
export function zoneOffsetMinutes(instant: Date | number, zone: string): number {
  const ms = new Date(instant).getTime();
  return Math.round((asUtc(wallTimeAt(ms, zone)) - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall time names in `zone`. A time repeated when clocks go back is the first of
 * the two; a time skipped when clocks go forward moves forward by the gap (2:30 on a
 * spring-forward night is 3:30), as calendar apps do.
 */
export function instantOfWallTime(
  wall: Omit<WallTime, 'second'> & { second?: number },
  zone: string,
): number {
  const target = asUtc({ ...wall, second: wall.second ?? 0 });
  const halfDay = 12 * 3600_000;
  const offsetBefore = zoneOffsetMinutes(target - halfDay, zone) * 60_000;
  const offsetAfter = zoneOffsetMinutes(target + halfDay, zone) * 60_000;
  const candidates = [target - offsetBefore, target - offsetAfter].filter(
    (t) => asUtc(wallTimeAt(t, zone)) === target,
  );
  return candidates.length > 0 ? Math.min(...candidates) : target - offsetBefore;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a local date-time without a zone ('YYYY-MM-DDTHH:MM' with optional ':SS') names
 * in `zone`, as `instantOfWallTime` reads it. Null for a malformed time.
 */
export function zonedInstant(local: string, zone: string): Date | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const wall = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s ?? 0),
  };
  if (Number.isNaN(asUtc(wall))) return null;
  return new Date(instantOfWallTime(wall, zone));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock time at `now` in `zone` in the due-date format 'YYYY-MM-DDTHH:MM:00'. */
export function wallClockIn(now: Date | number, zone: string): string {
  const w = wallTimeAt(now, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:00`;
}
