import { describe, expect, it } from 'vitest';
import { mayBeRevoked } from './auth.ts';

const token = (payload: object) =>
  ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), ''].join('.');

describe('mayBeRevoked: a new account whose first token may read as revoked', () => {
  it('is safe while the second of its sign-in has not ended', () => {
    expect(mayBeRevoked(token({ auth_time: 1_000 }), 1_000_999)).toBe(false);
  });

  it('may be revoked once a second boundary has passed since its sign-in', () => {
    expect(mayBeRevoked(token({ auth_time: 1_000 }), 1_001_000)).toBe(true);
  });

  it('is treated as revoked when the token says nothing of its sign-in', () => {
    expect(mayBeRevoked(token({}), 1_000_000)).toBe(true);
  });
});
