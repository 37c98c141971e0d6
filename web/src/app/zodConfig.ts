import { config } from 'zod/mini';

/**
 * zod 4 compiles fast parsers with `new Function` when it may, and probes for that with
 * `Function('')`. Under the app's Content-Security-Policy (no 'unsafe-eval') the probe is a
 * CSP violation that Chromium reports on every start. The parsers the app runs are small:
 * use the interpreter, and never ask. Imported first by SignedInApp, the only chunk with zod.
 */
config({ jitless: true });
