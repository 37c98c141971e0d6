import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from './schemas.ts';

/** A schema with no words of its own: every sentence comes from validate. */
const bare = z.strictObject({
  title: z.string().min(1).max(5),
  count: z.number().max(3),
  whole: z.int(),
  flag: z.boolean().optional(),
  list: z.array(z.number()).max(2).optional(),
  kind: z.enum(['a', 'b']).optional(),
  nested: z.object({ at: z.number() }).optional(),
});

const errorOf = (input: unknown) => {
  const r = validate(bare, input);
  return r.success ? null : r.error;
};

const ok = { title: 'x', count: 1, whole: 2 };

describe('validate: a sentence naming the field where the schema has none', () => {
  it.each([
    [{ ...ok, count: 'x' }, 'count must be a number.'],
    [{ ...ok, title: 5 }, 'title must be text.'],
    [{ ...ok, whole: 1.5 }, 'whole must be a whole number.'],
    [{ ...ok, flag: 'yes' }, 'flag must be true or false.'],
    [{ ...ok, list: 'x' }, 'list must be a list.'],
    [{ ...ok, list: [1, 'x'] }, 'list[1] must be a number.'],
    [{ ...ok, nested: { at: 'x' } }, 'nested.at must be a number.'],
    [{ ...ok, nested: 3 }, 'nested must be an object.'],
    [{ count: 1, whole: 2 }, 'title is required.'],
    [{ ...ok, title: '' }, 'title is required.'],
    [{ ...ok, title: 'longer' }, 'title must be at most 5 characters.'],
    [{ ...ok, count: 9 }, 'count must be at most 3.'],
    [{ ...ok, list: [1, 2, 3] }, 'list can hold at most 2 items.'],
    [{ ...ok, kind: 'c' }, 'kind must be one of: a, b.'],
    [null, 'The request body must be a JSON object.'],
    [{ ...ok, extra: 1 }, 'Unknown field: extra.'],
  ])('%j → %s', (input, sentence) => {
    expect(errorOf(input)).toBe(sentence);
  });

  it('keeps the words a schema gives', () => {
    const own = z.object({ title: z.string({ error: 'title must be text.' }).max(2, 'Too long.') });
    expect(validate(own, { title: 'abc' })).toEqual({ success: false, error: 'Too long.' });
  });
});
