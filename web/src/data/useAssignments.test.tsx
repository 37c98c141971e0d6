import { MOVE_ASSIGNMENT_FAILED, type Assignment } from '@brainboard/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client.ts';
import { readUserCache, writeUserCache } from './userCache.ts';
import { api as fake } from './testApi.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import type { AssignmentsListener } from './subscribeToAssignments.ts';
import * as notify from '../ui/notify.ts';

const live = vi.hoisted(() => ({
  listener: null as AssignmentsListener | null,
  refresh: vi.fn(),
}));
vi.mock('./api.ts', async () => (await import('./testApi.ts')).apiModule);
vi.mock('./subscribeToAssignments.ts', () => ({
  subscribeToAssignments: (_uid: string, listener: AssignmentsListener) => {
    live.listener = listener;
    return Object.assign(() => {}, { refresh: live.refresh });
  },
}));

const { useAssignments } = await import('./useAssignments.ts');

const a1 = makeAssignment({ id: 'a1', rank: 1, title: 'Essay' });
const a2 = makeAssignment({ id: 'a2', rank: 2, title: 'Quiz' });
const ids = (list: readonly Assignment[]) => list.map((a) => `${a.id}:${a.status}`);

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(notify, 'showAlert').mockImplementation(async (m) => void alerts.push(m));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  for (const fn of Object.values(fake)) fn.mockReset();
  live.listener = null;
  live.refresh.mockReset();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

async function loaded() {
  fake.get.mockResolvedValue([a2, a1]);
  const hook = renderHook(() => useAssignments('u1'));
  await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  return hook;
}

