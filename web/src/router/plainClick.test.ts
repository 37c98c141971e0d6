import { describe, expect, it } from 'vitest';
import { isPlainClick } from './plainClick.ts';

const click = (fields: Partial<Parameters<typeof isPlainClick>[0]> = {}) => ({
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...fields,
});

describe('isPlainClick', () => {
  it('follows a plain primary click in the app', () => {
    expect(isPlainClick(click())).toBe(true);
  });

  it('leaves a new tab, a new window, a download, another button or a handled click to the browser', () => {
    for (const fields of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(isPlainClick(click(fields))).toBe(false);
    }
  });
});
