/**
 * Capped decoders for the PDF stream filters that expand data: each stops with
 * FilterBudgetError as soon as its output would pass `budget` bytes, so measuring a bomb
 * costs no more than the budget. Used for the quick look at a PDF before it is parsed.
 */
import { brotliDecompressSync, constants, inflateSync } from 'node:zlib';

export class FilterBudgetError extends Error {
  constructor() {
    super('The decoded stream is over its budget.');
    this.name = 'FilterBudgetError';
  }
}

/** Output that grows by doubling, never past `budget` bytes. */
class CappedOutput {
  private buffer: Buffer;
  length = 0;
  constructor(private readonly budget: number) {
    this.buffer = Buffer.allocUnsafe(Math.min(64 * 1024, Math.max(1, budget)));
  }
  /** Room for `n` more bytes; returns the buffer to write into at `this.length`. */
  reserve(n: number): Buffer {
    const needed = this.length + n;
    if (needed > this.budget) throw new FilterBudgetError();
    if (needed > this.buffer.length) {
      let size = this.buffer.length * 2;
      while (size < needed) size *= 2;
      const grown = Buffer.allocUnsafe(Math.min(size, this.budget));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    return this.buffer;
  }
  result(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** LZWDecode (9 to 12 bit codes, clear 256, end 257, EarlyChange 1 unless given 0). */
export function lzwDecode(data: Buffer, budget: number, earlyChange = 1): Buffer {
  const out = new CappedOutput(budget);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint32Array(4096);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    lengths[i] = 1;
  }
  let width = 9;
  let next = 258;
  let prev = -1;
  let bitPos = 0;
  const totalBits = data.length * 8;
  while (bitPos + width <= totalBits) {
    let code = 0;
    for (let i = 0; i < width; i++, bitPos++) {
      code = (code << 1) | ((data[bitPos >> 3]! >> (7 - (bitPos & 7))) & 1);
    }
    if (code === 256) {
      width = 9;
      next = 258;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    let length: number;
    let last = -1;
    if (code < 256 || (code >= 258 && code < next)) {
      length = lengths[code]!;
    } else if (code === next && prev >= 0) {
      length = lengths[prev]! + 1;
      last = prev;
    } else {
      break;
    }
    const buffer = out.reserve(length);
    const at = out.length;
    // Write the string backwards along its prefix chain.
    let c = last >= 0 ? last : code;
    let pos = at + (last >= 0 ? length - 2 : length - 1);
    while (pos >= at) {
      buffer[pos--] = suffix[c]!;
      c = prefix[c]!;
    }
    if (last >= 0) buffer[at + length - 1] = buffer[at]!;
    out.length += length;
    if (prev >= 0 && next < 4096) {
      prefix[next] = prev;
      suffix[next] = buffer[at]!;
      lengths[next] = lengths[prev]! + 1;
      next++;
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
    prev = code;
  }
  return out.result();
}

/** RunLengthDecode: a length byte n < 128 copies n + 1 bytes, n > 128 repeats one 257 - n times. */
export function runLengthDecode(data: Buffer, budget: number): Buffer {
  const out = new CappedOutput(budget);
  let i = 0;
  while (i < data.length) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      const run = data.subarray(i + 1, i + 2 + n);
      run.copy(out.reserve(run.length), out.length);
      out.length += run.length;
      i += n + 2;
    } else {
      if (i + 1 >= data.length) break;
      const count = 257 - n;
      out.reserve(count).fill(data[i + 1]!, out.length, out.length + count);
      out.length += count;
      i += 2;
    }
  }
  return out.result();
}

/** ASCIIHexDecode: hex digits up to '>', white space ignored, an odd last digit padded with 0. */
export function asciiHexDecode(data: Buffer): Buffer {
  const end = data.indexOf(0x3e);
  const digits = data
    .subarray(0, end < 0 ? data.length : end)
    .toString('latin1')
    .replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

/** ASCII85Decode: groups of five characters to four bytes, 'z' for four zeros, '~>' ends. */
export function ascii85Decode(data: Buffer, budget: number): Buffer {
  const out = new CappedOutput(budget);
  const group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    const bytes = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    const buffer = out.reserve(count);
    for (let k = 0; k < count; k++) buffer[out.length + k] = bytes[k]!;
    out.length += count;
    group.length = 0;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (c === 0x7e) break;
    if (c === 0x7a && group.length === 0) {
      out.reserve(4).fill(0, out.length, out.length + 4);
      out.length += 4;
      continue;
    }
    if (c < 33 || c > 117) continue;
    group.push(c - 33);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return out.result();
}

function zlibCapped(decode: () => Buffer): Buffer | null {
  try {
    return decode();
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new FilterBudgetError();
    return null;
  }
}

/**
 * One filter by its name (full or abbreviated) with its parameters; null for a filter that
 * does not expand text data here (images: DCT, JPX, JBIG2, CCITTFax; Crypt) or data it
 * cannot read, which then counts as its own size.
 */
export function decodeFilter(
  name: string,
  data: Buffer,
  budget: number,
  params: { earlyChange?: number } = {},
): Buffer | null {
  const cap = Math.max(1, budget + 1);
  let out: Buffer | null;
  switch (name) {
    case 'FlateDecode':
    case 'Fl':
      out = zlibCapped(() =>
        inflateSync(data, { maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH }),
      );
      break;
    case 'BrotliDecode':
      out = zlibCapped(() => brotliDecompressSync(data, { maxOutputLength: cap }));
      break;
    case 'LZWDecode':
    case 'LZW':
      out = lzwDecode(data, budget, params.earlyChange ?? 1);
      break;
    case 'RunLengthDecode':
    case 'RL':
      out = runLengthDecode(data, budget);
      break;
    case 'ASCIIHexDecode':
    case 'AHx':
      out = asciiHexDecode(data);
      break;
    case 'ASCII85Decode':
    case 'A85':
      out = ascii85Decode(data, budget);
      break;
    default:
      return null;
  }
  if (out && out.length > budget) throw new FilterBudgetError();
  return out;
}

/** The filter names of a stream dictionary's text (`/Filter /Name` or `/Filter [/A /B]`). */
export function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
  if (!match) return [];
  return [...match[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]!);
}
