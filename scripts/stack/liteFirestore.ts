/**
 * The lite Firestore (@firestore-emulator/server, gRPC) as its own process, so one part of
 * the stack can be paused or stopped without the others: `node --import tsx
 * scripts/stack/liteFirestore.ts <port> <pidFile>` (port 0: any free one, which it prints). It
 * listens on 127.0.0.1 only (it enforces no rules), writes its pid for fault tests, and exits
 * when its parent does.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FirestoreServer as LiteFirestoreServer } from '@firestore-emulator/server';
import type * as GrpcModule from '@grpc/grpc-js';
import type { Server as GrpcServer } from '@grpc/grpc-js';

async function startLiteFirestore(port: number, host = '127.0.0.1') {
  // Its ESM build has unresolvable imports under Node's loader; the CJS build works.
  const require = createRequire(import.meta.url);
  const { FirestoreServer } = require('@firestore-emulator/server') as {
    FirestoreServer: typeof LiteFirestoreServer;
  };
  // The server's own copy of grpc-js, whose credentials its server accepts.
  const { ServerCredentials } = createRequire(require.resolve('@firestore-emulator/server'))(
    '@grpc/grpc-js',
  ) as typeof GrpcModule;
  const firestore = new FirestoreServer();
  // The package's own start() binds 0.0.0.0; bind the loopback address only.
  const { server } = firestore as unknown as { server: GrpcServer };
  honourCancellation(server);
  // Port 0 takes any free one; the port it took is answered (and printed by the script).
  return new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${host}:${port}`,
      ServerCredentials.createInsecure(),
      (err: Error | null, bound: number) => (err ? reject(err) : resolve(bound)),
    ),
  );
}

interface HandlerEntry {
  type: string;
  func: (call: { cancelled?: boolean }, callback: unknown) => unknown;
}

/**
 * Like Firestore, a request whose caller already gave up (deadline passed, call cancelled)
 * is not carried out. The package runs each request as soon as it has read it, even when the
 * cancellation arrived in the same read (a paused server resuming): look once more after
 * the frames already received are processed.
 */
function honourCancellation(server: GrpcServer): void {
  const handlers = (server as unknown as { handlers: Map<string, HandlerEntry> }).handlers;
  for (const entry of handlers.values()) {
    if (entry.type !== 'unary') continue;
    const run = entry.func;
    entry.func = (call, callback) => {
      setImmediate(() => {
        if (!call.cancelled) run(call, callback);
      });
    };
  }
}

/** Exits when the parent process is gone (the child is then re-parented). */
function exitWithParent(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 500).unref();
  // The interval is unref'd; the gRPC server keeps the process alive.
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2]);
  const pidFile = process.argv[3];
  exitWithParent();
  startLiteFirestore(port).then(
    (bound) => {
      if (pidFile) writeFileSync(pidFile, String(process.pid));
      console.log(`Lite Firestore listening on 127.0.0.1:${bound}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
