import { describe, expect, it } from 'vitest';
import { projectCard, summarize, type CardFields } from './projection.ts';

const card = (over: Partial<CardFields>): CardFields => ({
  id: 'a',
  title: 'Essay',
  due_date: '',
  status: 'new',
  completed_date: null,
  description: 'private words',
  subtasks: [
    { id: 's1', title: 'one', completed: true, created_date: '' },
    { id: 's2', title: 'two', completed: false, created_date: '' },
  ],
  ...over,
});

describe('projectCard', () => {
  it('adds step counts and the description only when the scope has them', () => {
    const none = { steps: false, focus: true, descriptions: false };
    expect(projectCard(card({}), none)).toEqual({
      id: 'a',
      title: 'Essay',
      due_date: '',
      status: 'new',
      completed_date: null,
    });
    expect(projectCard(card({}), { steps: true, focus: false, descriptions: true })).toEqual({
      id: 'a',
      title: 'Essay',
      due_date: '',
      status: 'new',
      completed_date: null,
      steps_done: 1,
      steps_total: 2,
      description: 'private words',
    });
  });
});

describe('summarize', () => {
  // Wednesday 25 November 2026, 23:30 UTC: already Thursday in Auckland.
  const now = new Date('2026-11-25T23:30:00Z');
  const base = { title: 't', completed_date: null };

  it('counts cards done in the last 7 days and open cards due from today to 3 days on', () => {
    const cards = [
      {
        ...base,
        id: '1',
        status: 'done' as const,
        due_date: '',
        completed_date: '2026-11-20T10:00:00Z',
      },
      {
        ...base,
        id: '2',
        status: 'done' as const,
        due_date: '',
        completed_date: '2026-11-10T10:00:00Z',
      },
      { ...base, id: '3', status: 'new' as const, due_date: '2026-11-25' },
      { ...base, id: '4', status: 'in progress' as const, due_date: '2026-11-28T09:00:00' },
      { ...base, id: '5', status: 'new' as const, due_date: '2026-11-29' },
      { ...base, id: '6', status: 'new' as const, due_date: '2026-11-24' },
      { ...base, id: '7', status: 'done' as const, due_date: '2026-11-26', completed_date: null },
    ];
    expect(summarize(cards, 200, 'UTC', now)).toEqual({
      done_this_week: 1,
      focus_minutes_this_week: 200,
      due_soon: 2,
    });
  });

  it("reads today and the 3 days after on the student's own calendar", () => {
    const cards = [
      { ...base, id: '3', status: 'new' as const, due_date: '2026-11-25' },
      { ...base, id: '5', status: 'new' as const, due_date: '2026-11-29' },
    ];
    // In Auckland it is already the 26th: the 25th has passed, the 29th is within 3 days.
    expect(summarize(cards, null, 'Pacific/Auckland', now)).toEqual({
      done_this_week: 0,
      focus_minutes_this_week: null,
      due_soon: 1,
    });
  });
});
