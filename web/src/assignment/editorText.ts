import { PDF_MAX_BYTES, fileNotPdf, fileTooLarge } from '@brainboard/domain';

/** (ours) Shown when a text field is full: the field silently refuses more characters. */
export const limitReachedText = (label: string, max: number): string =>
  `${label} can be at most ${max} characters.`;

/** (ours) Saving without a title. */
export const TITLE_REQUIRED = 'Please enter a title.';

/** The problem with picked files, or null when the first may be uploaded. */
export function pdfProblem(files: readonly File[]): string | null {
  const file = files[0];
  if (!file) return null;
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!isPdf) return fileNotPdf(file.name);
  if (file.size > PDF_MAX_BYTES) return fileTooLarge(file.name);
  return null;
}

/** (ours) Removing an attached PDF failed. */
export const removePdfFailed = (detail: string): string => `Failed to remove PDF: ${detail}`;

/** (ours) The attached PDFs of a reopened assignment could not be read. */
export const listPdfsFailed = (detail: string): string =>
  `The attached PDFs could not be loaded: ${detail}`;

/**
 * A file size as a person reads it: "830 bytes", "12 KB", "1.2 MB". Binary multiples, as the
 * 20 MB upload limit (20,971,520 bytes) counts them.
 */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = Math.round(bytes / 1024);
  if (kb < 1024) return `${kb} KB`;
  const mb = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${mb} MB`;
}
