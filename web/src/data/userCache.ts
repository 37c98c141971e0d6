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

/** Writes waiting for the next frame, by storage key: the last value of each wins. */
const waiting = new Map<string, () => void>();
let frameAsked = false;

/** Writes every waiting entry now. */
export function flushUserCacheWrites(): void {
  frameAsked = false;
  const writes = [...waiting.values()];
  waiting.clear();
  for (const write of writes) write();
}

/**
 * As writeUserCache, once the next frame is painted. The board's copy (300 cards: about 6 ms at
 * 4× CPU to serialise and store) would otherwise be written inside the frame of the change that
 * caused it: a drop, a tick, a card saved. A hidden page, which paints no frame, writes at once;
 * hiding or leaving the page writes what is waiting, so a reload right after a change finds it.
 */
export function writeUserCacheAfterPaint(kind: UserCacheKind, uid: string, value: unknown): void {
  waiting.set(STORAGE_KEYS.userCache(kind, uid), () => writeUserCache(kind, uid, value));
  if (document.visibilityState === 'hidden') {
    flushUserCacheWrites();
    return;
  }
  if (frameAsked) return;
  frameAsked = true;
  requestAnimationFrame(() => setTimeout(flushUserCacheWrites, 0));
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushUserCacheWrites);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushUserCacheWrites();
  });
}

/** Forgets every user's cached session and board in this browser, and any write waiting. */
export function clearUserCaches(): void {
  waiting.clear();
  removeMatching('local', (key) => key.startsWith(USER_CACHE_PREFIX));
}
