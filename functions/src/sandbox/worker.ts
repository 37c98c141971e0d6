import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Work on untrusted input (a PDF, a school's calendar) run where it cannot exhaust the
 * function: a worker thread with its own small heap, stopped at a time limit. The request's
 * own thread stays free for every other request meanwhile.
 */

/** A worker's script: the file built beside the bundle, and its TypeScript source. */
export interface WorkerScript {
  /** lib/<name>.js, what the deployed function (and the Functions emulator) runs. */
  built: URL;
  /** The source, loaded through tsx where no build exists (unit tests, the stack's jobs). */
  source: URL;
}

export interface WorkerLimits {
  /** The worker's old-generation heap. */
  heapMb: number;
  /** Wall time from the worker's start until it is stopped. */
  timeLimitMs: number;
}

/** How a run ended: the worker's one message, or the limit that stopped it. */
export type WorkerOutcome<T> =
  | { kind: 'answer'; answer: T }
  | { kind: 'time' }
  | { kind: 'memory' }
  | { kind: 'failed'; error: unknown };

function startWorker(script: WorkerScript, options: WorkerOptions): Worker {
  if (existsSync(script.built)) return new Worker(script.built, options);
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script.source.href)}); });`,
    { ...options, eval: true },
  );
}

/**
 * Runs `script` with `workerData` and waits for the one message it posts. A worker still
 * running at the time limit, or out of its heap, is stopped; either way it is gone when
 * this returns.
 */
export async function runWorker<T>(
  script: WorkerScript,
  workerData: unknown,
  limits: WorkerLimits,
): Promise<WorkerOutcome<T>> {
  const worker = startWorker(script, {
    workerData,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    },
    stdout: true,
    stderr: true,
  });
  try {
    return await new Promise<WorkerOutcome<T>>((resolve) => {
      const timer = setTimeout(() => resolve({ kind: 'time' }), limits.timeLimitMs);
      worker.once('message', (answer: T) => {
        clearTimeout(timer);
        resolve({ kind: 'answer', answer });
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        const code = (error as { code?: unknown }).code;
        resolve(
          code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'memory' } : { kind: 'failed', error },
        );
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve({ kind: 'failed', error: undefined });
      });
    });
  } finally {
    await worker.terminate();
  }
}
