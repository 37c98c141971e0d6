// RFC 3339 parsing and formatting for the Calendar stand-in; wall-clock times in IANA zones
// come from the domain package.
import {
  instantOfWallTime,
  wallTimeAt,
  zoneOffsetMinutes,
  type WallTime,
} from '@brainboard/domain';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validWall(w: WallTime): boolean {
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

/** The wall time a DATE_TIME or DATE match names (a date alone: its midnight). */
function wallOf(m: RegExpExecArray): WallTime {
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
  };
}

export type ParsedTime = { ok: true; ms: number } | { ok: false; reason: 'invalid' | 'no-zone' };

/**
 * Parses an RFC 3339 date-time. Without an offset it is read in `timeZone`; without either the
 * result is `no-zone`.
 */
export function parseDateTime(text: string, timeZone?: string): ParsedTime {
  const m = DATE_TIME.exec(text);
  if (!m) return { ok: false, reason: 'invalid' };
  const w = wallOf(m);
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
  return { ok: true, ms: instantOfWallTime(w, timeZone) + fraction };
}

/** Midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
export function parseDate(text: string, timeZone: string): ParsedTime {
  const m = DATE.exec(text);
  if (!m) return { ok: false, reason: 'invalid' };
  const w = wallOf(m);
  if (!validWall(w)) return { ok: false, reason: 'invalid' };
  return { ok: true, ms: instantOfWallTime(w, timeZone) };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** RFC 3339 for an instant as wall time in `timeZone`: "2026-03-02T10:00:00+01:00", or "…Z" in UTC. */
export function formatInZone(ms: number, timeZone: string): string {
  const w = wallTimeAt(ms, timeZone);
  const base = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return `${base}Z`;
  const offset = zoneOffsetMinutes(ms, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return `${base}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
