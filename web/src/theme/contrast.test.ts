import { describe, expect, it } from 'vitest';
import { readSource } from '../test/sources.ts';

/** WCAG AA contrast targets. */
const CONTRAST_NORMAL_TEXT = 4.5;
const CONTRAST_LARGE_TEXT = 3;

const css = readSource('ui/base.css');

/** The variables of one theme block of base.css. */
function palette(selector: RegExp): Record<string, string> {
  const block = css.match(selector)?.[1];
  if (!block) throw new Error(`No theme block for ${selector}`);
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]),
  );
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const SURFACES = ['bg', 'surface', 'surface-2'];
const on = (fg: string, bgs = SURFACES) => bgs.map((bg) => [fg, bg] as const);

/** Text (4.5:1): every foreground a feature may put on the given background. */
const TEXT_PAIRS = [
  ...on('fg', [...SURFACES, 'status-new-bg', 'status-progress-bg', 'status-done-bg']),
  ...on('fg-muted', [...SURFACES, 'status-new-bg', 'status-progress-bg', 'status-done-bg']),
  ...on('primary'),
  ...on('danger'),
  ...on('warning'),
  ...on('success'),
  ...on('urgent'),
  ['primary-fg', 'primary'],
  ['danger-fg', 'danger'],
  ['urgent-fg', 'urgent-bg'],
  ['soon-fg', 'soon-bg'],
] as const;

/** Controls, focus rings and status accents (3:1) against the surfaces they sit on. */
const UI_PAIRS = [
  ...on('border'),
  ...on('focus'),
  ...on('status-new'),
  ...on('status-progress'),
  ...on('status-done'),
  ...on('primary'),
] as const;

describe.each([
  ['light', /:root,\s*:root\[data-theme='light'\]\s*\{([^}]*)\}/],
  ['dark', /:root\[data-theme='dark'\]\s*\{([^}]*)\}/],
])('the %s theme (WCAG AA)', (_name, selector) => {
  const colours = palette(selector);

  it.each(TEXT_PAIRS)('text --%s on --%s reaches 4.5:1', (fg, bg) => {
    expect(colours[fg], `--${fg}`).toBeDefined();
    expect(colours[bg], `--${bg}`).toBeDefined();
    expect(contrast(colours[fg]!, colours[bg]!)).toBeGreaterThanOrEqual(CONTRAST_NORMAL_TEXT);
  });

  it.each(UI_PAIRS)('control --%s on --%s reaches 3:1', (fg, bg) => {
    expect(contrast(colours[fg]!, colours[bg]!)).toBeGreaterThanOrEqual(CONTRAST_LARGE_TEXT);
  });
});
