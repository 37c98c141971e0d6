import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  acceptanceSchema,
  assignmentCreateSchema,
  assignmentPatchSchema,
  isClientId,
  noteCreateSchema,
  descriptionSchema,
  dueDateSchema,
  formatValidationError,
  noteInputSchema,
  noteTextSchema,
  statusSchema,
  subtaskInputSchema,
  subtaskTitleSchema,
  titleSchema,
  userPatchSchema,
  validate,
} from './schemas.ts';

/** The sentence for an input the schema refuses. */
function errorOf(schema: z.ZodType, input: unknown): string {
  const r = schema.safeParse(input);
  if (r.success) throw new Error(`expected a refusal for ${JSON.stringify(input)}`);
  return formatValidationError(r.error);
}

describe('title', () => {
  it('is required', () => {
    expect(errorOf(assignmentCreateSchema, {})).toBe('title is required.');
    expect(errorOf(titleSchema, '')).toBe('title is required.');
    expect(errorOf(titleSchema, '   ')).toBe('title is required.');
  });
  it('is trimmed', () => {
    expect(titleSchema.parse('  Essay  ')).toBe('Essay');
  });
  it('is at most 125 characters', () => {
    expect(titleSchema.parse('x'.repeat(125))).toHaveLength(125);
    expect(errorOf(titleSchema, 'x'.repeat(126))).toBe('title must be at most 125 characters.');
  });
  it('counts the length after trimming', () => {
    expect(titleSchema.parse(` ${'x'.repeat(125)} `)).toHaveLength(125);
  });
  it('must be text', () => {
    expect(errorOf(titleSchema, 5)).toBe('title must be text.');
    expect(errorOf(titleSchema, null)).toBe('title must be text.');
  });
});

describe('description', () => {
  it('is at most 2000 characters, kept as typed', () => {
    expect(descriptionSchema.parse('  a\n  b ')).toBe('  a\n  b ');
    expect(descriptionSchema.parse('x'.repeat(2000))).toHaveLength(2000);
    expect(errorOf(descriptionSchema, 'x'.repeat(2001))).toBe(
      'description must be at most 2000 characters.',
    );
  });
  it('may be empty', () => {
    expect(descriptionSchema.parse('')).toBe('');
  });
  it('must be text', () => {
    expect(errorOf(descriptionSchema, 3)).toBe('description must be text.');
  });
});

describe('subtask title', () => {
  it('is trimmed, not blank, at most 125 characters', () => {
    expect(subtaskTitleSchema.parse('  Read  ')).toBe('Read');
    expect(errorOf(subtaskTitleSchema, '  ')).toBe('subtask title is required.');
    expect(subtaskTitleSchema.parse('x'.repeat(125))).toHaveLength(125);
    expect(errorOf(subtaskTitleSchema, 'x'.repeat(126))).toBe(
      'subtask title must be at most 125 characters.',
    );
  });
});

describe('note text', () => {
  it('is trimmed, not blank, at most 1000 characters', () => {
    expect(noteTextSchema.parse('  remember  ')).toBe('remember');
    expect(errorOf(noteTextSchema, '')).toBe('note is required.');
    expect(errorOf(noteTextSchema, ' \n\t ')).toBe('note is required.');
    expect(noteTextSchema.parse('x'.repeat(1000))).toHaveLength(1000);
    expect(errorOf(noteTextSchema, 'x'.repeat(1001))).toBe('note must be at most 1000 characters.');
  });
});

describe('due date', () => {
  it('accepts empty, date-only and YYYY-MM-DDTHH:MM:00', () => {
    for (const d of ['', '2025-03-10', '2025-03-10T00:00:00', '2025-03-10T23:59:00']) {
      expect(dueDateSchema.parse(d)).toBe(d);
    }
  });
  it('refuses impossible dates, hours, minutes and other shapes', () => {
    const message =
      'due_date must be empty, YYYY-MM-DD or YYYY-MM-DDTHH:MM:00 with a real date and time.';
    for (const d of [
      '2025-02-29',
      '2025-13-01T08:00:00',
      '2025-03-10T24:00:00',
      '2025-03-10T08:60:00',
      '2025-03-10T08:00:01',
      '2025-03-10T08:00',
      '2025-03-10T08:00:00.000Z',
      '03/10/2025',
    ]) {
      expect(errorOf(dueDateSchema, d)).toBe(message);
    }
    expect(errorOf(dueDateSchema, 20250310)).toBe('due_date must be text.');
  });
});

