import { describe, expect, it } from 'vitest';
import { fixtureFeed, type FixtureName } from '../../../scripts/standins/lms-fixtures.ts';
import { dueDateIn, NotACalendarError, parseFeed } from './parse.ts';
import { importable } from './sync.ts';

const base = new Date(Date.UTC(2026, 10, 23));
const read = (name: FixtureName, zone = 'UTC') => {
  const feed = parseFeed(
    fixtureFeed(name, base),
    `https://lms.example.edu/${name}.ics`,
    zone,
    base,
  );
  return {
    ...feed,
    rows: importable(feed.items, zone, base).map((i) => [
      i.uid,
      i.course,
      i.title,
      dueDateIn(i, zone),
    ]),
  };
};

describe('mapping each LMS feed', () => {
  it('Canvas: assignment ids from the URL, a section override wins, events and old items left out', () => {
    const feed = read('canvas');
    expect([feed.source, feed.label]).toEqual(['canvas', 'Canvas']);
    expect(feed.rows).toEqual([
      ['assignment_5101', 'ENG101-02', 'Essay draft', '2026-11-26T23:59:00'],
      ['assignment_5102', 'MATH140', 'Problem set 4', '2026-11-29T17:00:00'],
      ['assignment_5103', 'ENG101-02', 'Reading reflection', '2026-12-01T23:59:00'],
    ]);
    // The 30-day-old quiz is in the feed but not imported.
    expect(feed.items.map((i) => i.uid)).toContain('assignment_4999');
  });

  it('Canvas in the student’s zone: UTC times move, an all-day item is due 23:59 local', () => {
    const feed = read('canvas', 'America/New_York');
    expect(feed.rows.map((r) => r[3])).toEqual([
      '2026-11-26T18:59:00',
      '2026-11-29T12:00:00',
      '2026-12-01T23:59:00',
    ]);
  });

  it('Moodle: UID identity, course from CATEGORIES, "is due" dropped', () => {
    const feed = read('moodle');
    expect(feed.source).toBe('moodle');
    expect(feed.rows).toEqual([
      ['3301@moodle.example.edu', 'BIO201', 'Lab report 2', '2026-11-25T22:00:00'],
      ['3302@moodle.example.edu', 'HIST110', 'Forum post', '2026-11-27T12:00:00'],
      ['3303@moodle.example.edu', 'BIO201', 'Quiz: cell biology', '2026-12-02T23:59:00'],
    ]);
  });

  it('Blackboard: course from the SUMMARY prefix, times through its VTIMEZONE', () => {
    const feed = read('blackboard');
    expect(feed.source).toBe('blackboard');
    expect(feed.rows).toEqual([
      ['_88120_1-gradebook', 'CHEM-110-01', 'Lab safety quiz', '2026-11-24T22:59:00'],
      ['_88121_1-gradebook', 'CHEM-110-01', 'Titration write-up', '2026-11-30T08:00:00'],
      ['_90011_1-gradebook', 'PSY-100', 'Research summary', '2026-12-03T16:30:00'],
    ]);
  });

  it('Google Classroom: the class as course, all-day, RRULE with a moved occurrence, folded lines', () => {
    const feed = read('classroom', 'America/Los_Angeles');
    expect([feed.source, feed.label]).toEqual(['google_classroom', 'Google Classroom']);
    expect(feed.rows).toEqual([
      [
        'classroom-reading-check@google.com@2026-11-24T08:00:00',
        'Biology 9B',
        'Reading check',
        '2026-11-24T08:00:00',
      ],
      [
        'classroom-coursework-612345678901@google.com',
        'Biology 9B',
        'Cell diagram',
        '2026-11-25T23:59:00',
      ],
      [
        'classroom-coursework-612345678903@google.com',
        'Biology 9B',
        'Photosynthesis worksheet',
        '2026-11-28T20:00:00',
      ],
      [
        'classroom-reading-check@google.com@2026-12-01T08:00:00',
        'Biology 9B',
        'Reading check (moved)',
        '2026-12-02T08:00:00',
      ],
      [
        'classroom-reading-check@google.com@2026-12-08T08:00:00',
        'Biology 9B',
        'Reading check',
        '2026-12-08T08:00:00',
      ],
    ]);
    const cell = feed.items.find((i) => i.title === 'Cell diagram');
    expect(cell?.description).toContain('https://classroom.google.com/c/NjEyMzQ1Njc4OTAx/a/');
  });

  it('refuses what is not a calendar', () => {
    expect(() => parseFeed('<html></html>', 'https://x.example/', 'UTC', base)).toThrow(
      NotACalendarError,
    );
    expect(() => parseFeed('BEGIN:VCALENDAR\r\nBROKEN', 'https://x.example/', 'UTC', base)).toThrow(
      NotACalendarError,
    );
  });
});
