/**
 * Worker thread entry: reads one PDF's text with the limits of pdf.ts and posts the
 * result (or why it failed) back. Runs with a capped heap (pdfSandbox.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractPdfText, PdfReadError } from './pdf.ts';
import { PdfLimitError } from './pdfLimits.ts';

const { bytes } = workerData as { bytes: Uint8Array };

extractPdfText(bytes).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (err: unknown) =>
    parentPort?.postMessage({
      ok: false,
      limit: err instanceof PdfLimitError ? err.limit : undefined,
      reason: err instanceof PdfReadError ? err.reason : 'invalid',
    }),
);
