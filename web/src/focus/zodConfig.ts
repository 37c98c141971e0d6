import { config } from 'zod/mini';

/**
 * zod 4 compiles fast parsers with `new Function` when it may, and probes for that with
 * `Function('')`. Under the app's Content-Security-Policy (no 'unsafe-eval') the probe is a
 * CSP violation that Chromium reports on every start. The parsers the app runs are small:
 * use the interpreter, and never ask. Imported first by storedFormats.ts, the app's only zod
 * schema (the domain's schemas are the server's: the web build drops them).
 */
config({ jitless: true });
