import { describe, expect, it } from 'vitest';
import { humanSize } from './editorText.ts';

describe('humanSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [830, '830 bytes'],
    [1024, '1 KB'],
    [12_800, '13 KB'],
    [1_048_063, '1023 KB'],
    [1_258_291, '1.2 MB'],
    [20_971_520, '20 MB'],
  ])('%i bytes read as "%s"', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });
});
