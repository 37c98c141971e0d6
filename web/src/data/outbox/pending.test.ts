import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../api/client.ts';
import { isOfflineFailure, isQueueable, setWriteSink, withOfflineWrites } from './pending.ts';

function fakeClient(answer: () => Promise<unknown>) {
  const request = vi.fn(answer);
  return { client: { request } as unknown as ApiClient, request };
}

afterEach(() => vi.restoreAllMocks());

describe('which writes wait on this device', () => {
  it('keeps assignment creates, edits, deletes and subtask or note changes', () => {
    expect(isQueueable('POST', '/api/assignment')).toBe(true);
    expect(isQueueable('PATCH', '/api/assignment')).toBe(true);
    expect(isQueueable('DELETE', '/api/assignment')).toBe(true);
    expect(isQueueable('POST', '/api/assignment/a1/subtasks')).toBe(true);
    expect(isQueueable('PATCH', '/api/assignment/a1/notes/n1')).toBe(true);
    expect(isQueueable('POST', '/api/assignment/a1/notes/n1')).toBe(false);
    expect(isQueueable('GET', '/api/assignment')).toBe(false);
    expect(isQueueable('POST', '/api/upload-pdf')).toBe(false);
    expect(isQueueable('POST', '/api/assignment/a1/skip')).toBe(false);
  });

  it('counts only failures without an answer', () => {
    expect(isOfflineFailure(new ApiError('network', 'x'), true)).toBe(true);
    expect(isOfflineFailure(new ApiError('timeout', 'x'), false)).toBe(true);
    expect(isOfflineFailure(new ApiError('timeout', 'x'), true)).toBe(false);
    expect(isOfflineFailure(new ApiError('bad-request', 'x', { status: 404 }), false)).toBe(false);
    expect(isOfflineFailure(new ApiError('cancelled', 'x'), false)).toBe(false);
  });
});

describe('withOfflineWrites', () => {
  it('hands a write that fails offline to the board, and answers as the board does', async () => {
    const { client } = fakeClient(() => Promise.reject(new ApiError('network', 'offline')));
    const keep = vi.fn(() => Promise.resolve({ item: { id: 'a1' } }));
    const drop = setWriteSink({ waiting: () => false, keep });
    try {
      const api = withOfflineWrites(client);
      await expect(api.patch('/api/assignment', { id: 'a1', title: 'T' })).resolves.toEqual({
        item: { id: 'a1' },
      });
      expect(keep).toHaveBeenCalledWith({
        method: 'PATCH',
        path: '/api/assignment',
        body: { id: 'a1', title: 'T' },
      });
    } finally {
      drop();
    }
  });

  it('passes refusals on, and queues behind earlier writes without sending', async () => {
    const refused = new ApiError('bad-request', 'no', { status: 404 });
    const { client, request } = fakeClient(() => Promise.reject(refused));
    let waiting = false;
    const keep = vi.fn(() => Promise.resolve({ ok: true }));
    const drop = setWriteSink({ waiting: () => waiting, keep });
    try {
      const api = withOfflineWrites(client);
      await expect(api.delete('/api/assignment', { id: 'a1' })).rejects.toBe(refused);
      waiting = true;
      await expect(api.delete('/api/assignment', { id: 'a1' })).resolves.toEqual({ ok: true });
      expect(request).toHaveBeenCalledTimes(1);
    } finally {
      drop();
    }
  });

  it('sends as usual when no board is shown', async () => {
    const { client } = fakeClient(() => Promise.reject(new ApiError('network', 'offline')));
    const api = withOfflineWrites(client);
    await expect(api.post('/api/assignment', { id: 'a' })).rejects.toThrow('offline');
  });
});
