import { describe, expect, it } from 'vitest';
import { urgencyLabel } from './urgencyLabel.ts';

// Wednesday 25 November 2026, 14:30 local time.
const NOW = new Date(2026, 10, 25, 14, 30).getTime();

describe('urgencyLabel', () => {
  it('says an overdue task once, in the overdue tint', () => {
    expect(urgencyLabel('2026-11-23T08:00:00', NOW)).toEqual({
      text: 'Overdue by 2 days',
      tone: 'overdue',
      level: 5,
    });
  });

  it('gives "Due Today" the white tint while the time is ahead, as the board does', () => {
    expect(urgencyLabel('2026-11-25T18:00:00', NOW)).toEqual({
      text: 'Due Today',
      tone: 'soon',
      level: 4,
    });
  });

  it('gives "Due Today" the overdue tint once its time has passed, as the board does', () => {
    expect(urgencyLabel('2026-11-25T08:00:00', NOW)).toMatchObject({
      text: 'Due Today',
      tone: 'overdue',
    });
  });

  it('keeps the urgency words within the week', () => {
    expect(urgencyLabel('2026-11-26T08:00:00', NOW)).toMatchObject({
      text: 'Due Tomorrow',
      tone: 'soon',
    });
    expect(urgencyLabel('2026-11-30T08:00:00', NOW)).toMatchObject({
      text: 'Due in 5 days',
      tone: 'soon',
    });
  });

  it('beyond a week, where the board has no words, tells the time left without a tint', () => {
    const label = urgencyLabel('2026-12-15T08:00:00', NOW);
    expect(label.tone).toBe('none');
    expect(label.level).toBe(0);
    expect(label.text).toMatch(/left$/);
  });

  it('says when there is no due date or it cannot be read', () => {
    expect(urgencyLabel('', NOW)).toEqual({ text: 'No due date', tone: 'none', level: 0 });
    expect(urgencyLabel('someday', NOW)).toMatchObject({ text: 'Invalid date', tone: 'none' });
  });
});
