import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// Where the dev server and `vite preview` send /api. The local stack sets it to
// the Functions emulator's URL for the `api` function (see scripts/stack.ts).
const apiTarget = process.env.BRAINBOARD_API_PROXY_TARGET;

const proxy = apiTarget
  ? {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // The function sees the same /api/... path that Hosting's rewrite gives it.
        rewrite: (path: string) => path,
      },
    }
  : undefined;

const port = Number(process.env.BRAINBOARD_WEB_PORT ?? 5173);

/**
 * The chunks the dashboard draws by themselves once the browser is idle after its first frame,
 * without a tap: What's new, a supporter's note and the toaster. Named by their modules' file
 * names (scripts/webBuild.test.ts checks each is built). Not the editor or Focus Mode: they are
 * fetched while the browser is idle for a tap that may come at once, or after the connection is
 * gone, so all their files come together.
 */
export const BACKGROUND_CHUNKS = /(?:^|\/)(?:WhatsNewDialog|CheerNote|AppToaster)-[\w-]+\.js$/;

/**
 * The chunks the entry (src/main.ts) imports to start the app on a signed-in page: React's shell
 * (`boot`) and the signed-in pages. They are asked for in the task that follows the page's first
 * paint, where the preload helper's links cost the main thread most (decision 0042); the browser
 * fetches their own imports as soon as each arrives, all of one level at once.
 */
export const APP_START_CHUNKS = /(?:^|\/)(?:boot|SignedInApp)-[\w-]+\.js$/;

// A stack on a port offset (a second stack beside `npm start`, parallel test runs) builds into
// its own folder: a shared web/dist would be rebuilt under another stack's running preview,
// which then serves an app wired to that other stack's emulators.
const portOffset = Number(process.env.BRAINBOARD_PORT_OFFSET ?? 0);
const outDir = portOffset ? join('..', '.data', `web-dist-${portOffset}`) : 'dist';

/**
 * `vite preview` serves the built app with the security headers of the Hosting
 * config (firebase.json), so the tests prove the app works under its CSP. The
 * local stack adds its emulator origins to connect-src; HSTS is left out on
 * plain http.
 */
function hostingHeaders(): Record<string, string> {
  const firebase = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'firebase.json'), 'utf8'),
  ) as { hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] } };
  const all = firebase.hosting.headers.find((h) => h.source === '**')?.headers ?? [];
  const local = process.env.BRAINBOARD_CSP_CONNECT ?? '';
  return Object.fromEntries(
    all
      .filter((h) => h.key !== 'Strict-Transport-Security')
      .map((h) => [
        h.key,
        h.key === 'Content-Security-Policy' && local
          ? h.value.replace(/connect-src ([^;]*)/, `connect-src $1 ${local}`)
          : h.value,
      ]),
  );
}

/**
 * The dev server's answer to /sw.js: a worker that retires itself. A browser that opened the
 * production build on this origin (`npm start`) keeps its service worker, which would go on
 * serving that build's precached pages under `npm run dev`; at its next update check it gets
 * this worker instead, which takes over, empties the caches, unregisters and reloads the
 * pages, so the dev server's app shows.
 */