describe('status', () => {
  it('is one of the three values; empty means "new"', () => {
    expect(statusSchema.parse('new')).toBe('new');
    expect(statusSchema.parse('in progress')).toBe('in progress');
    expect(statusSchema.parse('done')).toBe('done');
    expect(statusSchema.parse('')).toBe('new');
  });
  it('refuses anything else', () => {
    for (const s of ['New', 'in-progress', 'todo', 1, null]) {
      expect(errorOf(statusSchema, s)).toBe('status must be one of: new, in progress, done.');
    }
  });
});

describe('subtask input', () => {
  it('normalises to { id?, title, completed }', () => {
    expect(subtaskInputSchema.parse({ title: ' Read ' })).toEqual({
      title: 'Read',
      completed: false,
    });
    expect(
      subtaskInputSchema.parse({
        id: 'subtask-1-abc',
        title: 'Read',
        completed: true,
        created_date: '2025-03-10',
      }),
    ).toEqual({ id: 'subtask-1-abc', title: 'Read', completed: true, created_date: '2025-03-10' });
  });
  it('accepts the legacy text field as the title', () => {
    expect(subtaskInputSchema.parse({ text: 'Legacy', completed: true })).toEqual({
      title: 'Legacy',
      completed: true,
    });
    expect(subtaskInputSchema.parse({ title: 'New', text: 'Old' }).title).toBe('New');
  });
  it('requires a title', () => {
    expect(errorOf(subtaskInputSchema, {})).toBe('subtask title is required.');
    expect(errorOf(subtaskInputSchema, { title: ' ' })).toBe('subtask title is required.');
  });
  it('limits the title to 125 characters', () => {
    expect(errorOf(subtaskInputSchema, { title: 'x'.repeat(126) })).toBe(
      'subtask title must be at most 125 characters.',
    );
    expect(errorOf(subtaskInputSchema, { text: 'x'.repeat(126) })).toBe(
      'subtask title must be at most 125 characters.',
    );
  });
  it('checks field types and id characters', () => {
    expect(errorOf(subtaskInputSchema, { title: 'a', completed: 'yes' })).toBe(
      'subtask completed must be true or false.',
    );
    expect(errorOf(subtaskInputSchema, { title: 'a', id: 'a.b' })).toBe(
      'subtask id may contain only letters, digits, "-" and "_".',
    );
    expect(errorOf(subtaskInputSchema, 'Read')).toBe('each subtask must be an object.');
  });
  it('refuses unknown fields', () => {
    expect(errorOf(subtaskInputSchema, { title: 'a', done: true })).toBe('Unknown field: done.');
  });
});

describe('note input', () => {
  it('accepts strings and { id?, text }', () => {
    expect(noteInputSchema.parse(' hi ')).toEqual({ text: 'hi' });
    expect(noteInputSchema.parse({ id: 'n1', text: 'hi' })).toEqual({ id: 'n1', text: 'hi' });
    expect(noteInputSchema.parse({ text: 'hi', created_date: '2025-03-10' })).toEqual({
      text: 'hi',
      created_date: '2025-03-10',
    });
  });
  it('refuses blank, long and malformed notes', () => {
    expect(errorOf(noteInputSchema, '   ')).toBe('note is required.');
    expect(errorOf(noteInputSchema, { id: 'n1' })).toBe('note is required.');
    expect(errorOf(noteInputSchema, 'x'.repeat(1001))).toBe(
      'note must be at most 1000 characters.',
    );
    expect(errorOf(noteInputSchema, 42)).toBe('each note must be an object.');
    expect(errorOf(noteInputSchema, { text: 'a', body: 'b' })).toBe('Unknown field: body.');
  });
});

