import type { Assignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { mergeRemote } from './mergeRemote.ts';

const a = (id: string, rank: number, updated_at: string, extra: Partial<Assignment> = {}) =>
  ({ id, rank, updated_at, status: 'new', title: id, ...extra }) as Assignment;
const none = { created: new Set<string>(), deleted: new Set<string>(), unsaved: new Set<string>() };

describe('mergeRemote', () => {
  it('returns the same array when nothing changed, so nothing re-renders', () => {
    const local = [a('x', 1, 't1'), a('y', 2, 't1')];
    const remote = [a('x', 1, 't1'), a('y', 2, 't1')];
    expect(mergeRemote(local, remote, none)).toBe(local);
  });

  it('takes newer remote copies, adds new cards and drops removed ones', () => {
    const local = [a('x', 1, 't1'), a('y', 2, 't1')];
    const remote = [a('z', 0, 't2'), a('x', 3, 't2', { title: 'renamed' })];
    const merged = mergeRemote(local, remote, none);
    expect(merged.map((m) => m.id)).toEqual(['z', 'x']);
    expect(merged[1]?.title).toBe('renamed');
  });

  it('never lets an older remote copy undo a newer local one', () => {
    const local = [a('x', 5, 't3', { status: 'done' })];
    const merged = mergeRemote(local, [a('x', 1, 't2')], none);
    expect(merged[0]).toBe(local[0]);
  });

  it('keeps cards created or deleted here a moment ago', () => {
    const local = [a('new', 0, 't5'), a('x', 1, 't1')];
    const remote = [a('x', 1, 't1'), a('gone', 2, 't1')];
    const merged = mergeRemote(local, remote, {
      created: new Set(['new']),
      deleted: new Set(['gone']),
      unsaved: new Set(),
    });
    expect(merged.map((m) => m.id)).toEqual(['new', 'x']);
  });

  it('keeps an unsaved move where the person put it until someone changes the card', () => {
    const local = [a('x', 9, 't1', { status: 'done' })];
    const unsaved = { ...none, unsaved: new Set(['x']) };
    expect(mergeRemote(local, [a('x', 1, 't1')], unsaved)[0]?.status).toBe('done');
    expect(mergeRemote(local, [a('x', 1, 't2')], unsaved)[0]?.status).toBe('new');
  });
});
