import { describe, expect, it } from 'vitest';
import { listSources, readSource } from '../test/sources.ts';

/*
 * A style sheet that arrives after the page's first frame (with a lazily loaded feature: a
 * dialog, the editor) must not register a custom property (@property): a registration makes the
 * browser compute the style of every element of the page again when the sheet arrives. On a board
 * of 300 cards that was a task of 71-165 ms at 4x CPU throttling, while the browser was idle and
 * the student could be tapping. Registrations go in a sheet the entry (main.ts) loads with the
 * page, where they cost nothing more.
 */

/** The style sheets main.ts imports: they load with the page, before its first frame. */
function sheetsOfThePage(): string[] {
  const entry = readSource('main.ts');
  return [...entry.matchAll(/^import '\.\/([^']+\.css)';$/gm)].map((m) => m[1] as string);
}

function allSheets(): string[] {
  return listSources().filter((path) => path.endsWith('.css'));
}

describe('style sheets loaded after the first frame', () => {
  it('finds the sheets the page loads first, base.css among them', () => {
    expect(sheetsOfThePage()).toContain('ui/base.css');
    expect(allSheets().length).toBeGreaterThan(sheetsOfThePage().length);
  });

  it('register no custom property (@property)', () => {
    const first = new Set(sheetsOfThePage());
    const late = allSheets().filter((path) => !first.has(path));
    const registering = late.filter((path) =>
      /@property\b/.test(readSource(path).replace(/\/\*[\s\S]*?\*\//g, '')),
    );
    expect(registering).toEqual([]);
  });
});