describe('assignmentCreateSchema (POST /api/assignment)', () => {
  it('fills the defaults', () => {
    expect(assignmentCreateSchema.parse({ title: 'Essay' })).toEqual({
      title: 'Essay',
      description: '',
      due_date: '',
      status: 'new',
      subtasks: [],
      notes: [],
      reminders: null,
      repeat: null,
    });
  });
  it('accepts a full assignment and normalises its lists', () => {
    const parsed = assignmentCreateSchema.parse({
      title: ' Essay ',
      description: 'About bees',
      due_date: '2025-03-10T17:30:00',
      status: 'in progress',
      subtasks: [{ title: 'Outline' }, { text: 'Draft', completed: true }],
      notes: ['Ask Ms. B', { text: 'Library' }],
    });
    expect(parsed).toEqual({
      title: 'Essay',
      description: 'About bees',
      due_date: '2025-03-10T17:30:00',
      status: 'in progress',
      subtasks: [
        { title: 'Outline', completed: false },
        { title: 'Draft', completed: true },
      ],
      notes: [{ text: 'Ask Ms. B' }, { text: 'Library' }],
      reminders: null,
      repeat: null,
    });
  });
  it('takes an optional client-chosen id', () => {
    expect(assignmentCreateSchema.parse({ id: 'assignment-1-abc', title: 'E' })).toMatchObject({
      id: 'assignment-1-abc',
      title: 'E',
    });
    expect(errorOf(assignmentCreateSchema, { id: 'a.b', title: 'E' })).toBe(
      'id may contain only letters, digits, "-" and "_".',
    );
    expect(errorOf(assignmentCreateSchema, { id: 'x'.repeat(129), title: 'E' })).toBe(
      'id must be at most 128 characters.',
    );
    for (const id of ['__proto__', 'constructor', 'toString', 'prototype']) {
      expect(errorOf(assignmentCreateSchema, { id, title: 'E' })).toBe(
        'id may not be a reserved name such as "constructor".',
      );
    }
  });
  it('refuses unknown fields, such as form-only ones', () => {
    expect(errorOf(assignmentCreateSchema, { title: 'a', due_hour: '08' })).toBe(
      'Unknown field: due_hour.',
    );
    expect(errorOf(assignmentCreateSchema, { title: 'a', color: 'x' })).toBe(
      'Unknown field: color.',
    );
  });
  it('names nested unknown fields with their path', () => {
    expect(
      errorOf(assignmentCreateSchema, {
        title: 'a',
        subtasks: [{ title: 'b' }, { title: 'c', x: 1 }],
      }),
    ).toBe('Unknown field: subtasks[1].x.');
  });
  it('refuses a body that is not an object', () => {
    expect(errorOf(assignmentCreateSchema, null)).toBe('assignment must be an object.');
    expect(errorOf(assignmentCreateSchema, ['a'])).toBe('assignment must be an object.');
  });
  it('refuses lists of the wrong type, duplicate ids and too many items', () => {
    expect(errorOf(assignmentCreateSchema, { title: 'a', subtasks: 'x' })).toBe(
      'subtasks must be a list.',
    );
    expect(errorOf(assignmentCreateSchema, { title: 'a', notes: {} })).toBe(
      'notes must be a list.',
    );
    expect(
      errorOf(assignmentCreateSchema, {
        title: 'a',
        subtasks: [
          { id: 's1', title: 'a' },
          { id: 's1', title: 'b' },
        ],
      }),
    ).toBe('subtask ids must be unique.');
    expect(
      errorOf(assignmentCreateSchema, {
        title: 'a',
        notes: [
          { id: 'n', text: 'a' },
          { id: 'n', text: 'b' },
        ],
      }),
    ).toBe('note ids must be unique.');
    expect(
      errorOf(assignmentCreateSchema, {
        title: 'a',
        notes: Array.from({ length: 201 }, () => 'n'),
      }),
    ).toBe('notes must have at most 200 items.');
    expect(
      errorOf(assignmentCreateSchema, {
        title: 'a',
        subtasks: Array.from({ length: 201 }, () => ({ title: 's' })),
      }),
    ).toBe('subtasks must have at most 200 items.');
  });
  it('reports the field of a nested limit', () => {
    expect(errorOf(assignmentCreateSchema, { title: 'a', notes: ['ok', 'x'.repeat(1001)] })).toBe(
      'note must be at most 1000 characters.',
    );
  });
});

