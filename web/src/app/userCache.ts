/**
 * What this browser last saw of a signed-in student, kept in localStorage per user, so a
 * returning student sees their board at once, before the network answers (issue 9). Only a
 * first picture: the live answers replace it, and leaving the app (logout, account deletion,
 * no signed-in user) forgets every entry.
 *
 * Each entry is `{ v, savedAt, value }` under `brainboard.cache.<kind>.<uid>`; an entry of
 * another format version, or one that does not parse, reads as nothing.
 */
export type UserCacheKind = 'session' | 'board';

const PREFIX = 'brainboard.cache.';
const VERSION = 1;
/** Past this size an entry is not written (localStorage holds about 5 MB per origin). */
const MAX_ENTRY_CHARS = 1_500_000;

const keyOf = (kind: UserCacheKind, uid: string) => `${PREFIX}${kind}.${uid}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage blocked (private mode, site settings): no cache, nothing breaks.
    return null;
  }
}

export function readUserCache<T>(kind: UserCacheKind, uid: string): T | null {
  try {
    const raw = storage()?.getItem(keyOf(kind, uid));
    if (!raw) return null;
    const entry = JSON.parse(raw) as { v?: unknown; value?: unknown };
    return entry.v === VERSION && entry.value !== undefined ? (entry.value as T) : null;
  } catch {
    return null;
  }
}

export function writeUserCache(kind: UserCacheKind, uid: string, value: unknown): void {
  const store = storage();
  if (!store) return;
  try {
    const raw = JSON.stringify({ v: VERSION, savedAt: Date.now(), value });
    if (raw.length > MAX_ENTRY_CHARS) store.removeItem(keyOf(kind, uid));
    else store.setItem(keyOf(kind, uid), raw);
  } catch {
    // Quota exceeded: the cache is a convenience; the app works without it.
  }
}

/** Forgets every user's cached session and board in this browser. */
export function clearUserCaches(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/**
 * Every per-user copy this browser keeps, in localStorage and sessionStorage: the cached
 * session and board, Focus Mode's task cache and timer, the public pages' session hint, and
 * the flag that changes wait on this device (the changes themselves are in IndexedDB).
 * Device settings (theme, sound, haptics) are not per user and stay.
 */
const PER_USER_PREFIXES = [
  PREFIX,
  'brainboard.focusTimer.',
  'brainboard.focusCache.',
  'brainboard.session-hint',
  'brainboard.waiting.',
];

function clearMatching(store: Storage | null, matches: (key: string) => boolean): void {
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key !== null && matches(key)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/** Forgets every per-user copy in this browser (logout, account deletion). */
export function clearPerUserStorage(): void {
  clearMatching(storage(), (key) => PER_USER_PREFIXES.some((p) => key.startsWith(p)));
  let session: Storage | null = null;
  try {
    session = globalThis.sessionStorage ?? null;
  } catch {
    session = null;
  }
  clearMatching(session, (key) => key.startsWith('brainboard.'));
}
