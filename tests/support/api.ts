import { inject } from 'vitest';
import type { TestUser } from './auth.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string | null;
  csrf?: string | null;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  /** Call through the web app's origin (Vite proxy) instead of the function URL. */
  viaWeb?: boolean;
}

/** One call to the API of the running stack, as the web app would make it. */
export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResponse<T>> {
  const stack = inject('stack');
  const base = opts.viaWeb ? stack.web : stack.api;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.csrf) headers['x-csrf-token'] = opts.csrf;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export interface Session {
  user: { id: string; csrf_token: string } & Record<string, unknown>;
}

/** The caller's session, with the CSRF token for state-changing calls. */
export async function sessionOf(user: TestUser): Promise<Session['user']> {
  const res = await call<Session>('GET', '/api/session', { token: user.idToken });
  if (res.status !== 200) throw new Error(`session failed: ${res.status} ${res.text}`);
  return res.body.user;
}

/** A call as one signed-in student, with their token and CSRF token filled in. */
export type As = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<ApiResponse<Record<string, unknown>>>;

/** The student signed in with this ID token, and a way to call the API as them. */
export async function studentApi(token: string): Promise<{ id: string; as: As }> {
  const session = await call<{ user: { id: string; csrf_token: string } }>('GET', '/api/session', {
    token,
  });
  // Say what the session answered when it has no student: a bare "cannot destructure" told a
  // failed run nothing (seen once in CI, in api/feedTasks.test.ts).
  if (session.status !== 200 || !session.body?.user) {
    throw new Error(`GET /api/session gave no student: ${session.status} ${session.text}`);
  }
  const { id, csrf_token: csrf } = session.body.user;
  return { id, as: (method, path, body) => call(method, path, { token, csrf, body }) };
}
