import { describe, expect, it } from 'vitest';
import { RELEASE_NOTES } from './releases.ts';
import type { ReleaseNote } from './types.ts';
import {
  compareVersions,
  whatsNewClosedPatch,
  whatsNewDecision,
  whatsNewFeatures,
} from './version.ts';

const f = (title: string) => ({ title, description: `${title} description`, icon: '⭐' });
const notes: ReleaseNote[] = [
  { version: '0.1.0', features: [f('A'), f('B')] },
  { version: '0.2.0', features: [f('C')] },
  { version: '0.10.0', features: [f('D')] },
];

describe('compareVersions', () => {
  it('compares numerically per segment', () => {
    expect(compareVersions('0.10.0', '0.2.0')).toBe(1);
    expect(compareVersions('0.2.0', '0.10.0')).toBe(-1);
    expect(compareVersions('1.0.0', '0.99.99')).toBe(1);
  });
  it('counts missing segments as 0', () => {
    expect(compareVersions('1', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.1', '1')).toBe(1);
    expect(compareVersions('0.2', '0.2.1')).toBe(-1);
  });
  it('answers 0 for equal versions', () => {
    expect(compareVersions('0.2.0', '0.2.0')).toBe(0);
  });
  it('counts non-numeric segments as 0', () => {
    expect(compareVersions('1.x', '1.0')).toBe(0);
  });
});

describe('whatsNewFeatures', () => {
  it('lists releases newer than the last used one, up to the current one, newest first', () => {
    expect(whatsNewFeatures(notes, '0.1.0', '0.10.0').map((x) => x.title)).toEqual(['D', 'C']);
  });
  it('leaves out releases newer than the current version', () => {
    expect(whatsNewFeatures(notes, '0.1.0', '0.2.0').map((x) => x.title)).toEqual(['C']);
  });
  it('shows every release up to current when nothing was used before', () => {
    expect(whatsNewFeatures(notes, null, '0.2.0').map((x) => x.title)).toEqual(['C', 'A', 'B']);
    expect(whatsNewFeatures(notes, undefined, '0.1.0').map((x) => x.title)).toEqual(['A', 'B']);
  });
  it('is empty when the last used version is current', () => {
    expect(whatsNewFeatures(notes, '0.10.0', '0.10.0')).toEqual([]);
  });
  it('works on the product release notes', () => {
    expect(whatsNewFeatures(RELEASE_NOTES, '0.1.0', '0.2.0').map((x) => x.title)).toEqual([
      'Focus Mode',
      'Enhanced Due Date Timing',
    ]);
    expect(whatsNewFeatures(RELEASE_NOTES, '0.2.0', '0.3.0').map((x) => x.title)).toEqual([
      'Reminders',
      'Import from your school',
      'What now?',
      'Time estimates',
      'Reset overdue work',
      'Repeating assignments',
      'Works offline',
    ]);
  });
  it('does not reorder the given notes', () => {
    const copy = JSON.parse(JSON.stringify(notes)) as ReleaseNote[];
    whatsNewFeatures(notes, null, '0.10.0');
    expect(notes).toEqual(copy);
  });
});

describe('whatsNewDecision', () => {
  it('opens when there are newer features and it was not shown for this version', () => {
    const d = whatsNewDecision(
      { last_used_version: '0.1.0', last_whats_new_version: '0.1.0' },
      notes,
      '0.2.0',
    );
    expect(d).toEqual({ open: true, welcome: false, features: [f('C')], silentUpdate: false });
  });

  it('welcomes a new account (no version seen yet) instead of listing every release', () => {
    const d = whatsNewDecision(
      { last_used_version: null, last_whats_new_version: null },
      notes,
      '0.2.0',
    );
    expect(d).toEqual({ open: true, welcome: true, features: [], silentUpdate: false });
  });

  it('lists every release up to current to a student who has used Brainboard but never closed it', () => {
    const d = whatsNewDecision(
      { last_used_version: null, last_whats_new_version: '0.1.0' },
      notes,
      '0.2.0',
    );
    expect(d.welcome).toBe(false);
    expect(d.features.map((x) => x.title)).toEqual(['C', 'A', 'B']);
  });

  it('shows a student who saw 0.2.0 the 0.3.0 release', () => {
    const d = whatsNewDecision(
      { last_used_version: '0.2.0', last_whats_new_version: '0.2.0' },
      RELEASE_NOTES,
      '0.3.0',
    );
    expect(d.open).toBe(true);
    expect(d.welcome).toBe(false);
    expect(d.features.map((x) => x.title)).toContain('Works offline');
    expect(d.features.map((x) => x.title)).not.toContain('Focus Mode');
  });

  it('stays closed when it was already shown for this version, updating last_used silently', () => {
    const d = whatsNewDecision(
      { last_used_version: '0.1.0', last_whats_new_version: '0.2.0' },
      notes,
      '0.2.0',
    );
    expect(d).toEqual({ open: false, welcome: false, features: [], silentUpdate: true });
  });

  it('stays closed without newer features, updating last_used silently when it differs', () => {
    const d = whatsNewDecision(
      { last_used_version: '0.10.0', last_whats_new_version: '0.1.0' },
      notes,
      '0.2.0',
    );
    expect(d).toEqual({ open: false, welcome: false, features: [], silentUpdate: true });
  });

  it('does nothing when everything is current', () => {
    const d = whatsNewDecision(
      { last_used_version: '0.2.0', last_whats_new_version: '0.2.0' },
      notes,
      '0.2.0',
    );
    expect(d).toEqual({ open: false, welcome: false, features: [], silentUpdate: false });
  });

  it('does not update silently when the dialog opens', () => {
    const d = whatsNewDecision(
      { last_used_version: '0.1.0', last_whats_new_version: null },
      notes,
      '0.2.0',
    );
    expect(d.open).toBe(true);
    expect(d.silentUpdate).toBe(false);
  });

  it('closing sets both versions to the current one', () => {
    expect(whatsNewClosedPatch('0.2.0')).toEqual({
      last_whats_new_version: '0.2.0',
      last_used_version: '0.2.0',
    });
  });
});
