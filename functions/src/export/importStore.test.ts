import { describe, expect, it } from 'vitest';
import { inBoardOrder, linkRepeats } from './importStore.ts';

const WEEKLY = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null };

/** A series document as a Brainboard export lists it. */
const exported = (over: Record<string, unknown> = {}) => ({
  id: 'series-a',
  rrule: WEEKLY.rrule,
  until: null,
  anchor: '2026-12-04T17:00:00',
  zone: 'Europe/London',
  template: { title: 'Reading', description: '', subtasks: ['Read'], reminders: [60] },
  open_id: 'series-a-20261211T1700',
  stopped: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('linkRepeats', () => {
  it('links the cards of a repeat the API would accept, and keeps its rule', () => {
    const { series, links, skipped } = linkRepeats(
      [
        { line: 1, id: 'plain' },
        { line: 2, id: 'a', series_id: 'series-a', repeat: WEEKLY },
        { line: 3, id: 'series-a-20261211T1700', series_id: 'series-a', repeat: null },
      ],
      [exported()],
      'UTC',
    );
    expect(skipped).toEqual([]);
    expect(links.get('plain')).toBeUndefined();
    // A card without a valid rule of its own shows the series' rule.
    expect(links.get('a')).toEqual({ series_id: 'series-a', repeat: WEEKLY });
    expect(links.get('series-a-20261211T1700')).toEqual({ series_id: 'series-a', repeat: WEEKLY });
    expect(series.get('series-a')).toEqual({
      repeat: { ...WEEKLY, zone: 'Europe/London' },
      input: {
        title: 'Reading',
        description: '',
        due_date: '2026-12-04T17:00:00',
        subtasks: [{ title: 'Read', completed: false }],
        reminders: [60],
      },
      zone: 'Europe/London',
      open_id: 'series-a-20261211T1700',
      stopped: false,
    });
  });

  it('keeps a stopped repeat stopped, and takes the student zone when the file has none', () => {
    const { zone: _zone, ...noZone } = exported({ stopped: true });
    const { series } = linkRepeats(
      [{ line: 1, id: 'a', series_id: 'series-a', repeat: WEEKLY }],
      [noZone],
      'America/New_York',
    );
    expect(series.get('series-a')).toMatchObject({ zone: 'America/New_York', stopped: true });
  });

  it('brings the cards of a repeat it cannot keep as single cards, said once at the first', () => {
    const cards = (seriesId: string) => [
      { line: 4, id: 'x1', series_id: seriesId, repeat: WEEKLY },
      { line: 7, id: 'x2', series_id: seriesId, repeat: WEEKLY },
    ];
    const refused = (over: Record<string, unknown>) => {
      const { links, series, skipped } = linkRepeats(cards('series-a'), [exported(over)], 'UTC');
      expect(links.size).toBe(0);
      expect(series.size).toBe(0);
      return skipped;
    };
    expect(refused({ rrule: 'FREQ=YEARLY' })).toEqual([
      {
        line: 4,
        reason:
          'Repeat left out: repeat.rrule must be a rule such as FREQ=WEEKLY;BYDAY=FR (every week, every N days, or monthly on a day). Its 2 cards come in as single cards.',
      },
    ]);
    expect(refused({ anchor: '2026-12-04' })[0]!.reason).toBe(
      'Repeat left out: A repeating assignment needs a due date. Its 2 cards come in as single cards.',
    );
    expect(refused({ until: 'soon' })[0]!.reason).toMatch(/repeat\.until must be a date/);
    expect(refused({ zone: 'Mars/Olympus' })[0]!.reason).toMatch(/repeat\.zone must be/);
    expect(refused({ template: { title: '' } })[0]!.reason).toMatch(/title/);
    expect(refused({ open_id: '../other' })[0]!.reason).toMatch(/open_id/);

    const missing = linkRepeats([cards('series-gone')[0]!], [exported()], 'UTC');
    expect(missing.skipped).toEqual([
      {
        line: 4,
        reason:
          'Repeat left out: The file does not hold this repeat. The card comes in as a single card.',
      },
    ]);
  });
});

describe('inBoardOrder', () => {
  it("orders each column by the file's rank (then when made, then id); no rank last, in file order", () => {
    const card = (id: string, column: 'new' | 'done', rank?: number, created_at = '') => ({
      id,
      column,
      created_at,
      ...(rank === undefined ? {} : { rank }),
    });
    const ordered = inBoardOrder([
      card('a', 'new', 2),
      card('b', 'done', 0),
      card('z-none', 'new'),
      card('c', 'new', 0.5),
      card('d', 'new', 2, '2026-01-01'),
      card('e', 'done', -1),
      card('a-none', 'new'),
    ]);
    expect(ordered.map((c) => c.id)).toEqual(['c', 'a', 'd', 'z-none', 'a-none', 'e', 'b']);
  });
});
