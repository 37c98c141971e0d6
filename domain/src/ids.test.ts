import { describe, expect, it } from 'vitest';
import { newSubtaskId, suggestedSubtaskId } from './ids.ts';

describe('newSubtaskId', () => {
  it('is "subtask-" plus the timestamp and a random string', () => {
    expect(newSubtaskId(1_700_000_000_000, () => 0.5)).toBe('subtask-1700000000000-i0000000');
  });
  it('always has eight random characters', () => {
    expect(newSubtaskId(1, () => 0)).toBe('subtask-1-00000000');
    expect(newSubtaskId(1, () => 0.9999999999)).toMatch(/^subtask-1-[0-9a-z]{8}$/);
    expect(newSubtaskId(1, () => 1)).toMatch(/^subtask-1-[0-9a-z]{8}$/);
  });
  it('differs for different random values at the same time', () => {
    expect(newSubtaskId(5, () => 0.1)).not.toBe(newSubtaskId(5, () => 0.2));
  });
  it('is usable as a field-path key', () => {
    expect(newSubtaskId(1_700_000_000_000, () => 0.123456)).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('suggestedSubtaskId', () => {
  it('is "suggested-" plus the timestamp and the index', () => {
    expect(suggestedSubtaskId(0, 1_700_000_000_000)).toBe('suggested-1700000000000-0');
    expect(suggestedSubtaskId(3, 42)).toBe('suggested-42-3');
  });
});
