// Bundles the API into lib/index.js. Our own code and @brainboard/domain are
// inlined; the packages listed in package.json stay external, so Cloud
// Functions installs them at deploy time and no workspace link is needed.
import { build, context } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// unpdf (pdf.js) is bundled instead: it must run with patches/unpdf+1.7.0.patch (the limit on
// decoded bytes), which an install at deploy time would not apply.
const BUNDLED = new Set(['unpdf']);
const external = Object.keys(pkg.dependencies ?? {})
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const options = {
  absWorkingDir: import.meta.dirname,
  // The PDF and school-feed readers run in worker threads with their own heap limits: their
  // own files.
  entryPoints: {
    index: 'src/index.ts',
    pdfWorker: 'src/files/pdfWorker.ts',
    feedWorker: 'src/lms/feedWorker.ts',
  },
  outdir: 'lib',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Some dependencies still call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};

if (process.argv.includes('--watch')) {
  const ctx = await context(options);
  await ctx.watch();
} else {
  await build(options);
}
