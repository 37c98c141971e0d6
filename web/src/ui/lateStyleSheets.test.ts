import { describe, expect, it } from 'vitest';

/*
 * A style sheet that arrives after the page's first frame (with a lazily loaded feature: a
 * dialog, the editor) must not register a custom property (@property): a registration makes the
 * browser compute the style of every element of the page again when the sheet arrives. On a board
 * of 300 cards that was a task of 71-165 ms at 4x CPU throttling, while the browser was idle and
 * the student could be tapping. Registrations go in a sheet the entry (main.ts) loads with the
 * page, where they cost nothing more.
 */

// Read the sources as text (Vitest does not process CSS, and the web project has no Node types).
type NodeFs = {
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string, options: { recursive: true }): string[];
};
const nodeProcess = (
  globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }
).process;
const fs = nodeProcess.getBuiltinModule('node:fs') as NodeFs;
const src = `${(import.meta as unknown as { dirname: string }).dirname}/..`;

/** The style sheets main.ts imports: they load with the page, before its first frame. */
function sheetsOfThePage(): string[] {
  const entry = fs.readFileSync(`${src}/main.ts`, 'utf8');
  return [...entry.matchAll(/^import '\.\/([^']+\.css)';$/gm)].map((m) => m[1] as string);
}

function allSheets(): string[] {
  return fs
    .readdirSync(src, { recursive: true })
    .filter((path) => path.endsWith('.css'))
    .map((path) => path.replaceAll('\\', '/'));
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
      /@property\b/.test(
        fs.readFileSync(`${src}/${path}`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
      ),
    );
    expect(registering).toEqual([]);
  });
});
