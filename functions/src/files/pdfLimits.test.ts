import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from './pdf.ts';
import { buildSamplePdf } from './pdf.fixture.ts';
import { lzwSpaces, onePagePdf, runLengthSpaces } from './pdfBombs.fixture.ts';
import { assertDecodedSizeWithin, pdfDecodeBudget, PdfLimitError } from './pdfLimits.ts';
import { readPdfText } from './pdfSandbox.ts';

/** One page whose content stream inflates to `bytes` spaces (a "PDF bomb"). */
export function buildBombPdf(bytes: number): Buffer {
  const chunk = Buffer.alloc(1024 * 1024, 32);
  const parts: Buffer[] = [];
  for (let n = 0; n < bytes; n += chunk.length) parts.push(chunk);
  const packed = deflateSync(Buffer.concat(parts), { level: 9 });
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n' +
      `4 0 obj\n<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, packed, tail]);
}

describe('PDF limits', () => {
  it('refuses a stream that inflates past the cap before any parser sees it', async () => {
    const bomb = buildBombPdf(100 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(() => assertDecodedSizeWithin(bomb)).toThrow(PdfLimitError);
    await expect(readPdfText(bomb)).rejects.toMatchObject({ limit: 'decoded' });
  });

  const MB = 1024 * 1024;
  const bombs = {
    LZWDecode: (bytes: number) => onePagePdf(lzwSpaces(bytes), '/Filter /LZWDecode'),
    RunLengthDecode: (bytes: number) =>
      onePagePdf(runLengthSpaces(bytes), '/Filter /RunLengthDecode'),
    'ASCIIHexDecode over FlateDecode': (bytes: number) =>
      onePagePdf(
        Buffer.from(`${deflateSync(Buffer.alloc(bytes, 32)).toString('hex')}>`, 'latin1'),
        '/Filter [/ASCIIHexDecode /FlateDecode]',
      ),
  };

  for (const [filter, build] of Object.entries(bombs)) {
    it(`refuses a ${filter} bomb before any parser sees it`, async () => {
      const bomb = build(filter.startsWith('ASCII') ? 200 * MB : 1024 * MB);
      expect(bomb.length).toBeLessThan(20 * MB);
      const started = Date.now();
      expect(() => assertDecodedSizeWithin(bomb)).toThrow(PdfLimitError);
      const scanned = Date.now() - started;
      await expect(readPdfText(bomb)).rejects.toMatchObject({ limit: 'decoded' });
      console.log(
        `[pdf] ${filter} bomb of ${(bomb.length / 1024).toFixed(0)} KB: refused by the scan in ${scanned} ms`,
      );
    });
  }

  // What the scan cannot see, a filter given by reference, pdf.js bounds itself: LZW while
  // its buffer grows, Flate also where it decodes natively (DecompressionStream).
  const hidden = {
    LZWDecode: { data: () => lzwSpaces(1024 * MB), filter: '/LZWDecode' },
    'FlateDecode in ASCIIHexDecode': {
      data: () => Buffer.from(`${deflateSync(Buffer.alloc(100 * MB, 32)).toString('hex')}>`),
      filter: '[/ASCIIHexDecode /FlateDecode]',
    },
  };
  for (const [name, { data, filter }] of Object.entries(hidden)) {
    it(
      `bounds a ${name} bomb behind a reference inside the parser`,
      { timeout: 60_000 },
      async () => {
        const bomb = onePagePdf(data(), '/Filter 5 0 R', `5 0 obj\n${filter}\nendobj\n`);
        expect(() => assertDecodedSizeWithin(bomb)).not.toThrow();
        const started = Date.now();
        await expect(readPdfText(bomb, 60_000)).rejects.toMatchObject({ limit: 'decoded' });
        console.log(
          `[pdf] ${name} bomb behind a reference: refused by pdf.js in ${Date.now() - started} ms`,
        );
      },
    );
  }

  it(
    'reads the same filters below the limit, counting what they decode to',
    { timeout: 60_000 },
    async () => {
      for (const build of Object.values(bombs)) {
        const pdf = build(4 * MB);
        expect(assertDecodedSizeWithin(pdf)).toBeGreaterThanOrEqual(4 * MB);
        expect(await extractPdfText(pdf)).toMatchObject({ pages: 1, text: '' });
        expect(pdfDecodeBudget().used).toBeGreaterThanOrEqual(4 * MB);
        expect(pdfDecodeBudget().exceeded).toBe(false);
      }
    },
  );

  it('counts a small compressed page as its inflated size', () => {
    expect(assertDecodedSizeWithin(buildBombPdf(1024 * 1024))).toBe(1024 * 1024);
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const flood = buildSamplePdf(Array.from({ length: 2_001 }, () => []));
    await expect(readPdfText(flood)).rejects.toMatchObject({ limit: 'pages' });
  });

  it('stops a reading that takes longer than its time limit', async () => {
    const pdf = buildSamplePdf([['Hello']]);
    await expect(readPdfText(pdf, 1)).rejects.toMatchObject({ limit: 'time' });
  });

  it('reads a normal PDF in the worker', async () => {
    const pdf = buildSamplePdf([['Essay on photosynthesis'], ['Page two text']]);
    expect(await readPdfText(pdf)).toEqual({
      text: 'Essay on photosynthesis\n\nPage two text',
      pages: 2,
      truncated: false,
    });
  });

  it('builds a padded PDF of exactly the size asked for, still readable', async () => {
    const pdf = buildSamplePdf([['Boundary']], { padToBytes: 300_000 });
    expect(pdf.length).toBe(300_000);
    expect((await readPdfText(pdf)).text).toBe('Boundary');
  });
});
