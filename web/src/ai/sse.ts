import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { BodyOf } from '@brainboard/domain';
import { streamEndpoint, type StreamKey } from '../data/api/call.ts';
import type { ApiClient } from '../data/api/client.ts';

/** One piece of an AI stream (docs/architecture.md): `event` is "data" or "error". */
export interface AiStreamEvent {
  event: 'data' | 'error';
  data: string;
}

/**
 * The Server-Sent Events of a response body, as they arrive. Pieces without
 * an event name count as "data". Cancelling `signal` stops reading.
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<AiStreamEvent> {
  const queue: AiStreamEvent[] = [];
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      queue.push({ event: message.event === 'error' ? 'error' : 'data', data: message.data });
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const onAbort = () => {
    void reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length > 0) yield queue.shift()!;
    }
    parser.feed(decoder.decode());
    // A last piece without its blank line still counts.
    parser.feed('\n\n');
    while (queue.length > 0) yield queue.shift()!;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // The consumer stopped early: close the connection instead of leaving it open.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * POSTs to an AI streaming endpoint and yields its events token by token.
 * Rejects with the API client's ApiError when the server refuses the call
 * (403 opt-in, 429, ...). Aborting `signal` cancels the request, which the
 * server passes on to the AI provider.
 */
export async function* streamAi<K extends StreamKey>(
  api: Pick<ApiClient, 'stream'>,
  key: K,
  body: BodyOf<K>,
  signal?: AbortSignal,
): AsyncGenerator<AiStreamEvent> {
  const response = await streamEndpoint(api, key, body, signal);
  if (!response.body) return;
  yield* readEvents(response.body, signal);
}
