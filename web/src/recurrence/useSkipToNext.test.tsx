import { makeAssignment } from '@brainboard/domain/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api as fake } from '../data/testApi.ts';
import { useSkipToNext } from './useSkipToNext.ts';

vi.mock('../data/api.ts', async () => (await import('../data/testApi.ts')).apiModule);
vi.mock('sonner', () => ({ toast: vi.fn() }));

const repeat = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null };
const before = makeAssignment({
  id: 'a1',
  title: 'Weekly reading',
  due_date: '2031-03-14T17:00:00',
  repeat,
});
const skipped = { ...before, due_date: '2031-03-21T17:00:00', version: 2 };
const restored = { ...before, version: 3 };

/** The hook over a list that follows what it applies, as the board's does. */
function setup() {
  let list = [before];
  const applyItem = vi.fn((item: typeof before) => {
    list = list.map((a) => (a.id === item.id ? item : a));
  });
  const hook = renderHook(() => useSkipToNext(list, applyItem, (write) => write));
  return { hook, applyItem, rerender: () => hook.rerender() };
}

/** The Undo of the last toast shown. */
function undoOfLastToast(): () => void {
  const options = vi.mocked(toast).mock.calls.at(-1)?.[1] as
    { action?: { label: string; onClick(): void } } | undefined;
  expect(options?.action?.label).toBe('Undo');
  return () => options!.action!.onClick();
}

beforeEach(() => {
  for (const fn of Object.values(fake)) fn.mockReset();
  vi.mocked(toast).mockReset();
});

describe('Skip to next, with Undo', () => {
  it('skips, then Undo sends the previous due date once through the ordinary update', async () => {
    fake.post.mockResolvedValue({ item: skipped });
    fake.patch.mockResolvedValue({ item: restored });
    const { hook, applyItem, rerender } = setup();
    hook.result.current('a1', '2031-03-21T17:00:00');
    await waitFor(() => expect(applyItem).toHaveBeenCalledWith(skipped));
    // The skip names the date it moves from, so sending it again moves the card once.
    expect(fake.post.mock.calls[0]).toEqual([
      '/api/assignment/a1/skip',
      { from: '2031-03-14T17:00:00' },
    ]);
    rerender();
    expect(toast).toHaveBeenCalledWith(
      '“Weekly reading” moved to its next date.',
      expect.anything(),
    );
    const undo = undoOfLastToast();
    undo();
    undo();
    await waitFor(() => expect(applyItem).toHaveBeenCalledWith(restored));
    expect(fake.patch).toHaveBeenCalledTimes(1);
    expect(fake.patch.mock.calls[0]?.[1]).toEqual({ id: 'a1', due_date: '2031-03-14T17:00:00' });
  });

  it('leaves a due date that changed again after the skip alone', async () => {
    fake.post.mockResolvedValue({ item: skipped });
    const { hook, applyItem, rerender } = setup();
    hook.result.current('a1', '2031-03-21T17:00:00');
    await waitFor(() => expect(applyItem).toHaveBeenCalledWith(skipped));
    // Moved again meanwhile (an edit, another device).
    applyItem({ ...skipped, due_date: '2031-04-04T17:00:00', version: 3 });
    rerender();
    undoOfLastToast()();
    await Promise.resolve();
    expect(fake.patch).not.toHaveBeenCalled();
  });
});
