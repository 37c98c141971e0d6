import type { Assignment } from '@brainboard/domain';
import { makeAssignment } from '@brainboard/domain/testing';
import { describe, expect, it } from 'vitest';
import { parseSeen, pickNextFocusTask } from './next.ts';

const task = (id: string, due_date: string, status: Assignment['status'] = 'new'): Assignment =>
  makeAssignment({
    id,
    title: id,
    due_date,
    status,
    created_at: `2026-01-01T00:00:0${id.length}Z`,
    updated_at: '2026-01-01T00:00:00Z',
  });

const items = [
  task('a', '2026-11-20T08:00:00'),
  task('b', '2026-11-21T08:00:00'),
  task('c', '2026-11-22T08:00:00'),
  task('d', '2026-11-19T08:00:00', 'done'),
];

describe('pickNextFocusTask', () => {
  it('answers the next due pending task other than the current one', () => {
    expect(pickNextFocusTask(items, 'a', [])?.id).toBe('b');
    expect(pickNextFocusTask(items, 'b', [])?.id).toBe('a');
  });

  it('skips the tasks already seen in this focus session', () => {
    expect(pickNextFocusTask(items, 'b', ['a'])?.id).toBe('c');
  });

  it('starts over when every other pending task was seen', () => {
    expect(pickNextFocusTask(items, 'c', ['a', 'b'])?.id).toBe('a');
  });

  it('answers null when the current task is the only pending one', () => {
    expect(pickNextFocusTask([items[0]!, items[3]!], 'a', [])).toBeNull();
  });
});

describe('parseSeen', () => {
  it('reads a comma list and refuses oversized ones', () => {
    expect(parseSeen(undefined)).toEqual([]);
    expect(parseSeen('a,b,,c')).toEqual(['a', 'b', 'c']);
    expect(parseSeen(['a'])).toBeNull();
    expect(parseSeen(Array.from({ length: 201 }, (_, i) => `id${i}`).join(','))).toBeNull();
  });
});
