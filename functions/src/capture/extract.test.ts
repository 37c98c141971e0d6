import { describe, expect, it } from 'vitest';
import type { AiProvider } from '../ai/provider.ts';
import { chunksOf, extractWithAi, readAnswer, UnreadableAnswerError } from './extract.ts';

const item = (over: Record<string, unknown> = {}) => ({
  title: 'Essay 1',
  due_date: '2026-12-03T17:00',
  course: 'HIST 210',
  kind: 'assignment',
  steps: [],
  ...over,
});

describe('readAnswer', () => {
  it('keeps valid items in the stored date format and counts the others', () => {
    const answer = readAnswer(
      JSON.stringify({
        items: [
          item(),
          item({ due_date: 'next week' }),
          item({ title: '  ' }),
          item({ kind: 'party' }),
          item({ due_date: '2026-02-30T10:00' }),
          item({ title: 'Read ch 4', due_date: null, kind: 'reading' }),
        ],
      }),
    );
    expect(answer.unreadable).toBe(4);
    expect(answer.items).toEqual([
      { ...item(), due_date: '2026-12-03T17:00:00' },
      { ...item({ title: 'Read ch 4', due_date: null, kind: 'reading' }) },
    ]);
  });
  it('refuses an answer that is not the JSON asked for', () => {
    expect(() => readAnswer('Sure! Here are your items')).toThrow(UnreadableAnswerError);
    expect(() => readAnswer('{"things": []}')).toThrow(UnreadableAnswerError);
  });
});

describe('chunksOf', () => {
  it('splits at page breaks, each chunk within the limit', () => {
    const pages = ['a'.repeat(60), 'b'.repeat(60), 'c'.repeat(60)];
    const chunks = chunksOf(pages.join('\n\n'), 130);
    expect(chunks).toEqual([`${pages[0]}\n\n${pages[1]}`, pages[2]]);
  });
  it('cuts a page longer than the limit', () => {
    expect(chunksOf('x'.repeat(250), 100).map((c) => c.length)).toEqual([100, 100, 50]);
  });
});

describe('extractWithAi', () => {
  it('asks once per chunk and merges the answers without duplicates', async () => {
    const asked: string[] = [];
    const provider: AiProvider = {
      stream: () => {
        throw new Error('not used');
      },
      complete: async (messages) => {
        asked.push(messages[1]?.content ?? '');
        return JSON.stringify({ items: [item(), item({ title: `Quiz ${asked.length}` })] });
      },
    };
    const text = `${'p1 '.repeat(3000)}\n\n${'p2 '.repeat(3000)}`;
    const read = await extractWithAi(provider, {
      text,
      mode: 'syllabus',
      now: new Date(Date.UTC(2026, 10, 26, 19)),
      zone: 'America/New_York',
      defaultTime: '23:59',
      signal: new AbortController().signal,
    });
    expect(asked).toHaveLength(2);
    expect(read.items.map((i) => i.title)).toEqual(['Essay 1', 'Quiz 1', 'Quiz 2']);
  });
});
