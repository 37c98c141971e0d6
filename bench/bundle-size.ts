/**
 * Budgets: JavaScript, gzip. The landing page at most 9.3 KB (it loads no React and no Firestore
 * code); the dashboard at most 112.3 KB before its first paint (Firebase Auth and dnd-kit come
 * after it), and at most 355.2 KB in all: each what the build measured when they were set plus
 * 3 KB, so a new feature makes room for itself (docs/decisions/0022-bundle-budgets.md, 0026 for the
 * landing page and Auth, 0040 for dnd-kit, 0042 for the preload lists). "In all" counts what
 * production ships: the build has the live Firestore listener on (VITE_FIRESTORE_LIVE=true), so
 * the Firestore chunks the board loads right after it starts are counted. Builds the web app with
 * a Vite manifest into a temporary folder, then adds up the chunks each page loads:
 *
 * - landing: the entry chunk and everything it imports statically (the landing page, drawn
 *   without React);
 * - dashboard before first paint: the landing set plus the React app (src/app/boot.tsx), the
 *   lazy signed-in chunk (src/app/SignedInApp.tsx) and their static imports;
 * - dashboard in all: that, plus what the board fetches by itself right after its first paint
 *   (the board's drag and drop, dnd-kit, fetched as the board's first frame is drawn; the
 *   assignment editor, fetched when the browser is idle; Focus Mode; the toasts; the live
 *   listener with Firestore), with their static imports. Chunks loaded only on demand are
 *   listed, not counted: the date picker's calendar (react-datepicker, when a date field first
 *   shows), rrule (where a repeating card's next date is shown), confetti, AI, Settings; and the
 *   offline queue (src/data/outbox/boardQueue.ts): the board fetches it after its first paint only
 *   where no service worker controls the page (a first visit, while the worker installs and
 *   precaches every chunk anyway); a controlled page reads it from the precache.
 *
 * It also fails when the landing page loads Firestore code, when the dashboard's first paint
 * waits for Firebase Auth or for dnd-kit, or when the dashboard (without a date field open)
 * loads the date picker.
 *
 *   npx tsx bench/bundle-size.ts   (no quick mode: the build is the measurement; a gate in npm test)
 *
 * Exits 1 when a budget is broken (so CI can run it), 2 when the build fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = join(import.meta.dirname, '..');
const KB = 1024;
const LANDING_BUDGET = 9.3 * KB;
const FIRST_PAINT_BUDGET = 112.3 * KB;
const DASHBOARD_BUDGET = 355.2 * KB;
const SIGNED_IN_ENTRY = 'src/app/SignedInApp.tsx';
/** The React app, which the entry fetches for every page but a first visit's landing page. */
const APP_ENTRY = 'src/app/boot.tsx';
/** Firebase app and Auth: fetched after the board's first frame (src/firebase/loadAuth.ts). */
const FIREBASE = 'src/firebase/firebase.ts';
/** The date picker's calendar: loaded when a date field first shows, never by the board. */
const DATE_PICKER = 'src/assignment/DatePickerField.tsx';
/**
 * The board's drag and drop (dnd-kit and src/board/DragLayer.tsx): fetched as the board's first
 * frame is drawn. One chunk named by the build's `drag` group (web/vite.config.ts).
 */
const BOARD_DRAG = 'group:drag';
/** Lazy chunks the dashboard fetches by itself right after its first paint: counted too. */
const PREFETCHED = [
  BOARD_DRAG,
  'src/assignment/AssignmentEditor.tsx',
  'src/ui/AppToaster.tsx',
  'src/focus/FocusModal.tsx',
  'src/data/liveAssignments.ts',
  'src/firebase/firestore.ts',
];

