import { describe, expect, it } from 'vitest';
import { syllabusBench } from '../../bench/syllabus.ts';

/** bench/syllabus.ts's quick mode (two fixtures, the OpenAI stand-in), so it keeps working. */
describe('bench/syllabus quick mode', () => {
  it('reports precision and recall of both paths', async () => {
    const figures = await syllabusBench({ quick: true });
    for (const value of Object.values(figures)) expect(Number.isFinite(value)).toBe(true);
    expect(figures.rulesRecall).toBeGreaterThan(0);
    expect(figures.aiRecall).toBeGreaterThan(0);
  });
});
