import { describe, expect, it } from 'vitest';
import { buildSamplePdf } from './pdf.fixture.ts';
import { extractPdfText, looksLikePdf, PdfReadError } from './pdf.ts';

describe('looksLikePdf', () => {
  it('knows a PDF by its %PDF- header, not by its name', () => {
    expect(looksLikePdf(buildSamplePdf([['Hello']]))).toBe(true);
    expect(looksLikePdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(Buffer.from('Just notes.pdf'))).toBe(false);
    expect(looksLikePdf(Buffer.from(' %PDF-1.4'))).toBe(false);
    expect(looksLikePdf(Buffer.from('%PDF'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });
});

describe('extractPdfText', () => {
  const pdf = buildSamplePdf([
    ['Essay on photosynthesis', 'Due Friday (draft)'],
    ['Page two text'],
  ]);

  it('reads the text of every page', async () => {
    expect(await extractPdfText(pdf)).toEqual({
      text: 'Essay on photosynthesis\nDue Friday (draft)\n\nPage two text',
      pages: 2,
      truncated: false,
    });
  });

  it('caps the text and stops reading pages past the cap', async () => {
    expect(await extractPdfText(pdf, 12)).toEqual({
      text: 'Essay on pho',
      pages: 2,
      truncated: true,
    });
  });

  it('leaves the bytes it was given untouched', async () => {
    const copy = Buffer.from(pdf);
    await extractPdfText(copy);
    expect(copy.equals(pdf)).toBe(true);
  });

  it('refuses bytes that only start like a PDF', async () => {
    await expect(extractPdfText(Buffer.from('%PDF-1.4\nnot really'))).rejects.toBeInstanceOf(
      PdfReadError,
    );
  });
});
