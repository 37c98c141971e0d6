import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../testApi.ts';
import { callEndpoint } from './call.ts';
import type { ApiClient } from './client.ts';

/** The fake as the client it stands in for (its mocks answer whatever the test needs). */
const client = (fake: typeof api) => fake as unknown as ApiClient;

beforeEach(() => {
  api.get.mockResolvedValue([{ id: 'a1' }]);
  api.post.mockResolvedValue({ streak: 3 });
  api.patch.mockResolvedValue({ item: { id: 'a1' } });
  api.delete.mockResolvedValue(undefined);
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('callEndpoint', () => {
  it("calls the endpoint's method on its path and answers what the client answered", async () => {
    await expect(
      callEndpoint(client(api), 'POST /api/focus/complete', {}, { date: '2026-11-23' }),
    ).resolves.toEqual({
      streak: 3,
    });
    expect(api.post).toHaveBeenCalledWith('/api/focus/complete', { date: '2026-11-23' });

    await callEndpoint(
      client(api),
      'PATCH /api/assignment/:id/subtasks/:subtaskId',
      { id: 'a1', subtaskId: 's1' },
      { completed: true },
    );
    expect(api.patch).toHaveBeenCalledWith('/api/assignment/a1/subtasks/s1', { completed: true });

    await callEndpoint(client(api), 'DELETE /api/assignment/:id/notes/:noteId', {
      id: 'a1',
      noteId: 'n1',
    });
    expect(api.delete).toHaveBeenCalledWith('/api/assignment/a1/notes/n1');
  });

  it('passes the query and the signal, and only when there are some', async () => {
    const signal = new AbortController().signal;
    await callEndpoint(client(api), 'GET /api/assignments', {}, undefined, { signal });
    await callEndpoint(client(api), 'GET /api/assignment/:id', { id: 'a1' });
    await callEndpoint(client(api), 'GET /api/focus/next', {}, undefined, {
      query: { current: 'a1', seen: '', t: '1' },
    });
    expect(api.get.mock.calls).toEqual([
      ['/api/assignments', { signal }],
      ['/api/assignment/a1'],
      ['/api/focus/next', { query: { current: 'a1', seen: '', t: '1' } }],
    ]);
  });

  it('hands a FormData body to the client as it is (the client sends it as multipart)', async () => {
    const form = new FormData();
    await callEndpoint(client(api), 'POST /api/upload-pdf', {}, form, {
      query: { assignment_id: 'a1' },
    });
    expect(api.post).toHaveBeenCalledWith('/api/upload-pdf', form, {
      query: { assignment_id: 'a1' },
    });
  });
});
