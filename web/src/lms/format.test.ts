import { describe, expect, it } from 'vitest';
import { goneText, movedFromText, previewDue, syncSummary } from './format.ts';

describe('imported card texts', () => {
  // Wednesday 25 November 2026.
  const wednesday = new Date(2026, 10, 25, 10, 0);

  it('says where a moved deadline was, in the date words of the app', () => {
    // 2026-11-24 was yesterday, 2026-11-20 last Friday.
    expect(movedFromText('2026-11-24T23:59:00', wednesday)).toBe('Moved from yesterday 11:59 PM');
    expect(movedFromText('2026-11-20T23:59:00', wednesday)).toBe('Moved from last Fri 11:59 PM');
    expect(movedFromText('2026-12-10T23:59:00', wednesday)).toBe('Moved from Dec 10, 11:59 PM');
    expect(movedFromText('not a date', wednesday)).toBeNull();
  });

  it('names the source an item left', () => {
    expect(goneText('Canvas')).toBe('No longer in Canvas');
  });

  it('shows a preview due date with its day and time', () => {
    expect(previewDue('2026-11-26T23:59:00', wednesday)).toBe('tomorrow 11:59 PM');
    expect(previewDue('2026-11-27T23:59:00', wednesday)).toBe('Fri 11:59 PM');
    expect(previewDue('2027-01-08T23:59:00', wednesday)).toBe('Jan 8, 2027, 11:59 PM');
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
