import { describe, expect, it } from 'vitest';
import { requestOf } from './contract.ts';

describe('requestOf', () => {
  it('answers the method and the path with its ids filled in, URI-encoded', () => {
    expect(requestOf('GET /api/assignments', {})).toEqual({
      method: 'GET',
      path: '/api/assignments',
    });
    expect(requestOf('GET /api/assignment/:id', { id: 'a 1' }).path).toBe('/api/assignment/a%201');
    expect(
      requestOf('PATCH /api/assignment/:id/subtasks/:subtaskId', { id: 'a1', subtaskId: 's/2' }),
    ).toEqual({ method: 'PATCH', path: '/api/assignment/a1/subtasks/s%2F2' });
    expect(
      requestOf('DELETE /api/assignment/:id/files/:fileId', { id: 'a1', fileId: 'f1' }),
    ).toEqual({ method: 'DELETE', path: '/api/assignment/a1/files/f1' });
  });
});
