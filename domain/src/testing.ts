import type { Assignment } from './types.ts';

/**
 * An assignment for tests on every side (domain, functions, web); override what matters.
 * Imported as `@brainboard/domain/testing`, never from production code.
 */
export function makeAssignment(over: Partial<Assignment> & { id: string }): Assignment {
  return {
    title: `Task ${over.id}`,
    description: '',
    due_date: '',
    status: 'new',
    subtasks: [],
    notes: [],
    completed_date: null,
    deep_dive: {},
    rank: 0,
    version: 1,
    series_id: null,
    repeat: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}
