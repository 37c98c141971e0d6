import type { Response } from 'express';

/** The two kinds of pieces of an AI stream (docs/architecture.md). */
export type StreamEvent = 'data' | 'error';

/** One Server-Sent Event; multi-line data becomes several `data:` lines, as the format wants. */
export function formatEvent(event: StreamEvent, data: string): string {
  const lines = data.split(/\r\n|\r|\n/);
  return `event: ${event}\n${lines.map((line) => `data: ${line}\n`).join('')}\n`;
}

/**
 * Starts an event stream on `res` with the headers that keep proxies from
 * buffering it, and sends the headers at once.
 */
export function openEventStream(res: Response) {
  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  const write = (chunk: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(chunk);
    // Behind a compression layer, push the piece out now instead of at the end.
    (res as { flush?: () => void }).flush?.();
  };
  return {
    send(event: StreamEvent, data: string) {
      write(formatEvent(event, data));
    },
    /** A comment line: keeps idle connections open through proxies. */
    ping() {
      write(': ping\n\n');
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