describe('assignmentPatchSchema (PATCH /api/assignment)', () => {
  it('requires an id', () => {
    expect(errorOf(assignmentPatchSchema, { status: 'done' })).toBe('id is required.');
    expect(errorOf(assignmentPatchSchema, { id: '' })).toBe('id is required.');
  });
  it('refuses ids that are not plain document ids', () => {
    expect(errorOf(assignmentPatchSchema, { id: 'a/b' })).toBe(
      'id may contain only letters, digits, "-" and "_".',
    );
  });
  it('accepts the id alone or with any subset of fields, adding no defaults', () => {
    expect(assignmentPatchSchema.parse({ id: 'abc' })).toEqual({ id: 'abc' });
    expect(assignmentPatchSchema.parse({ id: 'abc', status: 'done' })).toEqual({
      id: 'abc',
      status: 'done',
    });
    expect(
      assignmentPatchSchema.parse({
        id: 'abc',
        title: 'T',
        description: 'D',
        due_date: '2025-03-10T08:00:00',
        status: '',
        subtasks: [{ text: 's' }],
        notes: ['n'],
        rank: 1.5,
        version: 3,
      }),
    ).toEqual({
      id: 'abc',
      version: 3,
      title: 'T',
      description: 'D',
      due_date: '2025-03-10T08:00:00',
      status: 'new',
      subtasks: [{ title: 's', completed: false }],
      notes: [{ text: 'n' }],
      rank: 1.5,
    });
  });
  it('applies the same field rules as create', () => {
    expect(errorOf(assignmentPatchSchema, { id: 'a', title: '  ' })).toBe('title is required.');
    expect(errorOf(assignmentPatchSchema, { id: 'a', title: 'x'.repeat(126) })).toBe(
      'title must be at most 125 characters.',
    );
    expect(errorOf(assignmentPatchSchema, { id: 'a', status: 'later' })).toBe(
      'status must be one of: new, in progress, done.',
    );
  });
  it('requires rank to be a finite number', () => {
    expect(errorOf(assignmentPatchSchema, { id: 'a', rank: '1' })).toBe('rank must be a number.');
    expect(errorOf(assignmentPatchSchema, { id: 'a', rank: Infinity })).toBe(
      'rank must be a number.',
    );
  });
  it('requires the version when a whole list is replaced, and only then', () => {
    expect(errorOf(assignmentPatchSchema, { id: 'a', subtasks: [] })).toBe(
      'version is required when replacing subtasks or notes.',
    );
    expect(errorOf(assignmentPatchSchema, { id: 'a', notes: ['n'] })).toBe(
      'version is required when replacing subtasks or notes.',
    );
    expect(assignmentPatchSchema.parse({ id: 'a', title: 'T' })).toEqual({ id: 'a', title: 'T' });
    expect(assignmentPatchSchema.parse({ id: 'a', status: 'done', rank: 2 })).toEqual({
      id: 'a',
      status: 'done',
      rank: 2,
    });
  });
  it('takes a whole-number version of at least 1', () => {
    for (const version of [0, -1, 1.5]) {
      expect(errorOf(assignmentPatchSchema, { id: 'a', version })).toBe(
        'version must be a whole number of at least 1.',
      );
    }
    expect(errorOf(assignmentPatchSchema, { id: 'a', version: '2' })).toBe(
      'version must be a number.',
    );
  });
  it('refuses server-managed and unknown fields', () => {
    for (const key of ['deep_dive', 'created_at', 'completed_date', 'owner']) {
      expect(errorOf(assignmentPatchSchema, { id: 'a', [key]: 'x' })).toBe(
        `Unknown field: ${key}.`,
      );
    }
  });
});

describe('noteCreateSchema (POST /api/assignment/{id}/notes)', () => {
  it('takes the text and an optional client id', () => {
    expect(noteCreateSchema.parse({ text: ' hi ' })).toEqual({ text: 'hi' });
    expect(noteCreateSchema.parse({ id: 'note-1-a', text: 'hi' })).toEqual({
      id: 'note-1-a',
      text: 'hi',
    });
    expect(errorOf(noteCreateSchema, { id: '__proto__', text: 'hi' })).toBe(
      'note id may not be a reserved name such as "constructor".',
    );
    expect(errorOf(noteCreateSchema, { text: 'hi', order: 1 })).toBe('Unknown field: order.');
    expect(errorOf(noteCreateSchema, 'hi')).toBe('note must be an object.');
  });
});

describe('isClientId', () => {
  it('accepts plain ids and refuses reserved or malformed ones', () => {
    expect(isClientId('subtask-1-abc')).toBe(true);
    expect(isClientId('hasOwnProperty')).toBe(false);
    expect(isClientId('a b')).toBe(false);
    expect(isClientId('')).toBe(false);
  });
});

