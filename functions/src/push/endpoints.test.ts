import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './endpoints.ts';

describe('isAllowedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=x',
    'https://web.push.apple.com/QGuQ',
    'https://api.push.apple.com/3/device/x',
  ])('accepts the push service endpoint %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, null)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://evil.example/fcm.googleapis.com',
    'https://fcm.googleapis.com.evil.example/x',
    'https://notify.windows.com.evil.example/x',
    'https://127.0.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://user:pw@fcm.googleapis.com/x',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, null)).toBe(false);
  });

  it('accepts endpoints under the local stand-in only when it is configured', () => {
    const base = 'https://127.0.0.1:8091/';
    expect(isAllowedPushEndpoint('https://127.0.0.1:8091/push/abc', base)).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8091/push/abc', null)).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8092/push/abc', base)).toBe(false);
  });
});
