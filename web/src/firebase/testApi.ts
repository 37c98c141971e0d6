import { vi } from 'vitest';

/**
 * The API client as component tests see it: every call a mock that answers nothing until a
 * test tells it what to (the direct client, which skips the offline queue, is the same object).
 * Use it with
 * `vi.mock('../firebase/api.ts', () => import('../firebase/testApi.ts'))` and import `api`
 * from here to set the answers.
 */
export const api = {
  request: vi.fn(),
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  patch: vi.fn(),
  delete: vi.fn(),
};
export const directApi = api;
