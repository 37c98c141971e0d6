import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_START_CHUNKS, BACKGROUND_CHUNKS, COMPILE_HINT, loadedBy } from '../web/vite.config.ts';
import { ROOT } from './stack/config.ts';

/**
 * Code that only the local stack's build may hold, each found by a string it carries: the Auth
 * emulator's account chooser (web/src/auth/emulatorChooser.ts), the Auth SDK's emulator
 * connection, and our connections' default addresses (web/src/firebase/). (The Firestore SDK
 * keeps its own connectFirestoreEmulator, which it calls only when Firebase's tooling injects
 * emulator defaults into the page; so its name is no marker.)
 */
const EMULATOR_ONLY = [
  '/api/auth/google/emulator',
  'You are using the Auth Emulator',
  '127.0.0.1:9099',
  '127.0.0.1:8080',
];

const outDirs: string[] = [];

/** Builds the web app as `vite build` does (production mode), with `useEmulators` as given. */
async function build(useEmulators: boolean): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'brainboard-web-build-'));
  outDirs.push(outDir);
  const saved = process.env.VITE_USE_EMULATORS;
  // Vite prefers process.env over the .env files: the local stack sets this, a deploy does not.
  if (useEmulators) process.env.VITE_USE_EMULATORS = 'true';
  else delete process.env.VITE_USE_EMULATORS;
  try {
    const vite = await import('vite');
    await vite.build({
      configFile: join(ROOT, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (saved === undefined) delete process.env.VITE_USE_EMULATORS;
    else process.env.VITE_USE_EMULATORS = saved;
  }
  return outDir;
}

let productionBuild: Promise<string> | undefined;
/** The production build (no emulators), made once for the tests that read it. */
const builtForProduction = (): Promise<string> => (productionBuild ??= build(false));

/** Every marker found in the build's JavaScript. */
function markersIn(outDir: string): string[] {
  const code = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(outDir, file), 'utf8'))
    .join('\n');
  return EMULATOR_ONLY.filter((marker) => code.includes(marker));
}

/** The build's scripts, by their path in the site (`assets/x.js`). */
function scriptsOf(outDir: string): Map<string, string> {
  const assets = join(outDir, 'assets');
  return new Map(
    readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [`assets/${f}`, readFileSync(join(assets, f), 'utf8')]),
  );
}

