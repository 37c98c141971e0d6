/**
 * Input schemas for the API (docs/product.md, Limits; docs/architecture.md). Objects are strict:
 * unknown fields are refused.
 * Every issue carries a sentence a person can act on, naming the field and the limit.
 */
import { z } from 'zod';
import {
  ASSIGNMENT_STATUSES,
  DESCRIPTION_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  NOTES_MAX_COUNT,
  SUBTASK_MAX_LENGTH,
  SUBTASKS_MAX_COUNT,
  TITLE_MAX_LENGTH,
} from './constants.ts';
import { isValidDueDate } from './dueDate.ts';
import { repeatSchema, repeatScopeSchema } from './recurrence.ts';
import { reminderListSchema, timeZoneSchema } from './reminders.ts';
import { estimateMinutesSchema } from './estimates.ts';
import { planSettingsFields } from './planSettingsSchema.ts';
import { textSchema as text } from './safeText.ts';

/** Error of a strict object: unknown fields by name, anything else "<what> must be an object." */
const objectError =
  (what: string) =>
  (issue: z.core.$ZodRawIssue): string =>
    issue.code === 'unrecognized_keys'
      ? `Unknown field: ${String(issue.keys[0])}.`
      : `${what} must be an object.`;

/** Ids usable as document ids and field-path keys: letters, digits, "-" and "_". */
const ID_RE = /^[A-Za-z0-9_-]{1,128}$/;

/** Names an object already has (`constructor`, `__proto__`, ...), never usable as a map key. */
const RESERVED_IDS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

/** True for an id a client may choose: ID_RE and not a reserved object name. */
export function isClientId(id: string): boolean {
  return ID_RE.test(id) && !RESERVED_IDS.has(id);
}

const idSchema = (field: string) =>
  text(field, 128, { required: true, clean: false })
    .regex(ID_RE, `${field} may contain only letters, digits, "-" and "_".`)
    .refine(
      (id) => !RESERVED_IDS.has(id),
      `${field} may not be a reserved name such as "constructor".`,
    );

// Free text follows the shared text rules (domain/src/safeText.ts): cleaned of control and
// bidirectional characters, blank when nothing is visible, a lone surrogate refused.

/** Required, single-line, trimmed, at most 125 characters. */
export const titleSchema = text('title', TITLE_MAX_LENGTH, { trim: true, required: true });
/** Optional, multi-line, at most 2000 characters (otherwise kept as typed). */
export const descriptionSchema = text('description', DESCRIPTION_MAX_LENGTH, {
  shape: 'multiline',
});
/** A subtask title, trimmed, not blank, at most 125 characters. */
export const subtaskTitleSchema = text('subtask title', SUBTASK_MAX_LENGTH, {
  trim: true,
  required: true,
});
/** A note, multi-line, trimmed, not blank, at most 1000 characters. */
export const noteTextSchema = text('note', NOTE_MAX_LENGTH, {
  shape: 'multiline',
  trim: true,
  required: true,
});

/** '', 'YYYY-MM-DD' (legacy) or 'YYYY-MM-DDTHH:MM:00', with a real date and time. */
export const dueDateSchema = z
  .string({ error: 'due_date must be text.' })
  .refine(
    isValidDueDate,
    'due_date must be empty, YYYY-MM-DD or YYYY-MM-DDTHH:MM:00 with a real date and time.',
  );

/** One of the three statuses; '' means "new". */
export const statusSchema = z.preprocess(
  (v) => (v === '' ? 'new' : v),
  z.enum(ASSIGNMENT_STATUSES, {
    error: `status must be one of: ${ASSIGNMENT_STATUSES.join(', ')}.`,
  }),
);

/** A subtask as sent by clients; the legacy `text` stands for `title`. */
export const subtaskInputSchema = z
  .strictObject(
    {
      id: idSchema('subtask id').optional(),
      title: subtaskTitleSchema.optional(),
      text: subtaskTitleSchema.optional(),
      completed: z.boolean({ error: 'subtask completed must be true or false.' }).optional(),
      created_date: text('subtask created_date', 64).optional(),
      estimate_minutes: estimateMinutesSchema.optional(),
    },
    { error: objectError('each subtask') },
  )
  .refine((s) => s.title !== undefined || s.text !== undefined, {
    message: 'subtask title is required.',
    path: ['title'],
  })
  .transform(({ title, text: legacy, completed, ...rest }) => ({
    ...rest,
    title: title ?? legacy ?? '',
    completed: completed ?? false,
  }));

