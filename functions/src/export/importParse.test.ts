import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvField } from './exportStream.ts';
import { parseImport } from './importParse.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/import/${name}`, import.meta.url), 'utf8');

describe('csvField', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, "b"')).toBe('"a, ""b"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});

describe('parseImport', () => {
  it('reads a Todoist CSV: sections, sub-tasks, notes, dates, with stable ids', () => {
    const first = parseImport('todoist', fixture('todoist.csv'), 'UTC');
    const again = parseImport('todoist', fixture('todoist.csv'), 'UTC');
    expect(first.candidates.map((c) => c.body.id)).toEqual(again.candidates.map((c) => c.body.id));
    expect(first.candidates.map((c) => [c.line, c.column, c.body.due_date])).toEqual([
      [3, 'new', '2026-12-03'],
      [7, 'new', '2026-12-10T17:00:00'],
      [9, 'in progress', ''],
      [11, 'done', ''],
      [12, 'done', ''],
    ]);
    expect(first.candidates[0]!.body.subtasks).toHaveLength(2);
    expect(first.skipped).toEqual([
      { line: 9, reason: 'Due date "every monday" left out: not a date.' },
    ]);
  });

  it('reads a Trello board: lists by name, due instants in the zone, checklist order', () => {
    const { candidates, skipped } = parseImport(
      'trello',
      fixture('trello.json'),
      'America/New_York',
    );
    expect(candidates[0]!.body.due_date).toBe('2026-12-04T11:00:00');
    expect(candidates.map((c) => c.column)).toEqual(['new', 'in progress', 'done']);
    expect(skipped.map((s) => s.line)).toEqual([4, 5]);
  });

  it('refuses a file of another kind with a sentence', () => {
    expect(() => parseImport('brainboard', '{"assignments":[]}', 'UTC')).toThrow(
      'That file is not a Brainboard export. Choose a Brainboard JSON export.',
    );
    expect(() => parseImport('todoist', 'a,b\n1,2', 'UTC')).toThrow(/no TYPE and CONTENT/);
  });
});

describe('parseImport of a Brainboard export', () => {
  it('keeps each card place, repeat and the file repeats for the import to check', () => {
    const content = JSON.stringify({
      format: 'brainboard',
      assignments: [
        {
          id: 'a',
          title: 'Weekly',
          rank: 1.5,
          created_at: '2026-11-01T00:00:00.000Z',
          series_id: 'series-a',
          repeat: { rrule: 'FREQ=DAILY', until: null },
        },
        { id: 'b', title: 'Plain', rank: 'high', series_id: null },
      ],
      series: [{ id: 'series-a', rrule: 'FREQ=DAILY' }, 'not a series'],
    });
    const { candidates, series } = parseImport('brainboard', content, 'UTC');
    expect(candidates[0]).toMatchObject({
      rank: 1.5,
      created_at: '2026-11-01T00:00:00.000Z',
      series_id: 'series-a',
      repeat: { rrule: 'FREQ=DAILY', until: null },
    });
    expect(candidates[1]).not.toHaveProperty('rank');
    expect(candidates[1]).not.toHaveProperty('series_id');
    expect(series).toEqual([{ id: 'series-a', rrule: 'FREQ=DAILY' }]);
  });
});
