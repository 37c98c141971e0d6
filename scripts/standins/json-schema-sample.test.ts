import { describe, expect, it } from 'vitest';
import { sampleFromSchema, subtaskTitles, topicFromPrompt } from './json-schema-sample.ts';

describe('sampleFromSchema', () => {
  it('fills every property type generically', () => {
    const value = sampleFromSchema(
      {
        type: 'object',
        properties: {
          name: { type: 'string' },
          count: { type: 'integer', minimum: 3 },
          ratio: { type: 'number', maximum: 0.5 },
          ok: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
          people: {
            type: 'array',
            items: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
          },
          level: { enum: ['low', 'high'] },
          gone: { type: 'null' },
        },
      },
      'Maths homework',
    );
    expect(value).toEqual({
      name: 'Stand-in name for Maths homework',
      count: 3,
      ratio: 0.5,
      ok: false,
      tags: ['Stand-in tags 1 for Maths homework', 'Stand-in tags 2 for Maths homework'],
      people: [{ email: 'student@example.com' }, { email: 'student@example.com' }],
      level: 'low',
      gone: null,
    });
  });

  it('follows $ref, anyOf with null, allOf and type arrays', () => {
    const value = sampleFromSchema(
      {
        type: 'object',
        $defs: { step: { type: 'object', properties: { title: { type: 'string' } } } },
        properties: {
          steps: { type: 'array', items: { $ref: '#/$defs/step' } },
          maybe: { anyOf: [{ type: 'null' }, { type: 'integer' }] },
          both: {
            allOf: [
              { type: 'object', properties: { a: { type: 'boolean' } } },
              { properties: { b: { type: ['null', 'string'], maxLength: 5 } } },
            ],
          },
        },
      },
      'Essay',
    ) as { steps: { title: string }[]; maybe: number; both: { a: boolean; b: string } };
    expect(value.steps.map((s) => s.title)).toEqual(subtaskTitles('Essay'));
    expect(value.maybe).toBe(1);
    expect(value.both).toEqual({ a: false, b: 'Stand' });
  });

  it('terminates on recursive schemas', () => {
    const value = sampleFromSchema(
      {
        type: 'object',
        properties: {
          label: { type: 'string' },
          children: { type: 'array', items: { $ref: '#' } },
        },
        required: ['label', 'children'],
      },
      'Tree',
    );
    expect(JSON.stringify(value).length).toBeGreaterThan(10);
  });
});

describe('subtask titles', () => {
  it('gives 3–5 titles for any topic, the same each time', () => {
    for (const topic of [
      'A',
      'Essay on Rome',
      'Lab report',
      'Poster',
      'Quiz prep',
      'Reading log',
    ]) {
      const titles = subtaskTitles(topic);
      expect(titles.length).toBeGreaterThanOrEqual(3);
      expect(titles.length).toBeLessThanOrEqual(5);
      expect(titles[0]).toBe(`Read the brief for ${topic}`);
      expect(subtaskTitles(topic)).toEqual(titles);
    }
  });

  it('finds the topic in labelled lines, quotes or the first sentence', () => {
    expect(topicFromPrompt('Please help.\nAssignment: Volcano poster\nDue: Friday')).toBe(
      'Volcano poster',
    );
    expect(topicFromPrompt('Split "Chemistry lab write-up" into steps')).toBe(
      'Chemistry lab write-up',
    );
    expect(topicFromPrompt('Read chapter 4. Then answer the questions.')).toBe('Read chapter 4');
    expect(topicFromPrompt('   ')).toBe('the assignment');
  });
});
