import { describe, expect, it } from 'vitest';
import { statusFields } from './change.ts';

const now = new Date('2026-11-23T10:00:00.000Z');

describe('statusFields', () => {
  it('entering Done stamps completed_date; staying there keeps the first stamp', () => {
    expect(statusFields('new', 'done', now)).toEqual({
      status: 'done',
      completed_date: '2026-11-23T10:00:00.000Z',
    });
    expect(statusFields('in progress', 'done', now)).toMatchObject({
      completed_date: now.toISOString(),
    });
    expect(statusFields('done', 'done', now)).toEqual({ status: 'done' });
  });

  it('leaving Done, or any move outside it, clears completed_date', () => {
    expect(statusFields('done', 'new', now)).toEqual({ status: 'new', completed_date: null });
    expect(statusFields('new', 'in progress', now)).toEqual({
      status: 'in progress',
      completed_date: null,
    });
  });
});
