import { describe, expect, it } from 'vitest';
import { goneText, movedFromText, previewDue, syncSummary } from './format.ts';

describe('imported card texts', () => {
  it('says where a moved deadline was', () => {
    // 2026-11-24 is a Tuesday.
    expect(movedFromText('2026-11-24T23:59:00')).toBe('Moved from Tue 11:59 PM');
    expect(movedFromText('not a date')).toBeNull();
  });

  it('names the source an item left', () => {
    expect(goneText('Canvas')).toBe('No longer in Canvas');
  });

  it('shows a preview due date with its day and time', () => {
    expect(previewDue('2026-11-26T23:59:00')).toBe('Thu, Nov 26, 11:59 PM');
  });

  it('sums up the last sync', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(syncSummary({ added: 0, updated: 0, gone: 0 }, null, now)).toBe('Not synced yet');
    expect(syncSummary({ added: 2, updated: 1, gone: 1 }, '2026-11-23T11:59:40Z', now)).toBe(
      'Synced just now: 2 added, 1 updated, 1 no longer listed',
    );
    expect(syncSummary({ added: 0, updated: 0, gone: 0 }, '2026-11-23T09:00:00Z', now)).toBe(
      'Synced 3 h ago: no changes',
    );
  });
});