describe('useAssignments', () => {
  it('loads the list sorted by rank', async () => {
    const { result } = await loaded();
    expect(fake.get).toHaveBeenCalledWith('/api/assignments', expect.anything());
    expect(ids(result.current.assignments)).toEqual(['a1:new', 'a2:new']);
  });

  it('moves at once, then saves status and rank', async () => {
    const { result } = await loaded();
    let resolve!: (v: unknown) => void;
    fake.patch.mockReturnValue(new Promise((r) => (resolve = r)));
    let saved!: Promise<boolean>;
    act(() => {
      saved = result.current.moveCard('a1', 'done', [{ id: 'a1', rank: 5 }]);
    });
    expect(ids(result.current.assignments)).toEqual(['a2:new', 'a1:done']);
    expect(result.current.assignments[1]?.completed_date).toBeTruthy();
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment', {
      id: 'a1',
      status: 'done',
      rank: 5,
    });
    // A poll answered meanwhile must not show the old place.
    act(() => {
      expect(
        live.listener?.({ assignments: [a1, a2], requestedAt: performance.now(), kind: 'poll' }),
      ).toBe(false);
    });
    expect(ids(result.current.assignments)).toEqual(['a2:new', 'a1:done']);
    await act(async () => {
      resolve({ item: { ...a1, status: 'done', rank: 5, updated_at: '2026-11-05T00:00:00.000Z' } });
      await saved;
    });
    expect(live.refresh).toHaveBeenCalled();
    expect(alerts).toEqual([]);
  });

  it('a renumbering drag writes status and rank for the moved card, and only rank for each neighbour', async () => {
    const { result } = await loaded();
    fake.patch.mockImplementation((_path: string, body: { id: string }) =>
      Promise.resolve({ item: { ...(body.id === 'a1' ? a1 : a2), ...body } }),
    );
    await act(async () => {
      await result.current.moveCard('a1', 'in progress', [
        { id: 'a2', rank: 0 },
        { id: 'a1', rank: 1024 },
      ]);
    });
    expect(fake.patch.mock.calls).toEqual([
      ['/api/assignment', { id: 'a2', rank: 0 }],
      ['/api/assignment', { id: 'a1', status: 'in progress', rank: 1024 }],
    ]);
    expect(ids(result.current.assignments)).toEqual(['a2:new', 'a1:in progress']);
  });

  it('alerts "Failed to update assignment status: …" and keeps the card where it was put', async () => {
    const { result } = await loaded();
    fake.patch.mockRejectedValue(
      new ApiError('bad-response', 'Firestore is down.', {
        status: 503,
        serverError: 'Firestore is down.',
      }),
    );
    await act(async () => {
      await result.current.moveCard('a2', 'in progress', [{ id: 'a2', rank: 0 }]);
    });
    expect(alerts).toEqual(['Failed to update assignment status: Firestore is down.']);
    expect(ids(result.current.assignments)).toEqual(['a2:in progress', 'a1:new']);
    // The next full list from the server does not move it back either.
    act(() => {
      live.listener?.({ assignments: [a1, a2], requestedAt: performance.now() + 1, kind: 'poll' });
    });
    expect(ids(result.current.assignments)).toEqual(['a2:in progress', 'a1:new']);
  });

  it('alerts "Failed to move assignment. Please try again." for a failed reorder', async () => {
    const { result } = await loaded();
    fake.patch.mockRejectedValue(new Error(''));
    await act(async () => {
      await result.current.moveCard('a2', 'new', [{ id: 'a2', rank: 0 }]);
    });
    expect(alerts).toEqual([MOVE_ASSIGNMENT_FAILED]);
    expect(ids(result.current.assignments)).toEqual(['a2:new', 'a1:new']);
  });

  it('shows remote changes, and deletes with the SPEC alert on failure', async () => {
    const { result } = await loaded();
    const a3 = makeAssignment({ id: 'a3', rank: 0, title: 'Lab' });
    act(() => {
      live.listener?.({ assignments: [a3, a1, a2], requestedAt: performance.now(), kind: 'live' });
    });
    expect(ids(result.current.assignments)).toEqual(['a3:new', 'a1:new', 'a2:new']);

    fake.delete.mockRejectedValueOnce(
      new ApiError('bad-request', 'Nope.', { status: 404, serverError: 'Nope.' }),
    );
    await act(async () => {
      expect(await result.current.deleteCard('a3')).toBe(false);
    });
    expect(alerts).toEqual(['Failed to delete assignment: Nope.']);
    fake.delete.mockResolvedValueOnce({ ok: true });
    await act(async () => {
      expect(await result.current.deleteCard('a3')).toBe(true);
    });
    expect(fake.delete).toHaveBeenLastCalledWith('/api/assignment', { id: 'a3' });
    expect(ids(result.current.assignments)).toEqual(['a1:new', 'a2:new']);
  });

  it('holds live updates during a drag and asks again afterwards', async () => {
    const { result } = await loaded();
    act(() => result.current.holdUpdates(true));
    const a3 = makeAssignment({ id: 'a3', rank: 0 });
    act(() => {
      live.listener?.({ assignments: [a3, a1, a2], requestedAt: performance.now(), kind: 'live' });
    });
    expect(result.current.assignments).toHaveLength(2);
    act(() => result.current.holdUpdates(false));
    expect(live.refresh).toHaveBeenCalledTimes(1);
  });

  it('logs a failed first load and shows the board empty instead of loading forever', async () => {
    const error = vi.mocked(console.error);
    fake.get.mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useAssignments('u1'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(error).toHaveBeenCalled();
    expect(alerts).toEqual([]);
    act(() => {
      live.listener?.({ assignments: [a1], requestedAt: performance.now(), kind: 'poll' });
    });
    expect(result.current.status).toBe('ready');
  });

  describe('the local copy of the board (a returning student)', () => {
    it('shows the cached board at once, before the first load answers, then the answer', async () => {
      writeUserCache('board', 'u1', [a1]);
      let answer: (list: Assignment[]) => void = () => {};
      fake.get.mockReturnValue(new Promise<Assignment[]>((resolve) => (answer = resolve)));
      const { result } = renderHook(() => useAssignments('u1'));
      expect(result.current.status).toBe('ready');
      expect(ids(result.current.assignments)).toEqual(['a1:new']);

      const moved = { ...a1, status: 'done' as const, updated_at: '2026-11-09T00:00:00.000Z' };
      await act(async () => answer([a2, moved]));
      expect(ids(result.current.assignments)).toEqual(['a1:done', 'a2:new']);
    });

    it('keeps what the server answered for next time, per user', async () => {
      fake.get.mockResolvedValue([a2, a1]);
      const { result } = renderHook(() => useAssignments('u1'));
      await waitFor(() => expect(result.current.status).toBe('ready'));
      await waitFor(() =>
        expect(readUserCache<Assignment[]>('board', 'u1')?.map((a) => a.id)).toEqual(['a1', 'a2']),
      );
      expect(readUserCache('board', 'u2')).toBeNull();
    });

    it('keeps the cached board, with the notice, when the first load fails', async () => {
      writeUserCache('board', 'u1', [a1, a2]);
      fake.get.mockRejectedValue(new Error('offline'));
      const { result } = renderHook(() => useAssignments('u1'));
      await waitFor(() => expect(result.current.status).toBe('error'));
      expect(ids(result.current.assignments)).toEqual(['a1:new', 'a2:new']);
    });

    it('does not write a copy the server has not confirmed', async () => {
      writeUserCache('board', 'u1', [a1]);
      fake.get.mockReturnValue(new Promise(() => {}));
      const { result } = renderHook(() => useAssignments('u1'));
      act(() => result.current.applyItem({ ...a2, updated_at: '2026-11-09T00:00:00.000Z' }));
      await new Promise((r) => setTimeout(r, 600));
      expect(readUserCache<Assignment[]>('board', 'u1')?.map((a) => a.id)).toEqual(['a1']);
    });
  });
});
