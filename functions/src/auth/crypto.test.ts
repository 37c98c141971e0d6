import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './crypto.ts';

describe('refresh tokens at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the token in clear', () => {
    const sealed = encryptSecret(key, '1//refresh-token-value', 'uid-1');
    expect(sealed).not.toContain('refresh-token-value');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(decryptSecret(key, sealed, 'uid-1')).toBe('1//refresh-token-value');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(key, 'same', 'u')).not.toBe(encryptSecret(key, 'same', 'u'));
  });

  it('refuses another key, another user, and a tampered value', () => {
    const sealed = encryptSecret(key, 'secret', 'uid-1');
    expect(() => decryptSecret(randomBytes(32), sealed, 'uid-1')).toThrow();
    expect(() => decryptSecret(key, sealed, 'uid-2')).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] ?? '', 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'), 'uid-1')).toThrow();
    expect(() => decryptSecret(key, 'plain-token', 'uid-1')).toThrow('Not an encrypted secret.');
  });
});
