/**
 * A subscription's endpoint is user input that the server later fetches, so only the
 * HTTPS endpoints of real push services are accepted (plus, locally, the stand-in).
 */
const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.apple\.com$/,
];

export function isAllowedPushEndpoint(endpoint: string, localBase: string | null): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (localBase && endpoint.startsWith(localBase)) return true;
  if (url.port !== '') return false;
  return PUSH_SERVICE_HOSTS.some((re) => re.test(url.hostname));
}
