import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_MULTIPART } from '../../../functions/src/attachments/routes.ts';
import type { Student } from '../../support/security.ts';
import { ENDPOINTS, takesJson } from './endpoints.ts';
import { eachEndpointAndVariant, expectRefused, twoStudents } from './suite.ts';

const NOT_JSON = 'Send the request body as JSON (Content-Type: application/json).';
const ONE_MB = 1024 * 1024;
/** Routes whose JSON bodies may be larger (an import file, at most 5 MB, escaped). */
const LARGER_LIMITS_MB: Record<string, number> = { '/import': 8 };
const limitMb = (route: string) => LARGER_LIMITS_MB[route] ?? 1;

let owner: Student;
let other: Student;

beforeAll(async () => {
  ({ owner, other } = await twoStudents());
});

interface Variant {
  label: string;
  raw: (json: unknown, route: string) => { body: string; contentType: string };
  status: number;
  error?: string | ((route: string) => string);
}

const variants: Variant[] = [
  {
    label: 'malformed JSON',
    raw: (json) => ({
      body: JSON.stringify(json ?? {}).slice(0, -1) + ',',
      contentType: 'application/json',
    }),
    status: 400,
  },
  {
    label: "a JSON body over the route's cap (1 MB for most)",
    raw: (json, route) => ({
      body: JSON.stringify({ ...(json as object), padding: 'x'.repeat(limitMb(route) * ONE_MB) }),
      contentType: 'application/json',
    }),
    status: 413,
    error: (route) => `The request is too large. The limit is ${limitMb(route)} MB.`,
  },
  {
    label: 'text/plain',
    raw: (json) => ({ body: JSON.stringify(json ?? {}), contentType: 'text/plain' }),
    status: 415,
    error: NOT_JSON,
  },
  {
    label: 'a form (application/x-www-form-urlencoded)',
    raw: (json) => ({
      body:
        new URLSearchParams(
          Object.entries((json ?? {}) as Record<string, unknown>).map(
            ([k, v]): [string, string] => [k, String(v)],
          ),
        ).toString() || 'a=b',
      contentType: 'application/x-www-form-urlencoded',
    }),
    status: 415,
    error: NOT_JSON,
  },
  {
    label: 'XML',
    raw: () => ({ body: '<?xml version="1.0"?><request/>', contentType: 'application/xml' }),
    status: 415,
    error: NOT_JSON,
  },
];

eachEndpointAndVariant(
  'body',
  ENDPOINTS.filter(takesJson),
  variants,
  '%s is refused, nothing stored changes',
  async (endpoint, variant) => {
    const req = endpoint.request(owner.ids);
    const res = await expectRefused(
      req,
      { token: owner.user.idToken, csrf: owner.csrf, raw: variant.raw(req.json, endpoint.route) },
      {
        status: variant.status,
        ...(variant.error
          ? {
              error:
                typeof variant.error === 'string' ? variant.error : variant.error(endpoint.route),
            }
          : {}),
      },
      [owner, other],
    );
    // The function reads bodies before the platform's parser (functions/src/http/body.ts), so
    // even broken JSON is answered by the app, as JSON.
    expect(res.headers.get('content-type')).toContain('application/json');
    if (variant.status === 400) {
      expect(res.body.error).toBe('The request body is not valid JSON.');
    }
  },
);

describe('body: POST /api/upload-pdf', () => {
  it.each([
    ['JSON', { body: '{"file":"a.pdf"}', contentType: 'application/json' }],
    ['text/plain', { body: '%PDF-1.4', contentType: 'text/plain' }],
  ])('%s instead of multipart is refused (400, naming the form field)', async (_, raw) => {
    await expectRefused(
      { method: 'POST', path: '/api/upload-pdf' },
      { token: owner.user.idToken, csrf: owner.csrf, raw },
      { status: 400, error: NOT_MULTIPART },
      [owner, other],
    );
  });
});