/** A script's static imports and re-exports (`import{a}from"./x.js"`), not its `import(`. */
const staticImportsIn =
  (code: Map<string, string>) =>
  (file: string): string[] =>
    [
      ...(code.get(file) ?? '').matchAll(
        /(?:import|export)[\w\s{},$*]*from\s*["'`]\.\/([\w.-]+\.js)["'`]/g,
      ),
    ]
      .concat([...(code.get(file) ?? '').matchAll(/import\s*["'`]\.\/([\w.-]+\.js)["'`]/g)])
      .map((m) => `assets/${m[1]}`);

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the web app as built for production', () => {
  it('holds no emulator-only code', async () => {
    expect(markersIn(await builtForProduction())).toEqual([]);
  });

  it('preloads the imports of what a tap opens, not of what loads by itself or starts the app (decisions 0039, 0042)', async () => {
    const assets = join(await builtForProduction(), 'assets');
    const files = readdirSync(assets);
    const chunks = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'));
    /**
     * The JavaScript files the preload helper fetches beside each dynamic import of `name`: the
     * indexes after the import, read in the list (`m.f`) of the chunk that holds the import.
     */
    const preloadsOf = (name: string): string[][] => {
      const importOf = new RegExp(
        `import\\(\`\\./${name}-[\\w-]+\\.js\`\\)(?:\\.then\\([^)]*\\))?(,__vite__mapDeps\\(\\[([\\d,]*)\\]\\))?`,
        'g',
      );
      const found = chunks.flatMap((code) => {
        const list = /m\.f=\[([^\]]*)\]/.exec(code);
        const files: string[] = list ? JSON.parse(`[${list[1]}]`) : [];
        return [...code.matchAll(importOf)].map((m) =>
          (m[2] ?? '')
            .split(',')
            .filter(Boolean)
            .map((i) => files[Number(i)] ?? `index ${i} not in the list`)
            .filter((f) => !f.endsWith('.css')),
        );
      });
      if (found.length === 0) throw new Error(`No dynamic import of ${name} in the build`);
      return found;
    };
    for (const name of ['WhatsNewDialog', 'CheerNote', 'AppToaster']) {
      expect(files.some((f) => f.startsWith(`${name}-`) && BACKGROUND_CHUNKS.test(f))).toBe(true);
      for (const preloads of preloadsOf(name)) expect(preloads, name).toEqual([]);
    }
    // Nor what the entry starts the app with, in the task after the first paint (decision 0042).
    for (const name of ['boot', 'SignedInApp']) {
      expect(files.some((f) => f.startsWith(`${name}-`) && APP_START_CHUNKS.test(f))).toBe(true);
      for (const preloads of preloadsOf(name)) expect(preloads, name).toEqual([]);
    }
    // What a tap opens, or may open at once, comes with its imports.
    for (const name of ['SettingsModal', 'AssignmentEditor', 'FocusModal'])
      for (const preloads of preloadsOf(name)) {
        expect(preloads.length, name).toBeGreaterThan(0);
        for (const file of preloads) expect(file).toMatch(/^assets\/[\w.-]+\.js$/);
      }
  });

  it('preloads nothing the importing chunk has already loaded (decision 0042)', async () => {
    const code = scriptsOf(await builtForProduction());
    const staticImports = staticImportsIn(code);
    let lists = 0;
    for (const [file, text] of code) {
      const list = /m\.f=\[([^\]]*)\]/.exec(text);
      if (!list) continue;
      const files: string[] = JSON.parse(`[${list[1]}]`);
      const loaded = loadedBy(file, staticImports);
      expect(loaded.size, file).toBeGreaterThan(0);
      for (const m of text.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)) {
        lists += 1;
        const preloads = (m[1] ?? '')
          .split(',')
          .filter(Boolean)
          .map((i) => files[Number(i)]);
        expect(
          preloads.filter((f) => f !== undefined && loaded.has(f)),
          file,
        ).toEqual([]);
      }
    }
    expect(lists).toBeGreaterThan(10);
  });

  it('has V8 compile with its files the code that comes with the editor, and no other (decision 0048)', async () => {
    const outDir = await builtForProduction();
    const code = scriptsOf(outDir);
    const importsOf = staticImportsIn(code);
    const named = (name: string): string[] =>
      [...code.keys()].filter((file) => file.startsWith(`assets/${name}-`));
    const entry = /<script type="module"[^>]*src="\/(assets\/[\w.-]+\.js)"/.exec(
      readFileSync(join(outDir, 'index.html'), 'utf8'),
    )?.[1];
    expect(entry).toBeDefined();
    const [editor] = named('AssignmentEditor');
    expect(editor).toBeDefined();
    // Read from the built files, apart from the plugin's own reading of the bundle.
    const painted = new Set<string>();
    for (const start of [entry ?? '', ...named('boot'), ...named('SignedInApp')]) {
      painted.add(start);
      for (const file of loadedBy(start, importsOf)) painted.add(file);
    }
    const comes = [editor ?? '', ...loadedBy(editor ?? '', importsOf)]
      .filter((file) => !painted.has(file))
      .sort();
    expect(comes).toEqual(expect.arrayContaining([editor, ...named('Modal')]));
    const hinted = [...code]
      .filter(([, text]) => text.startsWith(COMPILE_HINT))
      .map(([file]) => file)
      .sort();
    expect(hinted).toEqual(comes);
    // Only on the first line: anywhere else it is not the file's hint.
    for (const [file, text] of code)
      expect(text.indexOf(COMPILE_HINT.trim()), file).toBe(hinted.includes(file) ? 0 : -1);
  });

  it('while the local stack build holds all of it (so the markers find that code)', async () => {
    expect(markersIn(await build(true))).toEqual(EMULATOR_ONLY);
  });
}, 180_000);
