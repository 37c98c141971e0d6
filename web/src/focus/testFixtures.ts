import type { Assignment } from '@brainboard/domain';
import { makeAssignment } from '@brainboard/domain/testing';

/** An assignment in progress with one of two subtasks done, for Focus Mode tests. */
export function assignment(overrides: Partial<Assignment> = {}): Assignment {
  return makeAssignment({
    id: 'a1',
    title: 'Essay on the water cycle',
    description: 'Write 500 words about evaporation.',
    due_date: '2026-11-22T08:00:00',
    status: 'in progress',
    subtasks: [
      { id: 's1', title: 'Find three sources', completed: true, created_date: '2026-11-20' },
      { id: 's2', title: 'Write the outline', completed: false, created_date: '2026-11-20' },
    ],
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}
