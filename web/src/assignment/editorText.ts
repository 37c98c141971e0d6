import { PDF_MAX_BYTES, fileNotPdf, fileTooLarge } from '@brainboard/domain';

/** (ours) Shown when a text field is full: the field silently refuses more characters. */
export const limitReachedText = (label: string, max: number): string =>
  `${label} can be at most ${max} characters.`;

/** (ours) Saving without a title. */
export const TITLE_REQUIRED = 'Please enter a title.';

/** SPEC §5: the problem with picked files, or null when the first may be uploaded. */
export function pdfProblem(files: readonly File[]): string | null {
  const file = files[0];
  if (!file) return null;
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!isPdf) return fileNotPdf(file.name);
  if (file.size > PDF_MAX_BYTES) return fileTooLarge(file.name);
  return null;
}
