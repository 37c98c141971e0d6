import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from './api/client.ts';
import { api as fake } from './testApi.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import { createAssignment, newClientId, replaceLists } from './assignmentsApi.ts';

const STALE =
  'This assignment was changed on another device, so nothing was saved. Here is the latest copy.';

/** The one fake client, its mocks taken apart for the tests below. */
function fakeApi() {
  const { patch, post } = fake;
  return { api: fake as unknown as ApiClient, patch, post };
}

afterEach(() => {
  vi.resetAllMocks();
});

const s = (id: string, completed = false) => ({
  id,
  title: id,
  completed,
  created_date: '2026-11-20',
});

describe('replaceLists', () => {
  const addOne = (a: { subtasks: { id: string; title: string; completed: boolean }[] }) => ({
    subtasks: [...a.subtasks, { id: 'new', title: 'new', completed: false }],
  });

  it('names the version of the copy it was based on', async () => {
    const { api, patch } = fakeApi();
    const base = makeAssignment({ id: 'a1', version: 4, subtasks: [s('s1')] });
    patch.mockResolvedValue({ item: { ...base, version: 5 } });
    await replaceLists(api, base, addOne);
    expect(patch).toHaveBeenCalledWith('/api/assignment', {
      id: 'a1',
      version: 4,
      subtasks: [s('s1'), { id: 'new', title: 'new', completed: false }],
    });
  });

  it('on 409 makes the change again on the copy the server answered, once', async () => {
    const { api, patch } = fakeApi();
    const base = makeAssignment({ id: 'a1', version: 4, subtasks: [s('s1')] });
    const fresh = makeAssignment({ id: 'a1', version: 6, subtasks: [s('s1', true), s('s2')] });
    patch
      .mockRejectedValueOnce(
        new ApiError('bad-request', STALE, {
          status: 409,
          serverError: STALE,
          body: { error: STALE, item: fresh },
        }),
      )
      .mockResolvedValueOnce({ item: { ...fresh, version: 7 } });
    const item = await replaceLists(api, base, addOne);
    expect(item.version).toBe(7);
    expect(patch).toHaveBeenLastCalledWith('/api/assignment', {
      id: 'a1',
      version: 6,
      subtasks: [s('s1', true), s('s2'), { id: 'new', title: 'new', completed: false }],
    });
    expect(patch).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second 409, and passes other errors on', async () => {
    const { api, patch } = fakeApi();
    const base = makeAssignment({ id: 'a1', version: 1 });
    const conflict = new ApiError('bad-request', STALE, {
      status: 409,
      body: { error: STALE, item: { ...base, version: 2 } },
    });
    patch.mockRejectedValue(conflict);
    await expect(replaceLists(api, base, addOne)).rejects.toBe(conflict);
    expect(patch).toHaveBeenCalledTimes(2);
    patch.mockReset();
    patch.mockRejectedValue(new ApiError('bad-request', 'Nope', { status: 400 }));
    await expect(replaceLists(api, base, addOne)).rejects.toThrow('Nope');
    expect(patch).toHaveBeenCalledTimes(1);
  });
});

describe('idempotent creates', () => {
  it('a create carries the id chosen here', async () => {
    const { api, post } = fakeApi();
    const id = newClientId('assignment', 1_790_000_000_000);
    expect(id).toMatch(/^assignment-1790000000000-[a-f0-9]{12}$/);
    post.mockResolvedValue({ item: { id } });
    await createAssignment(api, { id, title: 'Essay' });
    expect(post).toHaveBeenCalledWith('/api/assignment', { id, title: 'Essay' });
  });
});
