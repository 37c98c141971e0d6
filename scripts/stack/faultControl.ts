import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, sendJson } from '../standins/http-util.ts';

/** A part of the running stack that a fault test can take down and bring back alone. */
export interface StoppablePart {
  readonly running: boolean;
  /** Takes the part down abruptly (a crash, not a clean shutdown). */
  stop(): Promise<void>;
  /** Brings it back on the same port; a no-op when it runs. */
  start(): Promise<void>;
}

export interface FaultControl {
  /** Base URL, ending without '/'. */
  url: string;
  close(): Promise<void>;
}

/**
 * A small HTTP control on 127.0.0.1 (a free port) for fault tests, so that a test process
 * can stop one part of the stack its start process owns and start it again:
 *   GET  /parts               { <name>: { running } }
 *   POST /parts/<name>/stop   takes it down, answers when it is down
 *   POST /parts/<name>/start  brings it back, answers when it accepts connections
 * Parts started again stay tied to the stack: stopping the stack stops them too.
 */
export async function startFaultControl(
  parts: Record<string, StoppablePart>,
): Promise<FaultControl> {
  // One change at a time, in the order asked.
  let queue: Promise<unknown> = Promise.resolve();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://control').pathname;
    if (req.method === 'GET' && path === '/parts') {
      return sendJson(
        res,
        200,
        Object.fromEntries(
          Object.entries(parts).map(([name, p]) => [name, { running: p.running }]),
        ),
      );
    }
    const match = /^\/parts\/([a-z-]+)\/(stop|start)$/.exec(path);
    const part = match ? Object.hasOwn(parts, match[1]!) && parts[match[1]!] : undefined;
    if (req.method !== 'POST' || !match || !part) {
      return sendJson(res, 404, { error: `No such control: ${req.method} ${path}` });
    }
    const action = match[2] === 'stop' ? () => part.stop() : () => part.start();
    const done = queue.then(action);
    queue = done.catch(() => {});
    try {
      await done;
      sendJson(res, 200, { [match[1]!]: { running: part.running } });
    } catch (err) {
      sendJson(res, 500, { error: err instanceof Error ? err.message : String(err) });
    }
  }

  const listening = await listen(
    (req, res) => {
      void handle(req, res);
    },
    0,
    '127.0.0.1',
  );
  return { url: `http://127.0.0.1:${listening.port}`, close: () => listening.close() };
}
