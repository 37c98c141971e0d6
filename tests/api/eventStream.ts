import type { TestUser } from '../support/auth.ts';

/**
 * POSTs `body` as JSON to a streaming endpoint at `url` as a signed-in student (Bearer token
 * and CSRF header), asking for Server-Sent Events.
 */
export function postForEvents(
  me: { user: TestUser; csrf: string },
  url: string,
  body: unknown,
  signal: AbortSignal | null,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${me.user.idToken}`,
      'x-csrf-token': me.csrf,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify(body),
    signal,
  });
}
