/**
 * Test support: PDF bombs, one page whose content stream decodes to a long run of spaces
 * through a given filter. Built directly in the compressed form, so a gigabyte bomb costs
 * the test no more than its compressed bytes.
 */

/**
 * A one-page PDF whose content stream (object 4) is `data` with the stream dictionary `dict`;
 * `extra` objects (text such as `5 0 obj /LZWDecode endobj`) follow it.
 */
export function onePagePdf(data: Buffer, dict: string, extra = ''): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n' +
      `4 0 obj\n<< /Length ${data.length} ${dict} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from(
    `\nendstream\nendobj\n${extra}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
  return Buffer.concat([head, data, tail]);
}

/** MSB-first bit writer, as LZWDecode reads its codes. */
class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private bits = 0;
  write(code: number, width: number): void {
    this.acc = (this.acc << width) | code;
    this.bits += width;
    while (this.bits >= 8) {
      this.bits -= 8;
      this.bytes.push((this.acc >>> this.bits) & 0xff);
    }
    this.acc &= (1 << this.bits) - 1;
  }
  finish(): Buffer {
    if (this.bits > 0) this.bytes.push((this.acc << (8 - this.bits)) & 0xff);
    return Buffer.from(this.bytes);
  }
}

/**
 * LZWDecode data (EarlyChange 1) that decodes to at least `bytes` spaces: after each clear
 * code, the space and then every next dictionary code, each one space longer than the last
 * (about 1,300 bytes out per byte in).
 */
export function lzwSpaces(bytes: number): Buffer {
  const out = new BitWriter();
  const CLEAR = 256;
  const EOD = 257;
  let produced = 0;
  while (produced < bytes) {
    let width = 9;
    out.write(CLEAR, width);
    out.write(32, width);
    produced += 1;
    // The decoder widens its codes when the next free code plus EarlyChange is a power of 2.
    for (let code = 258; code < 4094 && produced < bytes; code++) {
      out.write(code, width);
      produced += code - 256;
      const next = code + 1;
      if (((next + 1) & next) === 0) width = Math.min(width + 1, 12);
    }
    out.write(CLEAR, width);
  }
  out.write(EOD, 9);
  return out.finish();
}

/** RunLengthDecode data that decodes to `bytes` spaces: 128 spaces for every two bytes. */
export function runLengthSpaces(bytes: number): Buffer {
  const runs = Math.ceil(bytes / 128);
  const data = Buffer.alloc(runs * 2 + 1);
  for (let i = 0; i < runs; i++) {
    data[i * 2] = 129; // 257 - 129 = 128 copies of the next byte
    data[i * 2 + 1] = 32;
  }
  data[runs * 2] = 128; // end of data
  return data;
}
