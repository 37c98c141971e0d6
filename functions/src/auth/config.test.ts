import { describe, expect, it } from 'vitest';
import { appOriginFor, parseTokenKey, readGoogleConfig } from './config.ts';

describe('Google settings', () => {
  it('defaults to Google in production and takes overrides (the stand-in locally)', () => {
    const prod = readGoogleConfig({});
    expect(prod.authUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(prod.tokenUrl).toBe('https://oauth2.googleapis.com/token');
    expect(prod.calendarRootUrl).toBe('https://www.googleapis.com/');
    expect(prod.tokenKey).toBeNull();
    const local = readGoogleConfig({
      FUNCTIONS_EMULATOR: 'true',
      GOOGLE_CALENDAR_ROOT_URL: 'http://127.0.0.1:8090',
      GOOGLE_OAUTH_AUTH_URL: 'http://127.0.0.1:8090/o/oauth2/v2/auth',
      TOKEN_ENCRYPTION_KEY: 'a'.repeat(64),
      APP_URL: 'http://localhost:5173/',
    });
    expect(local.calendarRootUrl).toBe('http://127.0.0.1:8090/');
    expect(local.authUrl).toBe('http://127.0.0.1:8090/o/oauth2/v2/auth');
    expect(local.tokenKey?.length).toBe(32);
    expect(local.appUrl).toBe('http://localhost:5173');
  });

  it('accepts a 32-byte key as base64 or hex and refuses other lengths', () => {
    expect(parseTokenKey(Buffer.alloc(32, 7).toString('base64'))?.length).toBe(32);
    expect(parseTokenKey('0f'.repeat(32))?.length).toBe(32);
    expect(parseTokenKey('')).toBeNull();
    expect(() => parseTokenKey('c2hvcnQ=')).toThrow('32 bytes');
  });

  it('returns only to known app origins (no open redirect)', () => {
    const config = readGoogleConfig({
      APP_URL: 'https://brainboard.web.app',
      CORS_ORIGINS: 'http://localhost:5173,http://127.0.0.1:5173',
    });
    expect(appOriginFor(config, 'http://127.0.0.1:5173/login')).toBe('http://127.0.0.1:5173');
    expect(appOriginFor(config, 'https://evil.example/login')).toBe('https://brainboard.web.app');
    expect(appOriginFor(config, undefined)).toBe('https://brainboard.web.app');
    expect(appOriginFor(config, 'not a url')).toBe('https://brainboard.web.app');
  });
});
