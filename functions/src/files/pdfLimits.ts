import { inflateSync } from 'node:zlib';
import { decodeFilter, FilterBudgetError, filtersOf } from './pdfFilters.ts';

/** The most bytes a PDF's compressed streams may expand to, all streams together. */
export const PDF_MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** The most pages a PDF may have. */
export const PDF_MAX_PAGES = 2_000;
/** The longest text extraction may take before the upload is refused. */
export const PDF_EXTRACT_TIME_LIMIT_MS = 10_000;
/** The heap of the worker that reads a PDF. */
export const PDF_WORKER_HEAP_MB = 96;

/** A PDF that would cost more than the limits allow; nothing of it is stored. */
export class PdfLimitError extends Error {
  constructor(readonly limit: 'decoded' | 'pages' | 'time' | 'memory') {
    super(`The PDF is over the ${limit} limit.`);
    this.name = 'PdfLimitError';
  }
}

/**
 * The decoded-bytes budget inside pdf.js (added by patches/unpdf+1.7.0.patch): every decoded
 * stream, whatever its filters, counts where its buffer grows; past `limit` pdf.js stops
 * decoding and `exceeded` stays true. One budget per thread, so per worker.
 */
export interface DecodeBudget {
  limit: number;
  used: number;
  exceeded: boolean;
}

const DECODE_BUDGET = Symbol.for('brainboard.pdfDecodeBudget');

/** pdf.js's budget, once its module is loaded; refuses to read without it. */
export function pdfDecodeBudget(): DecodeBudget {
  const budget = (globalThis as Record<symbol, unknown>)[DECODE_BUDGET] as DecodeBudget | undefined;
  if (!budget) {
    throw new Error(
      'pdf.js has no decode limit: install with npm so patch-package applies patches/unpdf+1.7.0.patch.',
    );
  }
  return budget;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * A quick first look before a worker starts: the bytes the streams inside `pdf` expand to,
 * each decoded with a cap through the filters its dictionary names (Flate, Brotli, LZW,
 * RunLength, ASCIIHex, ASCII85; zlib data without a named filter too, nested layers
 * included). Throws PdfLimitError past `limit`. What this scan cannot see (encrypted
 * streams, filters given by reference, image filters) counts as its own size here and is
 * bounded while parsing by pdf.js's decode budget (DecodeBudget).
 */
export function assertDecodedSizeWithin(pdf: Uint8Array, limit = PDF_MAX_DECODED_BYTES): number {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(STREAM, from);
    if (at < 0) break;
    // "endstream" contains "stream": skip it, and anything not followed by an end of line.
    const isEnd = at >= 3 && bytes.subarray(at - 3, at).toString('latin1') === 'end';
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (isEnd || bytes[start] !== 0x0a) {
      from = at + STREAM.length;
      continue;
    }
    start++;
    const end = bytes.indexOf(END_STREAM, start);
    if (end < 0) break;
    const dictionary = bytes
      .subarray(Math.max(0, bytes.lastIndexOf('obj', at), at - 65_536), at)
      .toString('latin1');
    total += streamSize(bytes.subarray(start, end), limit - total, dictionary);
    if (total > limit) throw new PdfLimitError('decoded');
    from = end + END_STREAM.length;
  }
  return total;
}

/**
 * The size of a stream's data once decoded through the filters its dictionary names (each
 * capped by the budget); without filters, zlib-looking data is inflated all the same.
 */
function streamSize(data: Buffer, budget: number, dictionary: string): number {
  const filters = filtersOf(dictionary);
  if (filters.length === 0) return decodedSize(data, budget);
  const earlyChange = /\/EarlyChange\s+0\b/.test(dictionary) ? 0 : 1;
  let current = data;
  for (const name of filters) {
    let next: Buffer | null;
    try {
      next = decodeFilter(name, current, budget, { earlyChange });
    } catch (err) {
      if (err instanceof FilterBudgetError) throw new PdfLimitError('decoded');
      throw err;
    }
    if (!next) return current.length;
    current = next;
  }
  return decodedSize(current, budget);
}

/** The size of `data` once inflated (repeatedly, while the result is zlib data again). */
function decodedSize(data: Buffer, budget: number, depth = 0): number {
  if (budget < 0) throw new PdfLimitError('decoded');
  if (depth > 4 || !looksLikeZlib(data)) return data.length;
  let out: Buffer;
  try {
    out = inflateSync(data, { maxOutputLength: Math.max(1, budget + 1), finishFlush: 2 });
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new PdfLimitError('decoded');
    }
    return data.length;
  }
  if (out.length > budget) throw new PdfLimitError('decoded');
  return looksLikeZlib(out) ? decodedSize(out, budget, depth + 1) : out.length;
}

function looksLikeZlib(data: Buffer): boolean {
  return data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
}
