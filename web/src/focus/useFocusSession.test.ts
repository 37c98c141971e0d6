import type { Assignment, TimerStatus } from '@brainboard/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFocusSession } from './useFocusSession.ts';

function setup() {
  const post = vi.fn(
    async (_path: string, _body?: unknown) => ({ item: { focus_minutes: 7 } }) as never,
  );
  const onItem = vi.fn((_item: Assignment) => {});
  const hook = renderHook(
    ({ status, resets }: { status: TimerStatus; resets: number }) =>
      useFocusSession({ api: { post }, assignmentId: 'a1', status, resets, onItem }),
    { initialProps: { status: 'running' as TimerStatus, resets: 0 } },
  );
  const events = () =>
    post.mock.calls.map(([path, body]) => {
      expect(path).toBe('/api/assignment/a1/focus-sessions');
      return body as { session_id: string; event: string };
    });
  return { ...hook, post, onItem, events };
}

const settle = () => act(async () => {});

describe('useFocusSession', () => {
  it('sends start, pause, resume and finish with one session id, in order', async () => {
    const { rerender, unmount, events, onItem } = setup();
    rerender({ status: 'paused', resets: 0 });
    rerender({ status: 'running', resets: 0 });
    rerender({ status: 'complete', resets: 0 });
    unmount();
    await settle();
    const sent = events();
    expect(sent.map((e) => e.event)).toEqual(['start', 'pause', 'resume', 'finish']);
    expect(new Set(sent.map((e) => e.session_id)).size).toBe(1);
    expect(onItem).toHaveBeenCalledWith({ focus_minutes: 7 });
  });

  it('ends the session on a restart and starts a new one; leaving finishes it', async () => {
    const { rerender, unmount, events } = setup();
    rerender({ status: 'running', resets: 1 });
    unmount();
    await settle();
    const sent = events();
    expect(sent.map((e) => e.event)).toEqual(['start', 'finish', 'start', 'finish']);
    expect(sent[0]!.session_id).toBe(sent[1]!.session_id);
    expect(sent[2]!.session_id).not.toBe(sent[0]!.session_id);
    expect(sent[3]!.session_id).toBe(sent[2]!.session_id);
  });
});
