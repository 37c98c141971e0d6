import {
  readStoredJson,
  removeMatching,
  STORAGE_KEYS,
  USER_CACHE_PREFIX,
  writeStored,
  type UserCacheKind,
} from './storage.ts';

/**
 * What this browser last saw of a signed-in student, so a returning student sees their board at
 * once, before the network answers. Only a first picture: the live answers replace it, and
 * leaving the app forgets it (storage.ts lists it among the per-user keys). Each entry is
 * `{ v, savedAt, value }`; an entry of another format version, or one that does not parse,
 * reads as nothing.
 */

const USER_CACHE_VERSION = 1;
/** Past this size an entry is not written (localStorage holds about 5 MB per origin). */
const MAX_ENTRY_CHARS = 1_500_000;

export function readUserCache<T>(kind: UserCacheKind, uid: string): T | null {
  const entry = readStoredJson(STORAGE_KEYS.userCache(kind, uid)) as {
    v?: unknown;
    value?: unknown;
  } | null;
  if (!entry || typeof entry !== 'object') return null;
  return entry.v === USER_CACHE_VERSION && entry.value !== undefined ? (entry.value as T) : null;
}

export function writeUserCache(kind: UserCacheKind, uid: string, value: unknown): void {
  let raw: string;
  try {
    raw = JSON.stringify({ v: USER_CACHE_VERSION, savedAt: Date.now(), value });
  } catch {
    return;
  }
  writeStored(STORAGE_KEYS.userCache(kind, uid), raw.length > MAX_ENTRY_CHARS ? null : raw);
}

/** Forgets every user's cached session and board in this browser. */
export function clearUserCaches(): void {
  removeMatching('local', (key) => key.startsWith(USER_CACHE_PREFIX));
}
