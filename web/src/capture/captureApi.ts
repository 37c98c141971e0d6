import type { SyllabusItem } from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';

/** Quick add's and the syllabus import's calls (the capture and syllabus endpoints). */

const locale = () => navigator.language || 'en-US';

/** A brain dump read on the server: by the AI model when the student turned on AI Help. */
export const readBrainDump = (text: string) =>
  callEndpoint(api, 'POST /api/capture/parse', {}, { text, mode: 'many', locale: locale() });

export const previewSyllabus = (fileId: string) =>
  callEndpoint(api, 'POST /api/syllabus/preview', {}, { file_id: fileId, locale: locale() });

export const importSyllabus = (
  fileId: string,
  keys: string[],
  edits: Record<string, { title?: string; due_date?: string }>,
) => callEndpoint(api, 'POST /api/syllabus/import', {}, { file_id: fileId, keys, edits });

export type { SyllabusItem };
