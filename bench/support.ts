/**
 * What the benches share: the local stack (their own, or the integration tests'), quick mode,
 * a signed-in browser page, API calls as that student, and a seeded board.
 */
import { APP_VERSION } from '@brainboard/domain';
import type { Page } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { startStack } from '../scripts/stack/stack.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { idTokenOf } from '../tests/support/idToken.ts';

/** Where a bench finds the local stack: its own, or the one the integration tests share. */
export interface BenchUrls {
  /** The web app ('' when the stack serves none). */
  web: string;
  /** The Functions emulator's base of `/api`. */
  api: string;
  /** The Auth emulator, `http://host:port`. */
  authEmulator: string;
}

interface BenchStack extends BenchUrls {
  stop(): Promise<void>;
}

async function startBenchStack(web: 'preview' | 'none'): Promise<BenchStack> {
  const stack = await startStack({
    web,
    seed: false,
    log: (m) => console.error(`[stack] ${m}`),
  });
  return {
    web: stack.urls.web ?? '',
    api: stack.urls.api,
    authEmulator: stack.urls.authEmulator,
    stop: () => stack.stop(),
  };
}

/** Quick mode: `BENCH_QUICK=1` or `--quick`, tiny counts and one run, to check the figures come out. */
export function quickFromEnv(): boolean {
  return process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
}

/** Whether `moduleUrl` (a bench's import.meta.url) is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return !!process.argv[1] && moduleUrl === pathToFileURL(process.argv[1]).href;
}

/** Runs a bench as a script: its exit code, or 1 with the error printed. */
export function runAsScript(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/** Runs `measure` against a stack of its own (`web`: with the app's production build or none). */
export async function withOwnStack(
  web: 'preview' | 'none',
  measure: (urls: BenchUrls) => Promise<number | void>,
): Promise<number | void> {
  const stack = await startBenchStack(web);
  try {
    return await measure(stack);
  } finally {
    await stack.stop();
  }
}

/**
 * When the module `moduleUrl` is the script node was started with: runs `measure` on a stack
 * of its own, in quick mode when asked, and exits with its code (0 when it returns none).
 */
export function runStandalone(
  moduleUrl: string,
  web: 'preview' | 'none',
  measure: (urls: BenchUrls, quick: boolean) => Promise<number | void>,
): void {
  if (!isMain(moduleUrl)) return;
  runAsScript(() => withOwnStack(web, (urls) => measure(urls, quickFromEnv())));
}

/** Every figure a bench reports is a finite number (what the quick modes check): the figures. */
export function finite<T extends Record<string, number>>(figures: T): T {
  const bad = Object.entries(figures).filter(
    ([, v]) => typeof v !== 'number' || !Number.isFinite(v),
  );
  if (bad.length > 0 || Object.keys(figures).length === 0) {
    throw new Error(`Figures missing or not finite: ${JSON.stringify(figures)}`);
  }
  return figures;
}

/**
 * Runs `use` on a 1280x800 page of a new headless browser, closed after. The benches' probes
 * wait on script strings, which need the eval the app's CSP refuses: the page bypasses the CSP.
 */
export async function withBenchPage<T>(use: (page: Page) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    return await use(await context.newPage());
  } finally {
    await browser.close();
  }
}

/**
 * Signs a Google account in for a benchmark: the Auth emulator makes (or finds) the account,
 * and its tokens go where the Firebase SDK keeps a signed-in user in this browser. The benches
 * measure the board, not the sign-in; the browser tests (tests/e2e) sign in through the real UI.
 */
