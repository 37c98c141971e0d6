import { describe, expect, it } from 'vitest';
import { localeDateOrder, parseTypedDate } from './typedDate.ts';

const US = ['month', 'day', 'year'] as const;
const DE = ['day', 'month', 'year'] as const;

describe('parseTypedDate', () => {
  it('reads ISO with or without leading zeros in any locale', () => {
    expect(parseTypedDate('2026-12-08', US)).toBe('2026-12-08');
    expect(parseTypedDate('2026-12-8', US)).toBe('2026-12-08');
    expect(parseTypedDate(' 2026/1/5 ', DE)).toBe('2026-01-05');
  });

  it("reads the locale's order", () => {
    expect(parseTypedDate('12/07/2026', US)).toBe('2026-12-07');
    expect(parseTypedDate('12/7/2026', US)).toBe('2026-12-07');
    expect(parseTypedDate('12/07/2026', DE)).toBe('2026-07-12');
    expect(parseTypedDate('7.12.2026', DE)).toBe('2026-12-07');
  });

  it('refuses what is not a real day, a two-digit year, a year before 1800 or stray text', () => {
    for (const text of [
      '',
      'soon',
      '13/40/2026',
      '02/30/2026',
      '12/07/26',
      '1799-12-31',
      '2026-12',
      '2026-12-08x',
    ]) {
      expect(parseTypedDate(text, US), text).toBeNull();
    }
    expect(parseTypedDate('02/29/2028', US)).toBe('2028-02-29');
  });
});

describe('localeDateOrder', () => {
  it('follows Intl', () => {
    expect(localeDateOrder('en-US')).toEqual(['month', 'day', 'year']);
    expect(localeDateOrder('de-DE')).toEqual(['day', 'month', 'year']);
    expect(localeDateOrder('sv-SE')).toEqual(['year', 'month', 'day']);
  });
});
