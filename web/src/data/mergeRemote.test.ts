import type { Assignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { mergeRemote } from './mergeRemote.ts';

const a = (id: string, rank: number, version: number, extra: Partial<Assignment> = {}) =>
  ({
    id,
    rank,
    version,
    updated_at: `t${version}`,
    status: 'new',
    title: id,
    ...extra,
  }) as Assignment;
const none = { created: new Set<string>(), deleted: new Set<string>() };

describe('mergeRemote', () => {
  it('returns the same array when nothing changed, so nothing re-renders', () => {
    const local = [a('x', 1, 1), a('y', 2, 1)];
    const remote = [a('x', 1, 1), a('y', 2, 1)];
    expect(mergeRemote(local, remote, none)).toBe(local);
  });

  it('takes newer remote copies, adds new cards and drops removed ones', () => {
    const local = [a('x', 1, 1), a('y', 2, 1)];
    const remote = [a('z', 0, 2), a('x', 3, 2, { title: 'renamed' })];
    const merged = mergeRemote(local, remote, none);
    expect(merged.map((m) => m.id)).toEqual(['z', 'x']);
    expect(merged[1]?.title).toBe('renamed');
  });

  it('never lets an older remote copy undo a later local version', () => {
    const local = [a('x', 5, 3, { status: 'done' })];
    const merged = mergeRemote(local, [a('x', 1, 2)], none);
    expect(merged[0]).toBe(local[0]);
  });

  it('takes the server copy at the same version (the server is the truth)', () => {
    const local = [a('x', 5, 3, { status: 'done', updated_at: 'device clock' })];
    const merged = mergeRemote(local, [a('x', 1, 3)], none);
    expect(merged[0]?.status).toBe('new');
  });

  it('keeps cards created or deleted here a moment ago', () => {
    const local = [a('new', 0, 1), a('x', 1, 1)];
    const remote = [a('x', 1, 1), a('gone', 2, 1)];
    const merged = mergeRemote(local, remote, {
      created: new Set(['new']),
      deleted: new Set(['gone']),
    });
    expect(merged.map((m) => m.id)).toEqual(['new', 'x']);
  });

  it('keeps an unsaved move where the person put it until someone changes the card', () => {
    // The move raised the board's copy to version 2; the server still has 1.
    const local = [a('x', 9, 2, { status: 'done' })];
    expect(mergeRemote(local, [a('x', 1, 1)], none)[0]?.status).toBe('done');
    expect(mergeRemote(local, [a('x', 1, 2)], none)[0]?.status).toBe('new');
  });
});
