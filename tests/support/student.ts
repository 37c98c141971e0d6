import { APP_VERSION, type Assignment } from '@brainboard/domain';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { call, type ApiResponse, type As } from './api.ts';
import { column } from './board.ts';
import { watchConsole } from './browser.ts';
import { idTokenOf } from './idToken.ts';
import { signInWithGoogle } from './signin.ts';

export interface ReadyStudent {
  id: string;
  /** The Google account's address (to sign the same student in on another device). */
  email: string;
  /** A call as this student, with their token and CSRF token filled in. */
  as<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiResponse<T>>;
}

/**
 * Signs a new student in through the real UI, then through the API: accepts the legal
 * texts, marks What's New as seen (nothing opens on the dashboard) and, when asked, turns
 * AI help and deep dive on (no consent question). Reload the page to see the result.
 */
export async function readyStudent(
  page: Page,
  prefix: string,
  opts: ReadyOptions & { name?: string } = {},
): Promise<ReadyStudent> {
  const email = `${prefix}-${Date.now()}@brainboard.test`;
  await signInWithGoogle(page, { email, ...(opts.name ? { name: opts.name } : {}) });
  const token = await idTokenOf(page);
  const session = await call<{ user: { id: string; csrf_token: string } }>('GET', '/api/session', {
    token,
  });
  expect(session.status, session.text).toBe(200);
  const { id, csrf_token: csrf } = session.body.user;
  const as = <T>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token, csrf, ...(body === undefined ? {} : { body }) });
  await readyForBoard(as, id, opts);
  return { id, email, as };
}

export interface BrowserStudent extends ReadyStudent {
  context: BrowserContext;
  page: Page;
  /** The page's console errors so far (see watchConsole). */
  problems: string[];
}

export interface BrowserStudentOptions extends BrowserContextOptions {
  /** Display name of the new Google account. */
  name?: string;
  /** Turn AI help and deep dive on as well. */
  ai?: boolean;
  /** Leave the versions seen unset, as on a brand-new account (the dashboard welcomes it). */
  newcomer?: boolean;
  /** Then reload and wait for the board, to see what was set up (default: stay as signed in). */
  board?: boolean;
  /**
   * Watch the console only once signed in: the emulator's chooser page logs its blocked
   * internet assets (default: from the first page on).
   */
  consoleAfterSignIn?: boolean;
}

/**
 * A new student in a new context of `browser` (context options as given, e.g. a viewport),
 * signed in and past the first-run screens as readyStudent does it; with `board`, the page is
 * reloaded and shows the board.
 */
export async function signedInStudent(
  browser: Browser,
  prefix: string,
  options: BrowserStudentOptions = {},
): Promise<BrowserStudent> {
  const { name, ai, newcomer, board, consoleAfterSignIn, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const early = consoleAfterSignIn ? null : watchConsole(page);
  const student = await readyStudent(page, prefix, { ai, newcomer, name });
  const problems = early ?? watchConsole(page);
  if (board) {
    await page.reload();
    await column(page, 'New').waitFor({ timeout: 20_000 });
  }
  return { ...student, context, page, problems };
}

interface ReadyOptions {
  /** Turn AI help and deep dive on as well. */
  ai?: boolean | undefined;
  /** Leave the versions seen unset, as on a brand-new account (the dashboard welcomes it). */
  newcomer?: boolean | undefined;
}

/**
 * What a student does before the board is theirs, done through the API: accept the legal
 * texts, see What's New for the current version (so nothing opens on the dashboard) unless a
 * newcomer and, when asked, turn AI help and deep dive on.
 */
export async function readyForBoard(
  as: (method: string, path: string, body?: unknown) => Promise<ApiResponse<unknown>>,
  id: string,
  opts: ReadyOptions = {},
): Promise<void> {
  const accepted = await as('POST', '/api/acceptance', {
    privacyAccepted: true,
    tosAccepted: true,
  });
  expect(accepted.status, accepted.text).toBe(200);
  const fields = {
    ...(opts.newcomer
      ? {}
      : { last_used_version: APP_VERSION, last_whats_new_version: APP_VERSION }),
    ...(opts.ai ? { ai_help_enabled: true, ai_deep_dive_enabled: true } : {}),
  };
  if (Object.keys(fields).length === 0) return;
  const profile = await as('PATCH', `/api/user/${id}`, fields);
  expect(profile.status, profile.text).toBe(200);
}

/** A local date-time `days` from now at 08:00, as the app stores due dates. */
export function dueIn(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T08:00:00`;
}

/** Creates an assignment as the student, through the API. */
export async function seed(as: As, body: Record<string, unknown>): Promise<Assignment> {
  const res = await as('POST', '/api/assignment', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { item: Assignment }).item;
}

/**
 * A reading task due tomorrow with two open subtasks, where Focus Mode journeys start; `fields`
 * replace its own.
 */
export const readingTask = (fields: Record<string, unknown> = {}) => ({
  title: 'Read chapter 4',
  description: 'Biology: cells and membranes.',
  due_date: dueIn(1),
  subtasks: [
    { id: 'st-1', title: 'Skim the headings', completed: false },
    { id: 'st-2', title: 'Write three questions', completed: false },
  ],
  ...fields,
});
