// RFC 3339 and IANA time-zone helpers for the Calendar stand-in (Intl only, no dependencies).

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
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

/** Offset of `timeZone` from UTC at instant `ms`, in minutes (e.g. +60 for Berlin in winter). */
function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

function validWall(w: WallClock): boolean {
  const probe = new Date(Date.UTC(w.year, w.month - 1, w.day));
  return (
    w.month >= 1 &&
    w.month <= 12 &&
    probe.getUTCDate() === w.day &&
    w.hour <= 23 &&
    w.minute <= 59 &&
    w.second <= 60
  );
}

/** Instant of a wall-clock time in a zone (earlier instant on DST overlaps). */
function wallToInstant(w: WallClock, timeZone: string): number {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  let ms = guess - zoneOffsetMinutes(guess, timeZone) * 60_000;
  ms = guess - zoneOffsetMinutes(ms, timeZone) * 60_000;
  return ms;
}

export type ParsedTime = { ok: true; ms: number } | { ok: false; reason: 'invalid' | 'no-zone' };

/**
 * Parses an RFC 3339 date-time. Without an offset it is read in `timeZone`; without either the
 * result is `no-zone`.
 */
export function parseDateTime(text: string, timeZone?: string): ParsedTime {
  const m = DATE_TIME.exec(text);
  if (!m) return { ok: false, reason: 'invalid' };
  const w: WallClock = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6]),
  };
  if (!validWall(w)) return { ok: false, reason: 'invalid' };
  const fraction = m[7] ? Math.round(Number(`0${m[7]}`) * 1000) : 0;
  const offset = m[8];
  if (offset) {
    const utc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) + fraction;
    if (offset.toUpperCase() === 'Z') return { ok: true, ms: utc };
    const sign = offset.startsWith('-') ? -1 : 1;
    const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
    return { ok: true, ms: utc - sign * minutes * 60_000 };
  }
  if (!timeZone) return { ok: false, reason: 'no-zone' };
  return { ok: true, ms: wallToInstant(w, timeZone) + fraction };
}

/** Midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
export function parseDate(text: string, timeZone: string): ParsedTime {
  const m = DATE.exec(text);
  if (!m) return { ok: false, reason: 'invalid' };
  const w: WallClock = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: 0,
    minute: 0,
    second: 0,
  };
  if (!validWall(w)) return { ok: false, reason: 'invalid' };
  return { ok: true, ms: wallToInstant(w, timeZone) };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** RFC 3339 for an instant as wall time in `timeZone`: "2026-03-02T10:00:00+01:00", or "…Z" in UTC. */
export function formatInZone(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  const base = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return `${base}Z`;
  const offset = zoneOffsetMinutes(ms, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return `${base}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
