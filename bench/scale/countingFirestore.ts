/**
 * A lite Firestore of the bench's own (scripts/stack/liteFirestore.ts, its own process, as
 * the stack runs it) with countDocuments.ts loaded into it: `counts()` answers how many
 * documents it has read and written so far.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { ROOT } from '../../scripts/stack/config.ts';
import type { DocumentCounts } from './countDocuments.ts';

export type { DocumentCounts };

export interface CountingFirestore {
  host: string;
  counts(): Promise<DocumentCounts>;
  stop(): Promise<void>;
}

/** How long the server gets to start listening. */
const START_TIMEOUT_MS = 30_000;
/** How long a count may take to come back. */
const COUNTS_TIMEOUT_MS = 10_000;

/** Starts it on `port` (0: any free port, which `host` then names). */
export async function startCountingFirestore(port: number): Promise<CountingFirestore> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      join(import.meta.dirname, 'countDocuments.ts'),
      join(ROOT, 'scripts', 'stack', 'liteFirestore.ts'),
      String(port),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const exited = once(child, 'exit');
  const bound = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The lite Firestore did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The lite Firestore exited (${code}) before it listened`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      const listening = /listening on [\d.]+:(\d+)/.exec(chunk.toString());
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
  });
  return {
    host: `127.0.0.1:${bound}`,
    counts: () =>
      new Promise<DocumentCounts>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The lite Firestore did not answer its counts')),
          COUNTS_TIMEOUT_MS,
        );
        child.once('message', (message) => {
          clearTimeout(timer);
          resolve(message as DocumentCounts);
        });
        child.send('counts');
      }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What happened between two counts. */
export function countsBetween(before: DocumentCounts, after: DocumentCounts): DocumentCounts {
  return {
    reads: after.reads - before.reads,
    writes: after.writes - before.writes,
    deletes: after.deletes - before.deletes,
    queries: after.queries - before.queries,
    lookups: after.lookups - before.lookups,
    commits: after.commits - before.commits,
  };
}
