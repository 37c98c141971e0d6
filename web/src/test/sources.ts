/*
 * Reads the app's own source files as text, for tests that check them (Vitest does not process
 * CSS, and the web project has no Node types). Paths are relative to web/src.
 */
type NodeFs = {
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string, options: { recursive: true }): string[];
};
const nodeProcess = (
  globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }
).process;
const fs = nodeProcess.getBuiltinModule('node:fs') as NodeFs;
const src = `${(import.meta as unknown as { dirname: string }).dirname}/..`;

/** The text of the file at `path` (e.g. 'ui/base.css'). */
export function readSource(path: string): string {
  return fs.readFileSync(`${src}/${path}`, 'utf8');
}

/** Every file under web/src, as paths relative to it with forward slashes. */
export function listSources(): string[] {
  return fs.readdirSync(src, { recursive: true }).map((path) => path.replaceAll('\\', '/'));
}
