import type { Assignment } from '@brainboard/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../firebase/firebase.ts', () => ({ auth: {}, firebaseApp: {} }));

const { pollAssignments, POLL_INTERVAL_MS } = await import('./subscribeToAssignments.ts');
const { createApiClient } = await import('./api/client.ts');

const item = (id: string) => ({ id, rank: 0 }) as Assignment;

function fakeServer() {
  const seen: (string | null)[] = [];
  let version = 1;
  let list: Assignment[] = [item('a')];
  let failNext = false;
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push(headers.get('If-None-Match'));
    expect(String(url)).toBe('/api/assignments');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(init?.cache).toBe('no-store');
    if (failNext) {
      failNext = false;
      return new Response(JSON.stringify({ error: 'Down for a moment.' }), { status: 503 });
    }
    const etag = `W/"v${version}"`;
    if (headers.get('If-None-Match') === etag) return new Response(null, { status: 304 });
    return new Response(JSON.stringify(list), { status: 200, headers: { ETag: etag } });
  });
  return {
    fetch,
    seen,
    change(next: Assignment[]) {
      list = next;
      version += 1;
    },
    fail() {
      failNext = true;
    },
    api: createApiClient({
      getIdToken: async () => 'token-1',
      fetch: fetch as typeof globalThis.fetch,
    }),
  };
}

let visibility: DocumentVisibilityState = 'visible';

describe('pollAssignments (live without Firestore)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('polls every 1.5 s, sends the last ETag and reports only changes', async () => {
    const server = fakeServer();
    const listener = vi.fn(() => true);
    const stop = pollAssignments(listener, { api: server.api });

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toMatchObject([{ assignments: [{ id: 'a' }], kind: 'poll' }]);

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(server.seen).toEqual([null, 'W/"v1"']);
    expect(listener).toHaveBeenCalledTimes(1); // 304: unchanged

    server.change([item('a'), item('b')]);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.calls[1]).toMatchObject([{ assignments: [{ id: 'a' }, { id: 'b' }] }]);
    stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(server.fetch).toHaveBeenCalledTimes(3);
  });

  it('forgets the ETag when the board could not apply a list, so the next poll sends it again', async () => {
    const server = fakeServer();
    const listener = vi.fn().mockReturnValueOnce(false).mockReturnValue(true);
    const stop = pollAssignments(listener, { api: server.api });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(server.seen).toEqual([null, null]);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('waits while the tab is hidden and polls at once when it is shown again', async () => {
    const server = fakeServer();
    const listener = vi.fn(() => true);
    visibility = 'hidden';
    const stop = pollAssignments(listener, { api: server.api });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4);
    expect(server.fetch).not.toHaveBeenCalled();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('logs a failed poll and keeps polling; refresh() asks again at once', async () => {
    const server = fakeServer();
    const listener = vi.fn(() => true);
    const error = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.fail();
    const stop = pollAssignments(listener, { api: server.api });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(error).toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(listener).toHaveBeenCalledTimes(1);
    stop.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.seen.at(-1)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });
});
