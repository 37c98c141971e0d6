import { beforeEach, describe, expect, it } from 'vitest';
import { firstSessionStarts, plannedNowFrom, rememberPlan } from './planCache.ts';

const at = (h: number) => new Date(2026, 10, 23, h).toISOString();
const session = (id: string, assignment: string, from: number, to: number) => ({
  id,
  assignment_id: assignment,
  start: at(from),
  end: at(to),
  by_hand: false,
});

beforeEach(() => localStorage.clear());

describe('the plan this browser remembers', () => {
  it('knows the session under way, and each assignment’s first session not yet ended', () => {
    rememberPlan('u1', [
      session('s1', 'essay', 9, 10),
      session('s2', 'lab', 10, 11),
      session('s3', 'essay', 16, 17),
    ]);
    const now = new Date(2026, 10, 23, 10, 30);
    expect(plannedNowFrom('u1', now)).toBe('lab');
    expect(plannedNowFrom('u2', now)).toBeNull();
    const list = [
      session('s1', 'essay', 9, 10),
      session('s3', 'essay', 16, 17),
      session('s2', 'lab', 10, 11),
    ];
    // The essay's 9 AM session has ended: its first one not yet ended is at 4 PM.
    expect(firstSessionStarts(list, now)).toEqual(
      new Map([
        ['essay', new Date(2026, 10, 23, 16)],
        ['lab', new Date(2026, 10, 23, 10)],
      ]),
    );
  });
});
