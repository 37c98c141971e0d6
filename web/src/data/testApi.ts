import { vi } from 'vitest';

/**
 * The API client as component tests see it: every call a mock that answers nothing until a
 * test tells it what to. Use it with
 * `vi.mock('../data/api.ts', async () => (await import('../data/testApi.ts')).apiModule)`
 * and import `api` from here to set the answers.
 */
export const api = {
  request: vi.fn(),
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  patch: vi.fn(),
  delete: vi.fn(),
};

/** The module `vi.mock` puts in place of `data/api.ts`. */
export const apiModule = { api };
