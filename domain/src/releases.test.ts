import { describe, expect, it } from 'vitest';
import { APP_VERSION } from './constants.ts';
import { RELEASE_NOTES } from './releases.ts';
import { compareVersions } from './version.ts';

describe('release notes', () => {
  it('lists 0.1.0 and 0.2.0 as the specification does, then 0.3.0, oldest first', () => {
    expect(RELEASE_NOTES.map((n) => n.version)).toEqual(['0.1.0', '0.2.0', '0.3.0']);
    expect(RELEASE_NOTES[0]?.features.map((f) => f.title)).toEqual([
      'Kanban',
      'AI Deep Dive',
      'AI Chat',
      'AI Subtask Suggestions',
    ]);
    expect(RELEASE_NOTES[1]?.features.map((f) => f.title)).toEqual([
      'Focus Mode',
      'Enhanced Due Date Timing',
    ]);
    // What students got since 0.2.0 (docs/product.md, Where Brainboard departs from the
    // specification).
    expect(RELEASE_NOTES[2]?.features.map((f) => f.title)).toEqual([
      'Reminders',
      'Import from your school',
      'What now?',
      'Time estimates',
      'Reset overdue work',
      'Repeating assignments',
      'Works offline',
    ]);
  });

  it('gives every feature a description and an icon', () => {
    for (const f of RELEASE_NOTES.flatMap((n) => n.features)) {
      expect(f.description.length).toBeGreaterThan(10);
      expect(f.icon.length).toBeGreaterThan(0);
    }
  });

  it('ends at the current version', () => {
    expect(compareVersions(RELEASE_NOTES.at(-1)?.version ?? '', APP_VERSION)).toBe(0);
  });

  it('describes focus mode and due-date timing as the spec does', () => {
    const [focus, timing] = RELEASE_NOTES[1]?.features ?? [];
    expect(focus?.description).toMatch(/full-screen, distraction-free/);
    expect(focus?.description).toMatch(/25-minute timer/);
    expect(focus?.description).toMatch(/progress gating/);
    expect(timing?.description).toMatch(/hour and minute precision/);
    expect(timing?.description).toMatch(/no longer all-day/);
  });
});
