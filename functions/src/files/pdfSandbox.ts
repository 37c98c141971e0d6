import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { PdfReadError, type ExtractedText } from './pdf.ts';
import {
  assertDecodedSizeWithin,
  PDF_EXTRACT_TIME_LIMIT_MS,
  PDF_WORKER_HEAP_MB,
  PdfLimitError,
} from './pdfLimits.ts';

type WorkerAnswer =
  | { ok: true; result: ExtractedText }
  | { ok: false; limit?: PdfLimitError['limit']; reason: 'password' | 'invalid' };

/**
 * The worker's script: built beside the bundle (lib/pdfWorker.js, what the function runs),
 * else the TypeScript source loaded through tsx (unit tests run the sources).
 */
function startWorker(options: WorkerOptions): Worker {
  const built = new URL('./pdfWorker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built, options);
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  const source = new URL('./pdfWorker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`,
    { ...options, eval: true },
  );
}

/**
 * A PDF's text, read where it cannot exhaust the function's memory or time: compressed
 * streams are measured (capped) before parsing, then a worker thread with a small heap
 * parses at most PDF_MAX_PAGES pages and is stopped after the time limit. Past any limit
 * it throws PdfLimitError; an unreadable file throws PdfReadError.
 */
export async function readPdfText(
  bytes: Uint8Array,
  timeLimitMs = PDF_EXTRACT_TIME_LIMIT_MS,
): Promise<ExtractedText> {
  assertDecodedSizeWithin(bytes);
  const worker = startWorker({
    workerData: { bytes },
    resourceLimits: {
      maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    },
    stdout: true,
    stderr: true,
  });
  try {
    return await new Promise<ExtractedText>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PdfLimitError('time')), timeLimitMs);
      worker.once('message', (answer: WorkerAnswer) => {
        clearTimeout(timer);
        if (answer.ok) resolve(answer.result);
        else if (answer.limit) reject(new PdfLimitError(answer.limit));
        else reject(new PdfReadError(answer.reason, undefined));
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        const code = (err as { code?: unknown }).code;
        reject(
          code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new PdfLimitError('memory')
            : new PdfReadError('invalid', err),
        );
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new PdfReadError('invalid', undefined));
      });
    });
  } finally {
    await worker.terminate();
  }
}