export async function signIn(page: Page, urls: BenchUrls, email: string): Promise<void> {
  const { web, authEmulator } = urls;
  const sub = `bench-${email}`;
  const res = await fetch(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(
          JSON.stringify({ sub, email, email_verified: true, name: 'Bench Student' }),
        )}&providerId=google.com`,
        requestUri: web,
        returnSecureToken: true,
      }),
    },
  );
  const body = (await res.json()) as { localId?: string; idToken?: string; refreshToken?: string };
  if (!body.localId || !body.idToken) throw new Error(`signInWithIdp: ${JSON.stringify(body)}`);
  const user = {
    uid: body.localId,
    email,
    emailVerified: true,
    isAnonymous: false,
    displayName: 'Bench Student',
    providerData: [
      {
        providerId: 'google.com',
        uid: sub,
        email,
        displayName: 'Bench Student',
        phoneNumber: null,
        photoURL: null,
      },
    ],
    stsTokenManager: {
      refreshToken: body.refreshToken,
      accessToken: body.idToken,
      expirationTime: Date.now() + 55 * 60_000,
    },
    createdAt: String(Date.now()),
    lastLoginAt: String(Date.now()),
    apiKey: 'demo-key',
    appName: '[DEFAULT]',
  };
  // A public page of the app's origin, so the SDK's database is the app's.
  await page.goto(`${web}/privacy`);
  await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('firebaseLocalStorageDb', 1);
    open.onupgradeneeded = () =>
      open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('firebaseLocalStorage', 'readwrite');
      tx.objectStore('firebaseLocalStorage').put({
        fbase_key: 'firebase:authUser:demo-key:[DEFAULT]',
        value: ${JSON.stringify(user)},
      });
      tx.oncomplete = () => { open.result.close(); resolve(true); };
      tx.onerror = () => reject(tx.error);
    };
  })`);
  await page.goto(`${web}/dashboard`);
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
}

interface ApiAs {
  uid: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
}

/** Calls the API as the page's user (Bearer token and CSRF header). */
export async function apiAs(page: Page, api: string): Promise<ApiAs> {
  const token = await idTokenOf(page);
  const send = async (method: string, path: string, body?: unknown, csrf?: string) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const session = (await send('GET', '/api/session')) as {
    user: { id: string; csrf_token: string };
  };
  const csrf = session.user.csrf_token;
  return {
    uid: session.user.id,
    call: async <T>(method: string, path: string, body?: unknown) =>
      (await send(method, path, body, csrf)) as T,
  };
}

const STATUSES = ['new', 'in progress', 'done'] as const;

/** Local 'YYYY-MM-DDT08:00:00', `days` from today. */
function dueIn(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T08:00:00`;
}

/** Consent, no What's New dialog, and `count` assignments spread over the three columns. */
export async function seedBoard(as: ApiAs, count: number): Promise<void> {
  await as.call('POST', '/api/acceptance', { privacyAccepted: true, tosAccepted: true });
  await as.call('PATCH', `/api/user/${as.uid}`, {
    last_used_version: APP_VERSION,
    last_whats_new_version: APP_VERSION,
  });
  const jobs = Array.from(
    { length: count },
    (_, i) => () =>
      as.call('POST', '/api/assignment', {
        title: `Assignment ${i + 1}: read, summarise and review chapter ${(i % 12) + 1}`,
        description: i % 3 === 0 ? 'Take notes on the key ideas and write three questions.' : '',
        due_date: i % 4 === 0 ? '' : dueIn((i % 15) - 3),
        status: STATUSES[i % 3],
        subtasks:
          i % 2 === 0
            ? [
                { id: `s-${i}-a`, title: 'Skim', completed: true },
                { id: `s-${i}-b`, title: 'Summarise', completed: false },
              ]
            : [],
      }),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) await jobs[next++]?.();
    }),
  );
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/**
 * Runs `use` on a bench page (see withBenchPage) where a fresh student (named after `name`) is
 * signed in, with the board the board benches measure: 300 seeded assignments (quick: 12).
 */
export async function withSeededBoard<T>(
  urls: BenchUrls,
  name: string,
  quick: boolean | undefined,
  use: (page: Page, size: number) => Promise<T>,
): Promise<T> {
  const size = quick ? 12 : 300;
  return withBenchPage(async (page) => {
    await signIn(page, urls, `bench-${name}-${Date.now()}@example.com`);
    const as = await apiAs(page, urls.api);
    console.error(`Seeding ${size} assignments...`);
    await seedBoard(as, size);
    return use(page, size);
  });
}

/** A new email and password account in the Auth emulator: its ID token. */
export async function newAccountToken(authEmulator: string): Promise<string> {
  const res = await fetch(
    `${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@brainboard.test`,
        password: 'bench-password',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!res.ok || !body.idToken) throw new Error(`signUp: ${res.status} ${JSON.stringify(body)}`);
  return body.idToken;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** BENCH_PROFILE=1: the 15 functions with the most self time in one load, with their file. */
export function printProfile(profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? new URL(frame.url, 'http://x').pathname : '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
  for (const [key, ms] of top) console.log(`  ${`${ms.toFixed(1)} ms`.padStart(9)}  ${key}`);
}
