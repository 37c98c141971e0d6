import { inflateSync } from 'node:zlib';

/** The most bytes a PDF's compressed streams may expand to, all streams together. */
const PDF_MAX_DECODED_BYTES = 64 * 1024 * 1024;
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

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * The bytes the zlib streams inside `pdf` expand to, counted by inflating each with a cap
 * (nested zlib layers included), before any parser sees them. Throws PdfLimitError past
 * `limit`. Streams that are not zlib data (images, fonts in other encodings) count as
 * their own size.
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
    total += decodedSize(bytes.subarray(start, end), limit - total);
    if (total > limit) throw new PdfLimitError('decoded');
    from = end + END_STREAM.length;
  }
  return total;
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
