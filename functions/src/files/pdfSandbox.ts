import { runWorker, type WorkerScript } from '../sandbox/worker.ts';
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

const PDF_WORKER: WorkerScript = {
  built: new URL('./pdfWorker.js', import.meta.url),
  source: new URL('./pdfWorker.ts', import.meta.url),
};

/**
 * A PDF's text, read where it cannot exhaust the function's memory or time: compressed
 * streams are measured (capped) before parsing, then a worker thread with a small heap
 * (functions/src/sandbox/worker.ts) parses at most PDF_MAX_PAGES pages and is stopped after
 * the time limit. Past any limit it throws PdfLimitError; an unreadable file throws
 * PdfReadError.
 */
export async function readPdfText(
  bytes: Uint8Array,
  timeLimitMs = PDF_EXTRACT_TIME_LIMIT_MS,
): Promise<ExtractedText> {
  assertDecodedSizeWithin(bytes);
  const outcome = await runWorker<WorkerAnswer>(
    PDF_WORKER,
    { bytes },
    { heapMb: PDF_WORKER_HEAP_MB, timeLimitMs },
  );
  switch (outcome.kind) {
    case 'time':
      throw new PdfLimitError('time');
    case 'memory':
      throw new PdfLimitError('memory');
    case 'failed':
      throw new PdfReadError('invalid', outcome.error);
  }
  const answer = outcome.answer;
  if (answer.ok) return answer.result;
  if (answer.limit) throw new PdfLimitError(answer.limit);
  throw new PdfReadError(answer.reason, undefined);
}
