import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mutation } from '@brainboard/domain';
import { ApiError, type ApiClient } from '../api/client.ts';
import { isOfflineFailure, sendMutation, setWriteSink } from './pending.ts';

function fakeClient(answer: () => Promise<unknown>) {
  const call = vi.fn(answer);
  const client = { post: call, patch: call, delete: call } as unknown as ApiClient;
  return { client, call };
}

afterEach(() => vi.restoreAllMocks());

describe('which failures wait on this device', () => {
  it('counts only failures without an answer', () => {
    expect(isOfflineFailure(new ApiError('network', 'x'), true)).toBe(true);
    expect(isOfflineFailure(new ApiError('timeout', 'x'), false)).toBe(true);
    expect(isOfflineFailure(new ApiError('timeout', 'x'), true)).toBe(false);
    expect(isOfflineFailure(new ApiError('bad-request', 'x', { status: 404 }), false)).toBe(false);
    expect(isOfflineFailure(new ApiError('cancelled', 'x'), false)).toBe(false);
  });
});

describe('sendMutation', () => {
  const edit: Mutation = { kind: 'update', id: 'a1', changes: { title: 'T' } };
  const del: Mutation = { kind: 'delete', id: 'a1' };

  it('sends the mutation as its endpoint of the contract', async () => {
    const { client, call } = fakeClient(() => Promise.resolve({ item: { id: 'a1' } }));
    await sendMutation(client, edit);
    expect(call).toHaveBeenCalledWith('/api/assignment', { id: 'a1', title: 'T' });
    await sendMutation(client, { kind: 'removeNote', id: 'a1', noteId: 'n1' });
    expect(call).toHaveBeenLastCalledWith('/api/assignment/a1/notes/n1');
  });

  it('hands a mutation that fails offline to the board, and answers as the board does', async () => {
    const { client } = fakeClient(() => Promise.reject(new ApiError('network', 'offline')));
    const keep = vi.fn(() => Promise.resolve({ item: { id: 'a1' } }));
    const drop = setWriteSink({ waiting: () => false, keep });
    try {
      await expect(sendMutation(client, edit)).resolves.toEqual({ item: { id: 'a1' } });
      expect(keep).toHaveBeenCalledWith(edit);
    } finally {
      drop();
    }
  });

  it('passes refusals on, and queues behind earlier writes without sending', async () => {
    const refused = new ApiError('bad-request', 'no', { status: 404 });
    const { client, call } = fakeClient(() => Promise.reject(refused));
    let waiting = false;
    const keep = vi.fn(() => Promise.resolve({ ok: true }));
    const drop = setWriteSink({ waiting: () => waiting, keep });
    try {
      await expect(sendMutation(client, del)).rejects.toBe(refused);
      waiting = true;
      await expect(sendMutation(client, del)).resolves.toEqual({ ok: true });
      expect(call).toHaveBeenCalledTimes(1);
    } finally {
      drop();
    }
  });

  it('sends as usual when no board is shown', async () => {
    const { client } = fakeClient(() => Promise.reject(new ApiError('network', 'offline')));
    await expect(sendMutation(client, del)).rejects.toThrow('offline');
  });
});
