import { describe, expect, it } from 'vitest';
import { assignmentContext, contextSummary } from './context.ts';

describe("the chat's opening context", () => {
  it('writes the due date out in full, with no ISO date', () => {
    const text = assignmentContext({ title: 'Essay', due_date: '2026-11-23T17:00:00' });
    expect(text).toBe('Title: Essay\nDue: Mon, Nov 23, 2026, 5:00 PM');
    expect(contextSummary(text)).toEqual({ title: 'Essay', due: 'Mon, Nov 23, 2026, 5:00 PM' });
  });

  it('shows the due line of a chat saved in the old "2026-11-23 at 17:00" form the same way', () => {
    expect(contextSummary('Title: Essay\nDue: 2026-11-23 at 17:00')).toEqual({
      title: 'Essay',
      due: 'Mon, Nov 23, 2026, 5:00 PM',
    });
    expect(contextSummary('Title: Essay\nDue: 2026-11-23')?.due).toBe('Mon, Nov 23, 2026');
  });
});
