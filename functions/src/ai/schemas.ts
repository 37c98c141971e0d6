import {
  cleanText,
  DEEP_DIVE_TOOLS,
  isPrototypeName,
  isWellFormedText,
  textSchema,
  validate,
} from '@brainboard/domain';
import { z } from 'zod';
import { badRequest } from '../http/errors.ts';
import {
  HISTORY_MAX_MESSAGES,
  HISTORY_MESSAGE_MAX_CHARS,
  PROMPT_MAX_CHARS,
  SAVED_CHAT_MAX_CHARS,
  SAVED_CHAT_MAX_MESSAGES,
} from './limits.ts';

const ID_RE = /^[A-Za-z0-9_-]{1,128}$/;

const id = (field: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required.` : `${field} must be text.`,
    })
    .regex(ID_RE, `${field} is not valid.`)
    .refine((v) => !isPrototypeName(v), `${field} is not valid.`);

/** An optional id where clients may also send '' or null for "none". */
const optionalId = (field: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), id(field).optional());

/** What the student typed: the shared text rules (domain/src/safeText.ts), multi-line. */
const prompt = textSchema('prompt', PROMPT_MAX_CHARS, {
  shape: 'multiline',
  trim: true,
  required: true,
});

const message = (maxChars: number) =>
  z.object(
    {
      role: z.enum(['system', 'user', 'assistant'], {
        error: 'Each message role must be "user", "assistant" or "system".',
      }),
      content: z
        .string({ error: 'Each message content must be text.' })
        .max(maxChars, `Each message must be at most ${maxChars} characters.`)
        .refine(isWellFormedText, 'A message contains a broken character. Please retype it.')
        .overwrite((content) => cleanText(content, 'multiline')),
    },
    { error: 'Each message must be an object with role and content.' },
  );

/** POST /api/ai-help-chat and /api/ai-idea-chat. `messages`: earlier turns, oldest first. */
export const chatBodySchema = z.strictObject({
  prompt,
  file_id: optionalId('file_id'),
  assignment_id: optionalId('assignment_id'),
  messages: z
    .array(message(HISTORY_MESSAGE_MAX_CHARS), { error: 'messages must be a list.' })
    .max(HISTORY_MAX_MESSAGES, `messages must have at most ${HISTORY_MAX_MESSAGES} items.`)
    .optional(),
});

export const saveChatBodySchema = z.strictObject({
  assignment_id: id('assignment_id'),
  messages: z
    .array(message(SAVED_CHAT_MAX_CHARS), { error: 'messages must be a list.' })
    .max(SAVED_CHAT_MAX_MESSAGES, `messages must have at most ${SAVED_CHAT_MAX_MESSAGES} items.`)
    .refine(
      (list) => list.reduce((n, m) => n + m.content.length, 0) <= SAVED_CHAT_MAX_CHARS,
      `A saved chat must be at most ${SAVED_CHAT_MAX_CHARS} characters in total.`,
    ),
});

export const suggestBodySchema = z.strictObject({
  prompt,
  file_id: optionalId('file_id'),
});

export const deepDiveBodySchema = z.strictObject({
  prompt,
  assignment_id: id('assignment_id'),
  file_id: optionalId('file_id'),
  feature: z.enum(DEEP_DIVE_TOOLS, {
    error: `feature must be one of: ${DEEP_DIVE_TOOLS.join(', ')}.`,
  }),
});

export const assignmentIdQuerySchema = z.object({ assignment_id: id('assignment_id') });

/** The parsed body, or a 400 naming the first problem. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input ?? {});
  if (!result.success) throw badRequest(result.error);
  return result.data;
}
