import { describe, expect, it } from 'vitest';
import { actionKey, signActionToken, verifyActionToken } from './actionToken.ts';

const key = actionKey('TM-CjK4TTg5H3CqN38iAkGn_4srI0ogP_vTD75Wefm0');
const claims = { action: 'snooze' as const, uid: 'u1', assignmentId: 'a1', exp: 2_000 };

describe('reminder action tokens', () => {
  it('verify with the same key before they expire', () => {
    expect(verifyActionToken(signActionToken(claims, key), key, 1_000)).toEqual(claims);
  });

  it('stop working when they expire', () => {
    expect(verifyActionToken(signActionToken(claims, key), key, 2_000)).toBeNull();
  });

  it('refuse another key, a changed body and junk', () => {
    const token = signActionToken(claims, key);
    expect(verifyActionToken(token, actionKey('another-secret'), 1_000)).toBeNull();
    const [, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 'done', u: 'u1', i: 'a1', e: 2_000 })).toString(
      'base64url',
    );
    expect(verifyActionToken(`${forged}.${sig}`, key, 1_000)).toBeNull();
    expect(verifyActionToken('junk', key, 1_000)).toBeNull();
    expect(verifyActionToken(`${token}.x`, key, 1_000)).toBeNull();
  });
});