/** A note as sent by clients: a string, or { id?, text, created_date? }. */
export const noteInputSchema = z.preprocess(
  (v) => (typeof v === 'string' ? { text: v } : v),
  z.strictObject(
    {
      id: idSchema('note id').optional(),
      text: noteTextSchema,
      created_date: text('note created_date', 64).optional(),
    },
    { error: objectError('each note') },
  ),
);

/** True when no two items share an id. */
function uniqueIds(items: readonly { id?: string | undefined }[]): boolean {
  const ids = items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  return new Set(ids).size === ids.length;
}

const subtasksSchema = z
  .array(subtaskInputSchema, { error: 'subtasks must be a list.' })
  .max(SUBTASKS_MAX_COUNT, `subtasks must have at most ${SUBTASKS_MAX_COUNT} items.`)
  .refine(uniqueIds, 'subtask ids must be unique.');
const notesSchema = z
  .array(noteInputSchema, { error: 'notes must be a list.' })
  .max(NOTES_MAX_COUNT, `notes must have at most ${NOTES_MAX_COUNT} items.`)
  .refine(uniqueIds, 'note ids must be unique.');

/**
 * POST /api/assignment body (docs/product.md). Missing optional fields take their defaults. A
 * client-chosen `id` makes the create idempotent: sending it again creates nothing new.
 */
export const assignmentCreateSchema = z.strictObject(
  {
    id: idSchema('id').optional(),
    title: titleSchema,
    description: descriptionSchema.default(''),
    due_date: dueDateSchema.default(''),
    status: statusSchema.default('new'),
    subtasks: subtasksSchema.default([]),
    notes: notesSchema.default([]),
    repeat: repeatSchema.default(null),
    reminders: reminderListSchema('reminders').nullable().default(null),
  },
  { error: objectError('assignment') },
);

/** An assignment's version: a whole number from 1, raised by the server on every write. */
const assignmentVersionSchema = z
  .number({ error: 'version must be a number.' })
  .int('version must be a whole number of at least 1.')
  .min(1, 'version must be a whole number of at least 1.');

const VERSION_REQUIRED = 'version is required when replacing subtasks or notes.';

/**
 * PATCH /api/assignment body (docs/product.md): id plus any subset of the editable fields, and rank.
 * Replacing a whole list (`subtasks` or `notes`) must name the `version` it was based on, so a
 * change made meanwhile on another device is never overwritten.
 */
export const assignmentPatchSchema = z
  .strictObject(
    {
      id: idSchema('id'),
      version: assignmentVersionSchema.optional(),
      title: titleSchema.optional(),
      description: descriptionSchema.optional(),
      due_date: dueDateSchema.optional(),
      status: statusSchema.optional(),
      subtasks: subtasksSchema.optional(),
      notes: notesSchema.optional(),
      rank: z.number({ error: 'rank must be a number.' }).optional(),
      repeat: repeatSchema.optional(),
      scope: repeatScopeSchema.optional(),
      reminders: reminderListSchema('reminders').nullable().optional(),
    },
    { error: objectError('assignment') },
  )
  .refine((p) => (p.subtasks === undefined && p.notes === undefined) || p.version !== undefined, {
    message: VERSION_REQUIRED,
    path: ['version'],
  });
export type AssignmentPatchInput = z.output<typeof assignmentPatchSchema>;

/** POST /api/assignment/{id}/notes body: the text, and an optional client-chosen id. */
export const noteCreateSchema = z.strictObject(
  { id: idSchema('note id').optional(), text: noteTextSchema },
  { error: objectError('note') },
);

/**
 * POST /api/assignment/{id}/skip body: `from`, the due date the skip was asked from. A skip sent
 * again (a retry, the outbox sending it after a lost answer) finds the card moved on already and
 * changes nothing. Without `from` (older apps) the card skips from wherever it is.
 */
const SKIP_FROM_ERROR = 'from must be the due date the card had, such as 2026-03-02T23:59:00.';
export const skipSchema = z.strictObject(
  {
    from: z.string({ error: SKIP_FROM_ERROR }).refine(isValidDueDate, SKIP_FROM_ERROR).optional(),
  },
  { error: 'Send { "from": "<the due date it skips from>" }.' },
);