describe('userPatchSchema (PATCH /api/user/{id})', () => {
  it('accepts the opt-ins and version fields', () => {
    const full = {
      ai_help_enabled: true,
      ai_deep_dive_enabled: false,
      last_used_version: '0.2.0',
      last_whats_new_version: '0.10.1',
    };
    expect(userPatchSchema.parse(full)).toEqual(full);
    expect(userPatchSchema.parse({ ai_help_enabled: false })).toEqual({ ai_help_enabled: false });
  });
  it('needs at least one field', () => {
    expect(errorOf(userPatchSchema, {})).toBe('At least one field is required.');
  });
  it('checks types and version shapes', () => {
    expect(errorOf(userPatchSchema, { ai_help_enabled: 'true' })).toBe(
      'ai_help_enabled must be true or false.',
    );
    expect(errorOf(userPatchSchema, { ai_deep_dive_enabled: 1 })).toBe(
      'ai_deep_dive_enabled must be true or false.',
    );
    expect(errorOf(userPatchSchema, { last_used_version: 'v1' })).toBe(
      'last_used_version must be a version such as 0.2.0.',
    );
    expect(errorOf(userPatchSchema, { last_whats_new_version: '1..2' })).toBe(
      'last_whats_new_version must be a version such as 0.2.0.',
    );
  });
  it('refuses other profile fields', () => {
    expect(errorOf(userPatchSchema, { privacy_accepted_at: 'now' })).toBe(
      'Unknown field: privacy_accepted_at.',
    );
    expect(errorOf(userPatchSchema, { csrf_token: 'x' })).toBe('Unknown field: csrf_token.');
  });
});

describe('acceptanceSchema', () => {
  it('accepts only both literally true', () => {
    expect(acceptanceSchema.parse({ privacyAccepted: true, tosAccepted: true })).toEqual({
      privacyAccepted: true,
      tosAccepted: true,
    });
  });
  it('refuses false, truthy strings and missing fields', () => {
    expect(errorOf(acceptanceSchema, { privacyAccepted: false, tosAccepted: true })).toBe(
      'privacyAccepted must be true.',
    );
    expect(errorOf(acceptanceSchema, { privacyAccepted: true, tosAccepted: 'true' })).toBe(
      'tosAccepted must be true.',
    );
    expect(errorOf(acceptanceSchema, { privacyAccepted: true })).toBe('tosAccepted must be true.');
    expect(errorOf(acceptanceSchema, { privacyAccepted: true, tosAccepted: true, extra: 1 })).toBe(
      'Unknown field: extra.',
    );
  });
});

describe('formatValidationError and validate', () => {
  it('answers the first issue only', () => {
    expect(errorOf(assignmentCreateSchema, { title: '', description: 5 })).toBe(
      'title is required.',
    );
  });
  it('validate answers data or the sentence', () => {
    expect(validate(titleSchema, ' a ')).toEqual({ success: true, data: 'a' });
    expect(validate(titleSchema, '')).toEqual({ success: false, error: 'title is required.' });
  });
});

describe('the text rules on every free-text field (docs/product.md, Text rules)', () => {
  it('clean the title, description, subtasks and notes of a new assignment', () => {
    const parsed = assignmentCreateSchema.parse({
      title: 'Essay\u0000 draft\u202Efdp.exe\r\n',
      description: 'One\r\ntwo\u0007\tthree\u2067',
      subtasks: [{ title: 'Read\nchapter\u200F 2', created_date: '2025-03-10\u0000' }],
      notes: ['First\u0008 line\nsecond\u202D line'],
    });
    expect(parsed.title).toBe('Essay draftfdp.exe');
    expect(parsed.description).toBe('One\ntwo\tthree');
    expect(parsed.subtasks[0]).toMatchObject({
      title: 'Read chapter 2',
      created_date: '2025-03-10',
    });
    expect(parsed.notes[0]).toEqual({ text: 'First line\nsecond line' });
  });

  it('clean a patch and a new note', () => {
    const patch = assignmentPatchSchema.parse({ id: 'a1', title: 'Lab\u0000 report\u202E' });
    expect(patch.title).toBe('Lab report');
    expect(noteCreateSchema.parse({ text: 'Ask\u0000 Ana\u2066' })).toEqual({ text: 'Ask Ana' });
  });

  it('treat a title of only invisible characters as missing', () => {
    expect(errorOf(assignmentCreateSchema, { title: '\u200B\u202E\u0000' })).toBe(
      'title is required.',
    );
    expect(errorOf(subtaskTitleSchema, '\u2060\uFEFF')).toBe('subtask title is required.');
    expect(errorOf(noteTextSchema, '\u200D\r\n')).toBe('note is required.');
  });

  it('refuse an id or a version with a control character instead of changing it', () => {
    expect(errorOf(assignmentCreateSchema, { id: 'ab\u0000c', title: 'Essay' })).toBe(
      'id may contain only letters, digits, "-" and "_".',
    );
    expect(errorOf(userPatchSchema, { last_used_version: '0.2\u0000.0' })).toBe(
      'last_used_version must be a version such as 0.2.0.',
    );
  });
});