interface ManifestChunk {
  file: string;
  src?: string;
  /** The chunk's name; for a group of the build's, the group's name. */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}.`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  return seen;
}

async function build(outDir: string): Promise<Manifest> {
  const vite = await import('vite');
  // What production ships: the live listener on (Vite prefers process.env over .env files).
  process.env.VITE_FIRESTORE_LIVE = 'true';
  await vite.build({
    configFile: join(ROOT, 'web', 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

async function main(): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'brainboard-bundle-'));
  try {
    let manifest: Manifest;
    try {
      manifest = await build(outDir);
    } catch (err) {
      console.error('The web build failed:', err);
      return 2;
    }
    const gz = new Map<string, number>();
    const sizeOf = (key: string) => {
      const file = manifest[key]?.file ?? '';
      if (!file.endsWith('.js')) return 0;
      if (!gz.has(key))
        gz.set(key, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
      return gz.get(key) as number;
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
    if (!entry) throw new Error('The manifest has no entry chunk.');
    const signedIn = Object.keys(manifest).find((k) => manifest[k]?.src === SIGNED_IN_ENTRY);
    if (!signedIn) throw new Error(`The manifest has no chunk for ${SIGNED_IN_ENTRY}.`);
    const app = Object.keys(manifest).find((k) => manifest[k]?.src === APP_ENTRY);
    if (!app) throw new Error(`The manifest has no chunk for ${APP_ENTRY}.`);

    // A chunk by its source file, or by its group's name ("group:NAME") for a chunk the build
    // groups (web/vite.config.ts).
    const chunkOf = (ref: string) => {
      const group = ref.startsWith('group:') ? ref.slice('group:'.length) : null;
      const key = Object.keys(manifest).find((k) =>
        group ? manifest[k]?.name === group && !manifest[k]?.src : manifest[k]?.src === ref,
      );
      if (!key) throw new Error(`The manifest has no chunk for ${ref}.`);
      return key;
    };
    const prefetched = PREFETCHED.map(chunkOf);
    const boardDrag = chunkOf(BOARD_DRAG);
    const landing = staticClosure(manifest, [entry]);
    const firstPaint = staticClosure(manifest, [entry, app, signedIn]);
    const dashboard = staticClosure(manifest, [entry, app, signedIn, ...prefetched]);
    const total = (keys: Set<string>) => [...keys].reduce((n, k) => n + sizeOf(k), 0);
    const onDemand = Object.keys(manifest).filter(
      (k) => !dashboard.has(k) && manifest[k]?.file.endsWith('.js'),
    );
    const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

    const landingSize = total(landing);
    const firstPaintSize = total(firstPaint);
    const dashboardSize = total(dashboard);
    const firestoreOnLanding = [...landing].some((k) =>
      /firestore/i.test(`${k} ${manifest[k]?.file ?? ''}`),
    );
    console.log('JavaScript, gzip -9 (Vite production build, VITE_FIRESTORE_LIVE=true)');
    console.log(
      `  landing page:                ${kb(landingSize)} of ${kb(LANDING_BUDGET)} (${landing.size} chunks)`,
    );
    console.log(
      `  dashboard before first paint: ${kb(firstPaintSize)} of ${kb(FIRST_PAINT_BUDGET)} (${firstPaint.size} chunks)`,
    );
    console.log(
      `  dashboard in all (Firestore included): ${kb(dashboardSize)} of ${kb(DASHBOARD_BUDGET)} (${dashboard.size} chunks)`,
    );
    console.log('  dashboard chunks:');
    for (const k of [...dashboard].sort((a, b) => sizeOf(b) - sizeOf(a))) {
      console.log(`    ${kb(sizeOf(k)).padStart(9)}  ${manifest[k]?.file}`);
    }
    console.log('  loaded on demand only (not counted):');
    for (const k of onDemand.sort((a, b) => sizeOf(b) - sizeOf(a))) {
      console.log(`    ${kb(sizeOf(k)).padStart(9)}  ${manifest[k]?.file}`);
    }
    const problems: string[] = [];
    if (landingSize > LANDING_BUDGET) problems.push('the landing page is over its budget');
    if (firstPaintSize > FIRST_PAINT_BUDGET) {
      problems.push('the dashboard before its first paint is over its budget');
    }
    if (dashboardSize > DASHBOARD_BUDGET) problems.push('the dashboard is over its budget');
    if (firestoreOnLanding) problems.push('the landing page loads Firestore code');
    if (landing.has(app)) problems.push('the landing page loads the React app');
    if ([...firstPaint].some((k) => manifest[k]?.src === FIREBASE)) {
      problems.push("the dashboard's first paint waits for Firebase Auth");
    }
    if (firstPaint.has(boardDrag)) {
      problems.push("the dashboard's first paint waits for the board's drag and drop");
    }
    if ([...dashboard].some((k) => manifest[k]?.src === DATE_PICKER)) {
      problems.push('the dashboard loads the date picker');
    }
    console.log(problems.length ? `BUDGET BROKEN: ${problems.join('; ')}.` : 'Budgets met.');
    return problems.length ? 1 : 0;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
