import { readLocalStack } from '../localStack.ts';

/**
 * Google OAuth and Calendar settings of the server, read once from the
 * environment. Every variable is documented in README.md and .env.example.
 * Locally the stack points all Google URLs at the Calendar stand-in (localStack.ts).
 */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Google's consent page (`.../o/oauth2/v2/auth`). */
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Calendar v3 API root for googleapis (ends with '/'). */
  calendarRootUrl: string;
  /** The public web app; where sign-in returns to. */
  appUrl: string;
  /** Other origins of the web app accepted as a return address (CORS_ORIGINS). */
  appOrigins: string[];
  /** AES-256 key for refresh tokens at rest, or null when not configured. */
  tokenKey: Buffer | null;
  /** The Auth emulator's host:port in the local stack; null in production. */
  authEmulatorHost: string | null;
}

const GOOGLE = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  calendarRootUrl: 'https://www.googleapis.com/',
};

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** A 32-byte key given as base64 (44 characters) or hex (64 characters). */
export function parseTokenKey(text: string | undefined): Buffer | null {
  const value = text?.trim();
  if (!value) return null;
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new Error('TOKEN_ENCRYPTION_KEY must be 32 bytes, as base64 or hex.');
  }
  return key;
}

export function readGoogleConfig(env: NodeJS.ProcessEnv = process.env): GoogleConfig {
  const { google, authEmulatorHost } = readLocalStack(env);
  const appUrl = (env.APP_URL || 'http://localhost:5173').replace(/\/+$/, '');
  const origins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => originOf(s.trim()))
    .filter((s): s is string => !!s);
  const appOrigin = originOf(appUrl);
  return {
    clientId: env.GOOGLE_OAUTH_CLIENT_ID || 'brainboard-local-client',
    clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET || 'brainboard-local-secret',
    authUrl: google.authUrl ?? GOOGLE.authUrl,
    tokenUrl: google.tokenUrl ?? GOOGLE.tokenUrl,
    revokeUrl: google.revokeUrl ?? GOOGLE.revokeUrl,
    calendarRootUrl: withSlash(google.calendarRootUrl ?? GOOGLE.calendarRootUrl),
    appUrl,
    appOrigins: [...new Set([...(appOrigin ? [appOrigin] : []), ...origins])],
    tokenKey: parseTokenKey(env.TOKEN_ENCRYPTION_KEY),
    authEmulatorHost,
  };
}

/**
 * The web app's origin to return to: the page the browser came from when it
 * is one of ours (so localhost and 127.0.0.1 both work locally), else APP_URL.
 * Never an arbitrary address (no open redirect).
 */
export function appOriginFor(config: GoogleConfig, referer: string | undefined): string {
  const origin = referer ? originOf(referer) : null;
  if (origin && config.appOrigins.includes(origin)) return origin;
  return originOf(config.appUrl) ?? config.appUrl;
}