const RETIRING_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
  })());
});
`;

function retireServiceWorkerInDev(): Plugin {
  return {
    name: 'brainboard:retire-service-worker-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Cache-Control', 'no-store');
        res.end(RETIRING_WORKER);
      });
    },
  };
}

/**
 * Each chunk's own static imports, by file name: read by the preload rule and by the editor's
 * compile hint below. Filled from the bundle before Vite writes each dynamic import's preload list
 * (this plugin's generateBundle runs before Vite's own, which calls `resolveDependencies`).
 */
const staticImports = new Map<string, string[]>();

/** Every file `start` imports statically, all levels deep, given each file's own static imports. */
export function loadedBy(start: string, importsOf: (file: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const next = [start];
  for (let at = next.pop(); at !== undefined; at = next.pop()) {
    for (const dep of importsOf(at)) {
      if (!seen.has(dep)) {
        seen.add(dep);
        next.push(dep);
      }
    }
  }
  return seen;
}

function recordStaticImports(): Plugin {
  return {
    name: 'brainboard:record-static-imports',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      staticImports.clear();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') staticImports.set(file.fileName, file.imports);
      }
    },
  };
}

/**
 * The JavaScript files the preload helper adds a <link> for beside a dynamic import of
 * `filename` from the chunk `host`. None for what the dashboard fetches by itself after its first
 * frame (decision 0039) or what the entry starts the app with (decision 0042): the browser fetches
 * their imports itself. For the rest, what the tap needs, less what the importing chunk has
 * already loaded: its code runs, so every file it imports is in the page, and a link for one costs
 * the main thread and fetches nothing.
 */
function preloadsFor(filename: string, deps: string[], host: string): string[] {
  if (BACKGROUND_CHUNKS.test(filename) || APP_START_CHUNKS.test(filename)) return [];
  if (!staticImports.has(host))
    throw new Error(`The build has no chunk ${host} (brainboard:record-static-imports).`);
  const loaded = loadedBy(host, (file) => staticImports.get(file) ?? []);
  return deps.filter((dep) => !loaded.has(dep));
}

/** V8's per-file compile hint: every function in the file is compiled with the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The editor's chunk (src/board/Board.tsx fetches it when the browser is idle). */
const EDITOR_MODULE = /src\/assignment\/AssignmentEditor\.tsx$/;

/**
 * The files that come with the editor: its chunk and what it imports that the signed-in app's
 * first paint does not (decision 0048). `chunks` maps each file to its own static imports (this
 * build's, recorded by brainboard:record-static-imports, which runs first); `firstPaint` names
 * the files that start the signed-in app.
 */
function withTheEditor(
  editor: string,
  firstPaint: string[],
  chunks: Map<string, string[]>,
): string[] {
  const importsOf = (file: string) => chunks.get(file) ?? [];
  const painted = new Set(firstPaint);
  for (const start of firstPaint) for (const file of loadedBy(start, importsOf)) painted.add(file);
  return [editor, ...loadedBy(editor, importsOf)].filter((file) => !painted.has(file)).sort();
}

/**
 * Chromium compiles a function when it is first called, inside whatever task calls it. The
 * editor's code is fetched and run while the browser is idle, but its functions are first called
 * by the tap that opens it: on a visit with no code cache yet (a first visit, the first after a
 * new build), that tap compiled them (decision 0048). The hint, on the first line of each file
 * that comes with the editor, has them compiled with the file instead, when it is fetched. It is
 * written after Vite's own last change to the files (the preload helper's list of files, which
 * it puts on their first line).
 */
function compileTheEditorAhead(): Plugin {
  let hinted: string[] = [];
  return {
    name: 'brainboard:compile-the-editor-ahead',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const editor = chunks.find((c) => c.facadeModuleId && EDITOR_MODULE.test(c.facadeModuleId));
      if (!editor) {
        hinted = [];
        return;
      }
      const firstPaint = chunks
        .filter((c) => c.isEntry || APP_START_CHUNKS.test(c.fileName))
        .map((c) => c.fileName);
      hinted = withTheEditor(editor.fileName, firstPaint, staticImports);
    },
    writeBundle(options) {
      for (const file of hinted) {
        const path = join(options.dir ?? '', file);
        writeFileSync(path, COMPILE_HINT + readFileSync(path, 'utf8'));
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    retireServiceWorkerInDev(),
    recordStaticImports(),
    compileTheEditorAhead(),
    // One service worker (web/src/sw.ts, Workbox): the precached shell and pushed reminders.
    // The manifest stays the hand-written public/manifest.webmanifest; the app registers the
    // worker itself (web/src/reminders/serviceWorker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/landing/images/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // rrule's ES build cannot load in Node (its files import each other without extensions), so
    // the domain reads RRule from its CommonJS build's default export (domain/src/occurrences.ts):
    // the app is built from that same build.
    alias: { rrule: 'rrule/dist/es5/rrule.min.js' },
  },
  server: { port, strictPort: true, host: '127.0.0.1', proxy },
  preview: { port, strictPort: true, host: '127.0.0.1', proxy, headers: hostingHeaders() },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Vite's preload helper adds a <link> to the page for each file a dynamic import needs, and
    // each costs the main thread 0.1 to 8 ms at 4x: about 50 ms in the dashboard's load, much
    // of it inside its longest tasks. `preloadsFor` keeps only the links that fetch something a
    // tap waits for (decisions 0039 and 0042); style sheets always come through the helper.
    modulePreload: {
      resolveDependencies: (filename, deps, { hostId, hostType }) =>
        hostType === 'js' ? preloadsFor(filename, deps, hostId) : deps,
    },
    // A zod schema is built by calls the bundler cannot prove pure, so every schema the domain
    // defines (for the server's checks) would be kept, and zod with them. Building a schema has
    // no effect beyond its value: the app keeps only those it uses (docs/decisions/0022).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // A group holds only what it names, not everything those modules import (config.ts
          // and Firebase's shared core stay where the rest of the app needs them).
          includeDependenciesRecursively: false,
          // Auth and the one module that sets it up (src/firebase/firebase.ts) form one chunk:
          // the bundler drops the emulator connection that module guards with USE_EMULATORS
          // only when both are in the same chunk (scripts/webBuild.test.ts checks it).
          groups: [
            {
              name: 'firebase',
              test: /src\/firebase\/firebase\.ts$|[\\/]@?firebase[\\/]auth[\\/]/,
            },
            // The board's drag and drop, fetched as its first frame is drawn: dnd-kit and the
            // board's side of it in one chunk, which compresses better than three.
            {
              name: 'drag',
              test: /[\\/]@dnd-kit[\\/]|src\/ui\/dragSensors\.ts$|src\/board\/(DragLayer\.tsx|collision\.ts)$/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Component tests that type into the editor or load it lazily take 2-3 s alone, and several
    // times that on a 2-core machine running every project at once: a hang still fails.
    testTimeout: 20_000,
  },
});
