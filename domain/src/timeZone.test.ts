import { describe, expect, it } from 'vitest';
import {
  instantOfWallTime,
  isTimeZone,
  wallClockIn,
  wallTimeAt,
  zonedInstant,
  zoneOffsetMinutes,
} from './timeZone.ts';

const iso = (d: Date | number | null | undefined) =>
  d === null || d === undefined ? d : new Date(d).toISOString();

describe('isTimeZone', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('<script>')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(`Europe/${'x'.repeat(64)}`)).toBe(false);
  });
});

describe('wallTimeAt and zoneOffsetMinutes', () => {
  it('read the clock and the offset on either side of a daylight-saving change', () => {
    // Berlin: CET (+1) until 2026-03-29 01:00Z, then CEST (+2).
    expect(wallTimeAt(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 1,
      minute: 59,
      second: 59,
    });
    expect(wallTimeAt(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin').hour).toBe(3);
    expect(zoneOffsetMinutes(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(Date.parse('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(Date.parse('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('writes the due-date format, midnight as 00', () => {
    expect(wallClockIn(new Date('2026-10-23T22:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-10-24T00:00:00',
    );
    expect(wallClockIn(Date.parse('2026-01-01T05:07:59Z'), 'UTC')).toBe('2026-01-01T05:07:00');
  });
});

describe('instantOfWallTime', () => {
  it('reads a wall time in the zone, on either side of a daylight-saving change', () => {
    const wall = { year: 2026, month: 3, day: 28, hour: 9, minute: 0 };
    expect(iso(instantOfWallTime(wall, 'Europe/Berlin'))).toBe('2026-03-28T08:00:00.000Z');
    expect(iso(instantOfWallTime({ ...wall, day: 29 }, 'Europe/Berlin'))).toBe(
      '2026-03-29T07:00:00.000Z',
    );
  });

  it('takes the first of a repeated time, east and west of Greenwich', () => {
    // Berlin falls back 2026-10-25 03:00 CEST -> 02:00 CET; New York 2026-11-01 02:00 -> 01:00.
    const berlin = { year: 2026, month: 10, day: 25, hour: 2, minute: 30 };
    expect(iso(instantOfWallTime(berlin, 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    const newYork = { year: 2026, month: 11, day: 1, hour: 1, minute: 30 };
    expect(iso(instantOfWallTime(newYork, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('moves a skipped time forward by the gap', () => {
    const berlin = { year: 2026, month: 3, day: 29, hour: 2, minute: 30 };
    expect(iso(instantOfWallTime(berlin, 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockIn(instantOfWallTime(berlin, 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '2026-03-29T03:30:00',
    );
  });

  it('round-trips every hour of a year in a zone with half-hour offsets', () => {
    for (let h = 0; h < 365 * 24; h += 7) {
      const ms = Date.UTC(2026, 0, 1) + h * 3600_000;
      expect(instantOfWallTime(wallTimeAt(ms, 'Australia/Adelaide'), 'Australia/Adelaide')).toBe(
        ms,
      );
    }
  });
});

describe('zonedInstant', () => {
  it('reads a local date-time, with or without seconds', () => {
    expect(iso(zonedInstant('2026-03-29T09:00:00', 'Europe/Berlin'))).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(iso(zonedInstant('2026-03-08T02:30', 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(iso(zonedInstant('2026-11-01T01:30:00', 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('refuses what is not a local date-time', () => {
    expect(zonedInstant('2026-03-08', 'UTC')).toBeNull();
    expect(zonedInstant('soon', 'UTC')).toBeNull();
  });
});
