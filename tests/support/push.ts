import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { PUSH_STANDIN_CERT } from '../../scripts/stack/config.ts';

/** A browser's side of a push subscription, made in the test: its own ECDH keys and secret. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

export interface StoredPush {
  received_at: string;
  headers: Record<string, string>;
  body_base64: string;
}

const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(
    content: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
};

/** A subscription on the stack's push stand-in; `suffix` '/gone' makes it answer 410. */
export function testDevice(suffix = ''): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${inject('stack').push}push/${randomBytes(12).toString('hex')}${suffix}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    ecdh,
  };
}

/** What the stand-in received for an endpoint (it serves HTTPS with the stack's local certificate). */
export function pushesFor(endpoint: string): Promise<StoredPush[]> {
  const url = new URL(`${inject('stack').push}messages`);
  url.searchParams.set('endpoint', endpoint);
  return new Promise((resolve, reject) => {
    const req = request(url, { ca: readFileSync(PUSH_STANDIN_CERT), timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString()) as StoredPush[]);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('the push stand-in did not answer')));
    req.end();
  });
}

/** Decrypts a stored message (aes128gcm, RFC 8291) with the device's keys, as a browser would. */
export function decryptPush(device: TestDevice, push: StoredPush): unknown {
  const plain = ece.decrypt(Buffer.from(push.body_base64, 'base64'), {
    version: 'aes128gcm',
    privateKey: device.ecdh,
    authSecret: device.keys.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}
