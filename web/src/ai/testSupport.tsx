import { APP_VERSION, type UserProfile } from '@brainboard/domain';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { SessionContext } from '../session/sessionContext.ts';

/** Test support for the AI components: a signed-in session and controllable streams. */

const TEST_USER: UserProfile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  csrf_token: 'csrf-1',
  ai_help_enabled: true,
  ai_deep_dive_enabled: true,
  privacy_accepted_at: '2026-01-01T00:00:00Z',
  tos_accepted_at: '2026-01-01T00:00:00Z',
  last_used_version: APP_VERSION,
  last_whats_new_version: APP_VERSION,
};

export function withSession(ui: ReactNode, user: Partial<UserProfile> = {}) {
  const mergeUser = vi.fn();
  const value = {
    user: { ...TEST_USER, ...user },
    fresh: true,
    refresh: vi.fn(async () => {}),
    mergeUser,
  };
  return {
    mergeUser,
    ui: <SessionContext.Provider value={value}>{ui}</SessionContext.Provider>,
  };
}

/** An SSE response whose pieces the test sends one by one. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send(event: 'data' | 'error', data: string) {
      controller.enqueue(
        encoder.encode(
          `event: ${event}\n${data
            .split('\n')
            .map((l) => `data: ${l}\n`)
            .join('')}\n`,
        ),
      );
    },
    raw(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    end() {
      controller.close();
    },
    get cancelled() {
      return cancelled;
    },
  };
}
