/**
 * Counts every document the lite Firestore reads and writes, exactly, inside its own process.
 * Loaded before scripts/stack/liteFirestore.ts (`node --import tsx --import <this file>
 * scripts/stack/liteFirestore.ts <port>`), it wraps each gRPC handler as the server registers
 * it; the server itself is unchanged. The parent asks for the totals over the IPC channel
 * (`'counts'`) and gets a DocumentCounts back.
 *
 * What counts, as Firestore bills it:
 * - a read per document a query (RunQuery) answers, and one for a query that answers none;
 * - a read per document a lookup (BatchGetDocuments) asks for, found or missing;
 * - a write per document a successful Commit or BatchWrite sets, updates or transforms, a
 *   delete per document it deletes. A refused commit (a create of a document that exists,
 *   an aborted transaction) writes nothing and counts nothing.
 * Transactions read through the same two calls, so their reads count too.
 */
import { createRequire } from 'node:module';
import type * as GrpcModule from '@grpc/grpc-js';

export interface DocumentCounts {
  reads: number;
  writes: number;
  deletes: number;
  /** RunQuery calls (each is one read at least). */
  queries: number;
  /** Documents asked for by BatchGetDocuments. */
  lookups: number;
  commits: number;
}

const counts: DocumentCounts = {
  reads: 0,
  writes: 0,
  deletes: 0,
  queries: 0,
  lookups: 0,
  commits: 0,
};

interface WriteLike {
  has_delete?: boolean;
}
interface StreamCall {
  request: { writes?: WriteLike[] };
  write(message: unknown, ...rest: unknown[]): boolean;
  end(...rest: unknown[]): void;
}
type Callback = (err: unknown, value?: unknown, ...rest: unknown[]) => void;
type Handler = (call: StreamCall, callback?: Callback) => unknown;

/** Counts the writes of a commit that succeeded. */
function countWrites(writes: WriteLike[] | undefined, ok: (i: number) => boolean): void {
  (writes ?? []).forEach((w, i) => {
    if (!ok(i)) return;
    if (w.has_delete) counts.deletes += 1;
    else counts.writes += 1;
  });
}

function counting(name: string, handler: Handler): Handler {
  const method = name.slice(name.lastIndexOf('/') + 1);
  switch (method) {
    case 'RunQuery':
      return (call, callback) => {
        let found = 0;
        const write = call.write.bind(call);
        const end = call.end.bind(call);
        call.write = (message, ...rest) => {
          if ((message as { has_document?: boolean }).has_document) found += 1;
          return write(message, ...rest);
        };
        call.end = (...rest) => {
          counts.queries += 1;
          counts.reads += Math.max(1, found);
          end(...rest);
        };
        return handler(call, callback);
      };
    case 'BatchGetDocuments':
      return (call, callback) => {
        const write = call.write.bind(call);
        call.write = (message, ...rest) => {
          const m = message as { has_found?: boolean; has_missing?: boolean };
          if (m.has_found || m.has_missing) {
            counts.lookups += 1;
            counts.reads += 1;
          }
          return write(message, ...rest);
        };
        return handler(call, callback);
      };
    case 'Commit':
      return (call, callback) =>
        handler(call, (err, value, ...rest) => {
          if (!err) {
            counts.commits += 1;
            countWrites(call.request.writes, () => true);
          }
          callback?.(err, value, ...rest);
        });
    case 'BatchWrite':
      return (call, callback) =>
        handler(call, (err, value, ...rest) => {
          if (!err) {
            const status = (value as { status?: { code?: number }[] } | null)?.status ?? [];
            countWrites(call.request.writes, (i) => (status[i]?.code ?? 0) === 0);
          }
          callback?.(err, value, ...rest);
        });
    default:
      return handler;
  }
}

// The server's own copy of grpc-js (as scripts/stack/liteFirestore.ts loads it).
const require = createRequire(import.meta.url);
const grpc = createRequire(require.resolve('@firestore-emulator/server'))(
  '@grpc/grpc-js',
) as typeof GrpcModule;
type Register = (name: string, handler: Handler, ...rest: unknown[]) => boolean;
const server = grpc.Server.prototype as unknown as { register: Register };
const register = server.register;
server.register = function (this: unknown, name, handler, ...rest) {
  return register.call(this, name, counting(name, handler), ...rest);
};

process.on('message', (message) => {
  if (message === 'counts') process.send?.({ ...counts });
});
