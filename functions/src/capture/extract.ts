import {
  hasVisibleCharacter,
  importedText,
  isValidDueDate,
  TITLE_MAX_LENGTH,
  wallClockIn,
} from '@brainboard/domain';
import { SYLLABUS_KINDS, type SyllabusKind } from '@brainboard/domain/quickAddSyllabus';
import { z } from 'zod';
import type { AiProvider, ChatTurn } from '../ai/provider.ts';

/**
 * Dated items read by the AI model with structured output (docs/architecture.md, Capture and
 * syllabus): a JSON schema asks for them, zod checks each item on the server, and an item that
 * fails is dropped and counted. Text longer than one request takes is split at page breaks and
 * the answers merged, each item once.
 */

/** The name of the structured output; the OpenAI stand-in answers requests that carry it. */
const EXTRACTION_SCHEMA_NAME = 'dated_items';
/** Characters of text sent in one request (well inside the model's context). */
const AI_CHUNK_CHARS = 12_000;
/** Items kept from one reading. */
export const MAX_ITEMS = 300;
const STEPS_MAX = 6;
const COURSE_MAX = 60;

/** The JSON schema of the answer (strict: every field present, null where there is none). */
const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'due_date', 'course', 'kind', 'steps'],
        properties: {
          title: { type: 'string', description: 'What is due, in a few words.' },
          due_date: {
            type: ['string', 'null'],
            description: 'YYYY-MM-DDTHH:MM on the student’s clock, or null when no date is given.',
          },
          course: { type: 'string', description: 'The course code or name, or "".' },
          kind: { type: 'string', enum: [...SYLLABUS_KINDS] },
          steps: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;

const DUE_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::00)?$/;

/** One item as the model must send it; anything else is dropped and counted. */
const itemSchema = z.object({
  title: z
    .string()
    .transform((t) => importedText(t, TITLE_MAX_LENGTH))
    .refine(hasVisibleCharacter),
  due_date: z
    .string()
    .regex(DUE_RE)
    .transform((d) => `${(DUE_RE.exec(d) as RegExpExecArray)[1]}:00`)
    .refine(isValidDueDate)
    .nullable(),
  course: z.string().transform((c) => importedText(c, COURSE_MAX)),
  kind: z.enum(SYLLABUS_KINDS),
  steps: z.array(z.string()).transform((steps) =>
    steps
      .map((s) => importedText(s, TITLE_MAX_LENGTH))
      .filter(hasVisibleCharacter)
      .slice(0, STEPS_MAX),
  ),
});

interface ExtractedItem {
  title: string;
  due_date: string | null;
  course: string;
  kind: SyllabusKind;
  steps: string[];
}

export interface Extraction {
  items: ExtractedItem[];
  /** Items the model sent that failed validation. */
  unreadable: number;
}

/** The model's answer was not the JSON asked for at all. */
export class UnreadableAnswerError extends Error {
  override name = 'UnreadableAnswerError';
}

/** The text split at page breaks into pieces of at most `max` characters. */
export function chunksOf(text: string, max = AI_CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const page of text.split(/\n{2,}/)) {
    for (let at = 0; at < page.length; at += max) {
      const part = page.slice(at, at + max);
      if (current && current.length + part.length + 2 > max) {
        chunks.push(current);
        current = '';
      }
      current = current ? `${current}\n\n${part}` : part;
    }
  }
  if (current.trim()) chunks.push(current);
  return chunks;
}

/** Checks one answer: the items that pass, and how many did not. */
export function readAnswer(content: string): Extraction {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new UnreadableAnswerError('The answer is not JSON.');
  }
  const list = (parsed as { items?: unknown } | null)?.items;
  if (!Array.isArray(list)) throw new UnreadableAnswerError('The answer has no items.');
  const items: ExtractedItem[] = [];
  let unreadable = 0;
  for (const raw of list) {
    const item = itemSchema.safeParse(raw);
    if (item.success) items.push(item.data);
    else unreadable++;
  }
  return { items, unreadable };
}

const normal = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export interface ExtractionRequest {
  text: string;
  mode: 'syllabus' | 'capture';
  now: Date;
  zone: string;
  defaultTime: string;
  signal: AbortSignal;
}

function messages(request: ExtractionRequest, chunk: string): ChatTurn[] {
  const today = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    timeZone: request.zone,
  }).format(request.now);
  const what =
    request.mode === 'syllabus'
      ? 'The text is a course syllabus. List every dated item a student must do or attend: ' +
        'assignments, quizzes, exams and readings, each with its date. Leave out days off, ' +
        'office hours and week headings. steps is always [].'
      : 'The text is a student’s brain dump of things to do. List each task once, with its ' +
        'due date when the text gives one (null when it does not), and two to four short first ' +
        'steps.';
  return [
    {
      role: 'system',
      content:
        `${what} Write due_date as YYYY-MM-DDTHH:MM on the student’s clock; a date without a ` +
        `time takes ${request.defaultTime}. course is the course code the text names, or "". ` +
        `Never invent a date the text does not give.\n` +
        `Now: ${wallClockIn(request.now, request.zone).slice(0, 16)} (${today}) in ${request.zone}. ` +
        `Default time: ${request.defaultTime}. Mode: ${request.mode}.`,
    },
    { role: 'user', content: chunk },
  ];
}

/**
 * Reads the text with the model, a chunk at a time, and merges the answers: an item with the
 * same title and date as one already read is dropped.
 */
export async function extractWithAi(
  provider: AiProvider,
  request: ExtractionRequest,
): Promise<Extraction> {
  const seen = new Set<string>();
  const items: ExtractedItem[] = [];
  let unreadable = 0;
  for (const chunk of chunksOf(request.text)) {
    const content = await provider.complete(messages(request, chunk), {
      signal: request.signal,
      schema: { name: EXTRACTION_SCHEMA_NAME, schema: ANSWER_SCHEMA },
    });
    const answer = readAnswer(content);
    unreadable += answer.unreadable;
    for (const item of answer.items) {
      const key = `${normal(item.title)}|${item.due_date ?? ''}`;
      if (seen.has(key) || items.length >= MAX_ITEMS) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return { items, unreadable };
}
