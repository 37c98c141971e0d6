// The OAuth 2.0 side of the Calendar stand-in: token, consent and revoke endpoints, and the
// bearer check of every Calendar call. Stateless apart from revocations, so refresh tokens kept
// elsewhere survive a restart of the stand-in.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord, readBody, sendJson } from '../http-util.ts';
import { b64url, escapeHtml, fromB64url, GoogleError } from './errors.ts';

export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const FULL_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
const NO_CALENDAR_SCOPE = 'openid https://www.googleapis.com/auth/userinfo.email';
const REFRESH_PREFIX = 'standin-refresh-';
const ACCESS_TOKEN = /^ya29\.standin-([0-9a-z]+)\.([A-Za-z0-9_-]+)$/;

/** The refresh token the stand-in issues for an authorization code. */
export function standinRefreshToken(code: string): string {
  return `${REFRESH_PREFIX}${code}`;
}

/** The `endpoints` option for OAuth2Client that points it at a calendar stand-in. */
export function calendarStandinEndpoints(rootUrl: string) {
  const base = rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`;
  return {
    oauth2TokenUrl: `${base}token`,
    oauth2AuthBaseUrl: `${base}o/oauth2/v2/auth`,
    oauth2RevokeUrl: `${base}revoke`,
  };
}

export type OAuth = ReturnType<typeof createOAuth>;

/** The stand-in's token state and its OAuth endpoints. */
export function createOAuth() {
  const revoked = new Set<string>();
  const issuedAccess = new Map<string, string>(); // access token → refresh token
  let tokenCounter = 0;

  function scopeOfRefresh(refreshToken: string): string {
    return refreshToken.includes('noscope') ? NO_CALENDAR_SCOPE : CALENDAR_SCOPE;
  }

  function refreshIsValid(refreshToken: string): boolean {
    return refreshToken.startsWith(REFRESH_PREFIX) && !revoked.has(refreshToken);
  }

  function issueAccessToken(refreshToken: string): string {
    tokenCounter++;
    const token = `ya29.standin-${Date.now().toString(36)}x${tokenCounter}.${b64url(refreshToken)}`;
    issuedAccess.set(token, refreshToken);
    return token;
  }

  /** The refresh token behind a valid access token, or undefined. */
  function refreshOfAccess(accessToken: string): string | undefined {
    if (revoked.has(accessToken)) return undefined;
    const m = ACCESS_TOKEN.exec(accessToken);
    const refreshToken = issuedAccess.get(accessToken) ?? (m?.[2] ? fromB64url(m[2]) : undefined);
    return refreshToken && refreshIsValid(refreshToken) ? refreshToken : undefined;
  }

  function revoke(token: string): boolean {
    const fromAccess = refreshOfAccess(token);
    const known = fromAccess !== undefined || refreshIsValid(token);
    revoked.add(token);
    const refreshToken = fromAccess ?? token;
    revoked.add(refreshToken);
    for (const [access, refresh] of issuedAccess) if (refresh === refreshToken) revoked.add(access);
    return known;
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const type = req.headers['content-type'] ?? '';
    let params: URLSearchParams;
    if (type.includes('application/json')) {
      const json: unknown = raw ? JSON.parse(raw) : {};
      params = new URLSearchParams(
        isRecord(json)
          ? Object.entries(json).map(([k, v]): [string, string] => [k, String(v)])
          : [],
      );
    } else {
      params = new URLSearchParams(raw);
    }
    const oauthError = (status: number, error: string, description: string) =>
      sendJson(res, status, { error, error_description: description });

    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    const clientId =
      params.get('client_id') ??
      (basic?.[1] ? Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] : undefined);
    if (!clientId) {
      return oauthError(400, 'invalid_request', 'Could not determine client ID from request.');
    }

    const grantType = params.get('grant_type');
    if (grantType === 'refresh_token') {
      const refreshToken = params.get('refresh_token');
      if (!refreshToken) {
        return oauthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
      }
      if (!refreshIsValid(refreshToken)) {
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      return sendJson(res, 200, {
        access_token: issueAccessToken(refreshToken),
        expires_in: 3600,
        scope: scopeOfRefresh(refreshToken),
        token_type: 'Bearer',
      });
    }
    if (grantType === 'authorization_code') {
      const code = params.get('code');
      if (!code) return oauthError(400, 'invalid_request', 'Missing required parameter: code');
      const refreshToken = standinRefreshToken(code);
      revoked.delete(refreshToken); // a fresh consent issues a working refresh token again
      return sendJson(res, 200, {
        access_token: issueAccessToken(refreshToken),
        expires_in: 3600,
        refresh_token: refreshToken,
        scope: scopeOfRefresh(refreshToken),
        token_type: 'Bearer',
      });
    }
    return oauthError(
      400,
      'unsupported_grant_type',
      `Invalid grant_type: ${grantType ?? ''}`.trim(),
    );
  }

  function authEndpoint(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    let target: URL;
    try {
      target = new URL(redirectUri);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('scheme');
    } catch {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<h1>Error 400: invalid_request</h1><p>Missing or invalid redirect_uri.</p>');
      return;
    }
    const requested = (url.searchParams.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    const hasCalendar = requested.some((s) => s === CALENDAR_SCOPE || s === FULL_CALENDAR_SCOPE);
    const code = `standin-code-${hasCalendar ? '' : 'noscope-'}${randomUUID().slice(0, 8)}`;
    target.searchParams.set('code', code);
    target.searchParams.set('scope', scopeOfRefresh(standinRefreshToken(code)));
    const state = url.searchParams.get('state');
    if (state !== null) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString(), 'content-type': 'text/html; charset=utf-8' });
    res.end(`<a href="${escapeHtml(target.toString())}">Continue</a>`);
  }

  async function revokeEndpoint(url: URL, req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const token = url.searchParams.get('token') ?? new URLSearchParams(raw).get('token');
    if (!token || !revoke(token)) {
      return sendJson(res, 400, {
        error: 'invalid_token',
        error_description: 'Token expired or revoked',
      });
    }
    return sendJson(res, 200, {});
  }

  function authorize(req: IncomingMessage): void {
    const auth = req.headers.authorization;
    const wwwAuth = (error?: string) => ({
      'www-authenticate': `Bearer realm="https://accounts.google.com/"${error ? `, error="${error}"` : ''}`,
    });
    const bearer = /^Bearer\s+(\S+)$/i.exec(auth ?? '')?.[1];
    if (!bearer) {
      throw new GoogleError(
        401,
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'required',
        {
          errorMessage: 'Login Required.',
          location: 'Authorization',
          locationType: 'header',
          headers: wwwAuth(),
        },
      );
    }
    const refreshToken = refreshOfAccess(bearer);
    if (!refreshToken) {
      throw new GoogleError(
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'authError',
        {
          errorMessage: 'Invalid Credentials',
          location: 'Authorization',
          locationType: 'header',
          headers: wwwAuth('invalid_token'),
        },
      );
    }
    const scopes = scopeOfRefresh(refreshToken).split(' ');
    if (!scopes.includes(CALENDAR_SCOPE) && !scopes.includes(FULL_CALENDAR_SCOPE)) {
      throw new GoogleError(
        403,
        'Request had insufficient authentication scopes.',
        'insufficientPermissions',
        { errorMessage: 'Insufficient Permission', headers: wwwAuth('insufficient_scope') },
      );
    }
  }

  function reset(): void {
    revoked.clear();
    issuedAccess.clear();
  }

  return { tokenEndpoint, authEndpoint, revokeEndpoint, authorize, revoke, reset };
}