/** A version string such as "0.2.0". */
const versionSchema = (field: string) =>
  text(field, 32, { required: true, clean: false }).regex(
    /^\d+(\.\d+)*$/,
    `${field} must be a version such as 0.2.0.`,
  );

/** PATCH /api/user/{id} body (docs/architecture.md): at least one field. */
export const userPatchSchema = z
  .strictObject(
    {
      ai_help_enabled: z.boolean({ error: 'ai_help_enabled must be true or false.' }).optional(),
      ai_deep_dive_enabled: z
        .boolean({ error: 'ai_deep_dive_enabled must be true or false.' })
        .optional(),
      last_used_version: versionSchema('last_used_version').optional(),
      last_whats_new_version: versionSchema('last_whats_new_version').optional(),
      reminder_defaults: reminderListSchema('reminder_defaults').optional(),
      time_zone: timeZoneSchema.optional(),
      /** The time a date typed without one takes (quick add, syllabus import): 'HH:MM'. */
      default_due_time: z
        .string({ error: 'default_due_time must be text.' })
        .regex(
          /^([01]\d|2[0-3]):([0-5]\d)$/,
          'default_due_time must be a 24-hour time such as 23:59.',
        )
        .optional(),
      /** The empty board's "Import from your school" offer is closed for good (only true). */
      school_import_offer_closed: z
        .literal(true, { error: 'school_import_offer_closed can only be true.' })
        .optional(),
      ...planSettingsFields,
    },
    { error: objectError('user update') },
  )
  .refine((u) => Object.values(u).some((v) => v !== undefined), 'At least one field is required.');

/**
 * POST /api/acceptance body (docs/product.md, Limits; docs/architecture.md): both must be literally
 * true.
 */
export const acceptanceSchema = z.strictObject(
  {
    privacyAccepted: z.literal(true, { error: 'privacyAccepted must be true.' }),
    tosAccepted: z.literal(true, { error: 'tosAccepted must be true.' }),
  },
  { error: objectError('acceptance') },
);

/** "subtasks[0].foo" from an issue path. */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`))
    .join('');
}

/** The first issue as a sentence; unknown fields read "Unknown field: <name>.". */
export function formatValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field: ${formatPath([...issue.path, issue.keys[0] ?? ''])}.`;
  }
  return issue.message;
}

/** What a value of each type is called in a sentence ("title must be text."). */
const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/**
 * A sentence naming the field, for the problems a schema has no words of its own for (zod's
 * own would read "Invalid input: expected number, received string"). Unknown fields are left
 * to formatValidationError.
 */
function fieldSentence(issue: z.core.$ZodRawIssue): string | undefined {
  const field = formatPath(issue.path ?? []);
  const name = field || 'The request body';
  switch (issue.code) {
    case 'invalid_type':
      if (!field && issue.expected === 'object') return 'The request body must be a JSON object.';
      if (field && issue.input === undefined) return `${field} is required.`;
      return `${name} must be ${TYPE_NAMES[issue.expected] ?? `of type ${issue.expected}`}.`;
    case 'too_big': {
      const most = issue.inclusive === false ? 'less than' : 'at most';
      if (issue.origin === 'string') return `${name} must be ${most} ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${name} can hold ${most} ${issue.maximum} items.`;
      }
      return `${name} must be ${most} ${issue.maximum}.`;
    }
    case 'too_small': {
      const least = issue.inclusive === false ? 'more than' : 'at least';
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${name} is required.`
          : `${name} must be ${least} ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${name} must hold ${least} ${issue.minimum} items.`;
      }
      return `${name} must be ${least} ${issue.minimum}.`;
    }
    case 'invalid_value':
      return `${name} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'not_multiple_of':
      return `${name} must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return undefined;
    default:
      return `${name} is not valid.`;
  }
}

/**
 * Parses `input`, answering the data or a sentence: the schema's own words where it has them,
 * else one naming the field (fieldSentence); unknown fields as formatValidationError says.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { success: true; data: z.output<S> } | { success: false; error: string } {
  const r = schema.safeParse(input, { error: fieldSentence });
  return r.success
    ? { success: true, data: r.data }
    : { success: false, error: formatValidationError(r.error) };
}
