import { z } from 'zod';

/**
 * Taking data out and bringing it in (docs/product.md, "Your data out, and in"): the import
 * body and what an import answers.
 */

const IMPORT_FORMATS = ['brainboard', 'todoist', 'trello'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const importBodySchema = z.strictObject(
  {
    format: z.enum(IMPORT_FORMATS, {
      error: `format must be one of: ${IMPORT_FORMATS.join(', ')}.`,
    }),
    content: z.string({ error: 'content is required: the text of the file to import.' }),
    dry_run: z.boolean({ error: 'dry_run must be true or false.' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${String(issue.keys[0])}.`
        : 'Send a JSON object, for example { "format": "trello", "content": "..." }.',
  },
);

/** One card of an import as the preview shows it: where it goes and where it came from. */
interface ImportPreviewCard {
  line: number;
  id: string;
  title: string;
  column: 'new' | 'in progress' | 'done';
  due_date: string;
  steps: number;
  /** The Trello list or Todoist section it came from. */
  mapped_from?: string;
  /** Whether the board already holds it (then nothing of it is written). */
  exists: boolean;
}

/** What an import added, what it found already there, and what it skipped and why. */
export interface ImportReport {
  added: number;
  unchanged: number;
  skipped: { line: number; reason: string }[];
  preview: ImportPreviewCard[];
}
