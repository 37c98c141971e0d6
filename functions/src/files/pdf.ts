/** PDF checks and text extraction for uploads. */
import {
  pdfDecodeBudget,
  PDF_MAX_DECODED_BYTES,
  PDF_MAX_PAGES,
  PdfLimitError,
} from './pdfLimits.ts';

const PDF_MAGIC = '%PDF-';

/** A real PDF by its bytes: it starts with the `%PDF-` header. A renamed text file does not. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_MAGIC.length) return false;
  for (let i = 0; i < PDF_MAGIC.length; i++) {
    if (bytes[i] !== PDF_MAGIC.charCodeAt(i)) return false;
  }
  return true;
}

/** Most characters of a PDF's text that are kept and sent to the AI as context. */
const PDF_TEXT_MAX_CHARS = 20_000;
/** Extraction stops after this long and keeps what it has. */
const PDF_EXTRACT_BUDGET_MS = 20_000;

export interface ExtractedText {
  text: string;
  pages: number;
  /** True when the text was cut at the character cap or the time budget. */
  truncated: boolean;
}

/** Why a PDF could not be read, for a message the person can act on. */
export class PdfReadError extends Error {
  constructor(
    readonly reason: 'password' | 'invalid',
    cause: unknown,
  ) {
    super(reason === 'password' ? 'The PDF is password-protected.' : 'The PDF could not be read.', {
      cause,
    });
    this.name = 'PdfReadError';
  }
}

interface TextItemLike {
  str?: unknown;
  hasEOL?: unknown;
}

/**
 * The text of a PDF, page by page, up to `maxChars` characters. Pages past
 * the cap are never parsed, so a long document costs no more than a short one.
 * Its streams may decode to `maxDecodedBytes` together, whatever their filters;
 * past that it throws PdfLimitError('decoded').
 */
export async function extractPdfText(
  bytes: Uint8Array,
  maxChars = PDF_TEXT_MAX_CHARS,
  budgetMs = PDF_EXTRACT_BUDGET_MS,
  maxPages = PDF_MAX_PAGES,
  maxDecodedBytes = PDF_MAX_DECODED_BYTES,
): Promise<ExtractedText> {
  // pdf.js itself first: loading it sets up its decode budget.
  await import('unpdf/pdfjs');
  const { getDocumentProxy } = await import('unpdf');
  const decoded = pdfDecodeBudget();
  Object.assign(decoded, { limit: maxDecodedBytes, used: 0, exceeded: false });
  const overLimit = () => {
    if (decoded.exceeded) throw new PdfLimitError('decoded');
  };
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the buffer it is given: pass a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 } as never);
  } catch (err) {
    overLimit();
    const name = (err as { name?: unknown })?.name;
    throw new PdfReadError(name === 'PasswordException' ? 'password' : 'invalid', err);
  }
  const started = Date.now();
  const pages = pdf.numPages;
  if (pages > maxPages) {
    await pdf.destroy().catch(() => {});
    throw new PdfLimitError('pages');
  }
  const parts: string[] = [];
  let length = 0;
  let truncated = false;
  try {
    for (let n = 1; n <= pages; n++) {
      if (length >= maxChars || Date.now() - started > budgetMs) {
        truncated = true;
        break;
      }
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const pageText = (content.items as TextItemLike[])
        .map((item) =>
          typeof item.str === 'string' ? item.str + (item.hasEOL === true ? '\n' : '') : '',
        )
        .join('')
        .replace(/[ \t]+\n/g, '\n')
        .trim();
      page.cleanup();
      // pdf.js logs a failed stream and goes on: the budget tells whether one was cut.
      overLimit();
      if (pageText) {
        parts.push(pageText);
        length += pageText.length + 2;
      }
    }
  } catch (err) {
    overLimit();
    throw new PdfReadError('invalid', err);
  } finally {
    await pdf.destroy().catch(() => {});
  }
  let text = parts.join('\n\n');
  if (text.length > maxChars) {
    text = text.slice(0, maxChars);
    truncated = true;
  }
  return { text, pages, truncated };
}
