import { describe, expect, it } from 'vitest';
import { assignmentFromDoc } from './storedAssignment.ts';

describe('assignmentFromDoc', () => {
  it('orders subtasks and notes', () => {
    const a = assignmentFromDoc('a1', {
      title: 'Essay',
      description: 'Draft',
      due_date: '2026-12-01T08:00:00',
      status: 'in progress',
      subtasks: {
        s2: {
          title: 'Second',
          completed: true,
          created_date: '2026-11-02',
          order: 2,
          estimate_minutes: 45,
        },
        s1: { title: 'First', completed: false, created_date: '2026-11-01', order: 1 },
      },
      notes: {
        n1: { text: 'Note', created_date: '2026-11-01', order: 0 },
      },
      completed_date: null,
      deep_dive: { 'Thought Provoker': 'Hmm' },
      rank: -5,
      version: 7,
      focus_minutes: 30,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-02T00:00:00.000Z',
    });
    expect(a).toEqual({
      id: 'a1',
      title: 'Essay',
      description: 'Draft',
      due_date: '2026-12-01T08:00:00',
      status: 'in progress',
      subtasks: [
        {
          id: 's1',
          title: 'First',
          completed: false,
          created_date: '2026-11-01',
          estimate_minutes: null,
        },
        {
          id: 's2',
          title: 'Second',
          completed: true,
          created_date: '2026-11-02',
          estimate_minutes: 45,
        },
      ],
      notes: [{ id: 'n1', text: 'Note', created_date: '2026-11-01' }],
      completed_date: null,
      deep_dive: { 'Thought Provoker': 'Hmm' },
      rank: -5,
      reminders: null,
      repeat: null,
      series_id: null,
      version: 7,
      focus_minutes: 30,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-02T00:00:00.000Z',
      source: null,
      due_moved_from: null,
      source_gone: false,
    });
  });

  it('maps where an imported assignment came from and what its source changed', () => {
    const source = {
      kind: 'lms',
      feed_id: 'feed-1',
      uid: 'assignment_5101',
      course: 'ENG101-02',
      url: 'https://canvas.example.edu/calendar#assignment_5101',
      name: 'Canvas',
    };
    const a = assignmentFromDoc('lms-1', {
      title: 'Essay draft',
      due_date: '2026-11-27T23:59:00',
      source,
      due_moved_from: '2026-11-26T23:59:00',
      source_gone: true,
      lms_seen: { title: 'Essay draft', due_date: '2026-11-27T23:59:00' },
    });
    expect(a).toMatchObject({
      source,
      due_moved_from: '2026-11-26T23:59:00',
      source_gone: true,
    });
    expect(a).not.toHaveProperty('lms_seen');
    expect(assignmentFromDoc('x', { source: { kind: 'other' } }).source).toBeNull();
  });

  it('fills defaults for missing fields', () => {
    const a = assignmentFromDoc('a2', { title: 'T' });
    expect(a).toMatchObject({
      description: '',
      due_date: '',
      status: 'new',
      subtasks: [],
      notes: [],
      completed_date: null,
      deep_dive: {},
      rank: 0,
      version: 1,
      focus_minutes: 0,
    });
  });
});
