/**
 * The answers of quick add, the brain dump and the syllabus import (POST /api/capture/parse,
 * /api/syllabus/preview and /api/syllabus/import; docs/product.md, Quick add).
 */

/** One proposed assignment read from a student's words. */
export interface CapturedItem {
  title: string;
  /** 'YYYY-MM-DDTHH:MM:00' on the student's clock, or null: no date was found. */
  due_date: string | null;
  course?: string;
  /** First steps, when AI Help read it. */
  steps?: string[];
}

/** Which reading made the proposals: the AI model, or the rules (the quick-add parser). */
type ReadBy = 'ai' | 'rules';

export interface CaptureAnswer {
  items: CapturedItem[];
  read_by: ReadBy;
  /** Items the AI model sent that could not be read (dropped). */
  unreadable: number;
}

/** One dated item of a syllabus, as the preview shows it. */
export interface SyllabusItem {
  /** Stable across imports: from the course and the item's normalised title. */
  key: string;
  title: string;
  due_date: string;
  course: string;
  kind: 'assignment' | 'quiz' | 'exam' | 'reading';
}

export interface SyllabusPreview {
  items: SyllabusItem[];
  /** Items the AI model sent that could not be read (dropped), 0 for the rules. */
  unreadable: number;
  read_by: ReadBy;
  course: string;
}

/** What one import did: new cards, cards that followed the syllabus, cards left as they were. */
export interface SyllabusImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}
