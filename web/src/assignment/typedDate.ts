import { DATE_PICKER_MIN_YEAR, formatDateOnly } from '@brainboard/domain';

/** The order a locale writes day, month and year in, e.g. ['month', 'day', 'year'] for en-US. */
export type DateOrder = readonly ('day' | 'month' | 'year')[];

/** The field order of a locale's numeric dates, read from Intl (en-US: month, day, year). */
export function localeDateOrder(locale?: string): DateOrder {
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(2006, 10, 22));
  const order = parts
    .map((p) => p.type)
    .filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
  return order.length === 3 ? order : ['month', 'day', 'year'];
}

/**
 * A date as a student types it, as yyyy-MM-dd, or null when it cannot be read. Accepts ISO
 * (2026-12-08, 2026-12-8) and the locale's own order (12/07/2026 in en-US, 07.12.2026 in de),
 * with or without leading zeros, separated by "/", "-", "." or spaces. Only real calendar days in
 * year 1800 or later count; two-digit years are refused rather than guessed.
 */
export function parseTypedDate(text: string, order: DateOrder): string | null {
  const parts = text.trim().split(/\s*[/.\-\s]\s*/);
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,4}$/.test(p))) return null;
  const fields = (parts[0] as string).length === 4 ? (['year', 'month', 'day'] as const) : order;
  const value = { day: 0, month: 0, year: 0 };
  fields.forEach((field, i) => {
    const part = parts[i] as string;
    if (field === 'year' && part.length !== 4) value.year = Number.NaN;
    else if (field !== 'year' && part.length > 2) value[field] = Number.NaN;
    else value[field] = Number(part);
  });
  const { year, month, day } = value;
  if (!Number.isInteger(year) || year < DATE_PICKER_MIN_YEAR) return null;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return formatDateOnly(date);
}
