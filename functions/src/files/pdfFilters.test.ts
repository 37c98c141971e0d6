import { describe, expect, it } from 'vitest';
import { lzwSpaces, runLengthSpaces } from './pdfBombs.fixture.ts';
import {
  ascii85Decode,
  asciiHexDecode,
  decodeFilter,
  FilterBudgetError,
  filtersOf,
  lzwDecode,
  runLengthDecode,
} from './pdfFilters.ts';

describe('capped PDF filter decoders', () => {
  it('decodes LZW, stopping at its budget', () => {
    const spaces = lzwDecode(lzwSpaces(100_000), 1_000_000);
    expect(spaces.length).toBeGreaterThanOrEqual(100_000);
    expect(spaces.every((b) => b === 32)).toBe(true);
    // The specification's example: 45 45 45 45 45 65 45 45 45 66.
    const example = Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect([...lzwDecode(example, 100)]).toEqual([45, 45, 45, 45, 45, 65, 45, 45, 45, 66]);
    expect(() => lzwDecode(lzwSpaces(100_000), 50_000)).toThrow(FilterBudgetError);
  });

  it('decodes RunLength literal and repeated runs, stopping at its budget', () => {
    const data = Buffer.from([2, 65, 66, 67, 254, 120, 128, 1]);
    expect(runLengthDecode(data, 100).toString('latin1')).toBe('ABCxxx');
    expect(runLengthDecode(runLengthSpaces(1_280), 1_280).length).toBe(1_280);
    expect(() => runLengthDecode(runLengthSpaces(1_280), 1_279)).toThrow(FilterBudgetError);
  });

  it('decodes ASCIIHex and ASCII85', () => {
    expect(asciiHexDecode(Buffer.from('48 65 6c6c 6F7>')).toString('latin1')).toBe('Hellop');
    expect(ascii85Decode(Buffer.from('9jqo^z~>'), 100)).toEqual(
      Buffer.from([77, 97, 110, 32, 0, 0, 0, 0]),
    );
    expect(ascii85Decode(Buffer.from('87cURD]i,"Ebo80~>'), 100).toString('latin1')).toBe(
      'Hello World!',
    );
  });

  it('reads filter names from a stream dictionary, and leaves image filters alone', () => {
    expect(filtersOf('<< /Length 5 /Filter /FlateDecode >>')).toEqual(['FlateDecode']);
    expect(filtersOf('<< /Filter [ /AHx /LZW ] /DecodeParms [null null] >>')).toEqual([
      'AHx',
      'LZW',
    ]);
    expect(filtersOf('<< /Length 5 >>')).toEqual([]);
    expect(decodeFilter('DCTDecode', Buffer.from('x'), 100)).toBeNull();
  });
});
