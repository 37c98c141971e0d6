import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actionKey, signActionToken, verifyActionToken } from './actionToken.ts';

const key = actionKey('TM-CjK4TTg5H3CqN38iAkGn_4srI0ogP_vTD75Wefm0');
const claims = {
  action: 'snooze' as const,
  uid: 'u1',
  assignmentId: 'a1',
  card: '2026-11-20T08:00:00.000Z',
  exp: 2_000,
};
const body = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('reminder action tokens', () => {
  it('verify with the same key before they expire', () => {
    expect(verifyActionToken(signActionToken(claims, key), key, 1_000)).toEqual({
      ...claims,
      useId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('stop working when they expire', () => {
    expect(verifyActionToken(signActionToken(claims, key), key, 2_000)).toBeNull();
  });

  it('refuse another key, a changed body and junk', () => {
    const token = signActionToken(claims, key);
    expect(verifyActionToken(token, actionKey('another-secret'), 1_000)).toBeNull();
    const [, sig] = token.split('.');
    const forged = body({ a: 'done', u: 'u1', i: 'a1', c: claims.card, e: 2_000 });
    expect(verifyActionToken(`${forged}.${sig}`, key, 1_000)).toBeNull();
    expect(verifyActionToken('junk', key, 1_000)).toBeNull();
    expect(verifyActionToken(`${token}.x`, key, 1_000)).toBeNull();
  });

  it('name the card they were made for', () => {
    const other = { ...claims, card: '2026-11-21T09:30:00.000Z' };
    expect(verifyActionToken(signActionToken(other, key), key, 1_000)?.card).toBe(other.card);
    // A token of the earlier format, without a card, is not a token any more.
    const old = body({ a: 'done', u: 'u1', i: 'a1', e: 2_000 });
    const sig = createHmac('sha256', key).update(old).digest('base64url');
    expect(verifyActionToken(`${old}.${sig}`, key, 1_000)).toBeNull();
  });

  it('have one use id per token, whatever base64 spelling of the signature is sent', () => {
    const token = signActionToken(claims, key);
    const again = verifyActionToken(token, key, 1_000);
    expect(verifyActionToken(token, key, 1_500)?.useId).toBe(again?.useId);
    const done = verifyActionToken(signActionToken({ ...claims, action: 'done' }, key), key, 1_000);
    expect(done?.useId).not.toBe(again?.useId);
    // The signature's last character carries two spare bits: another character with the same
    // six bits but for those decodes to the same bytes. It is refused, so a token has one id.
    const last = token.at(-1)!;
    const respelled = `${token.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(last) ^ 1]}`;
    expect(Buffer.from(respelled.split('.')[1]!, 'base64url')).toEqual(
      Buffer.from(token.split('.')[1]!, 'base64url'),
    );
    expect(verifyActionToken(respelled, key, 1_000)).toBeNull();
  });
});
