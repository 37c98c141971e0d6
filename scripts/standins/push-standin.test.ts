import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { createRequire } from 'node:module';
import webpush, { WebPushError } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TLS_CERT, startPushStandin, type PushStandin } from './push-standin.ts';

const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(content: Buffer, params: object): Buffer;
};

describe('the Web Push stand-in', () => {
  let standin: PushStandin;
  const agent = new Agent({ ca: readFileSync(PUSH_TLS_CERT) });
  const vapid = webpush.generateVAPIDKeys();
  const device = createECDH('prime256v1');
  device.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const subscription = (path: string) => ({
    endpoint: `${standin.url}push/${path}`,
    keys: { p256dh: device.getPublicKey().toString('base64url'), auth },
  });
  const send = (path: string, keys = vapid) =>
    webpush.sendNotification(subscription(path), 'hello', {
      vapidDetails: { subject: 'mailto:test@brainboard.test', ...keys },
      TTL: 60,
      agent,
    });

  beforeAll(async () => {
    standin = await startPushStandin({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await standin?.close();
  });

  it('takes a VAPID-signed aes128gcm message with 201 and keeps it for the endpoint', async () => {
    const res = await send('device-1');
    expect(res.statusCode).toBe(201);
    const [message] = standin.messages.get(subscription('device-1').endpoint) ?? [];
    const plain = ece.decrypt(Buffer.from(message!.body_base64, 'base64'), {
      version: 'aes128gcm',
      privateKey: device,
      authSecret: auth,
    });
    expect(plain.toString()).toBe('hello');
    expect(message!.headers.ttl).toBe('60');
  });

  it('answers 410 for an endpoint ending in /gone', async () => {
    await expect(send('device-2/gone')).rejects.toMatchObject({ statusCode: 410 });
  });

  it('refuses a JWT signed by another key than the one it names', async () => {
    const other = webpush.generateVAPIDKeys();
    const err = await send('device-3', {
      publicKey: vapid.publicKey,
      privateKey: other.privateKey,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebPushError);
    expect((err as WebPushError).statusCode).toBe(401);
    expect(standin.messages.get(subscription('device-3').endpoint)).toBeUndefined();
  });
});
