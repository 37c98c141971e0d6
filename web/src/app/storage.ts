/**
 * Everything Brainboard keeps in the browser's localStorage and sessionStorage, in one place:
 * every key, which of them belong to a user (forgotten when leaving the app), and reads and
 * writes that never throw. Storage can be full, disabled (private mode, site settings) or hold
 * anything: a failed read is nothing, a failed write is skipped, and the app works without it.
 *
 * The landing page loads this module, so it stays small and imports nothing.
 */

export type StorageArea = 'local' | 'session';

/** A per-user cache entry's kind: the signed-in session or the board. */
export type UserCacheKind = 'session' | 'board';

/** Every key this app uses. */
export const STORAGE_KEYS = {
  /** Device settings (not per user; they stay after logout). */
  theme: 'brainboard.theme',
  soundMuted: 'brainboard.sound-muted',
  haptics: 'brainboard.haptics',
  /** Per user. */
  sessionHint: 'brainboard.session-hint',
  userCache: (kind: UserCacheKind, uid: string) => `brainboard.cache.${kind}.${uid}`,
  focusTimer: (uid: string) => `brainboard.focusTimer.${uid}`,
  focusCache: (uid: string) => `brainboard.focusCache.${uid}`,
  /** This tab only (sessionStorage). */
  signInPending: 'brainboard.signin.pending',
} as const;

const USER_CACHE_PREFIX = 'brainboard.cache.';

/**
 * Every per-user copy in localStorage: the cached session and board, Focus Mode's task cache
 * and timer, and the public pages' session hint. Every `brainboard.` key in sessionStorage is
 * this tab's and goes too.
 */
const PER_USER_PREFIXES = [
  USER_CACHE_PREFIX,
  STORAGE_KEYS.focusTimer(''),
  STORAGE_KEYS.focusCache(''),
  STORAGE_KEYS.sessionHint,
];

function areaOf(area: StorageArea): Storage | null {
  try {
    return (area === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

/** The stored text, or null when there is none or storage is unavailable. */
export function readStored(key: string, area: StorageArea = 'local'): string | null {
  try {
    return areaOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores the text, or removes the key for null. False when storage refused (full, blocked). */
export function writeStored(key: string, value: string | null, area: StorageArea = 'local') {
  const store = areaOf(area);
  if (!store) return false;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The stored JSON value, or null when there is none or it does not parse. */
export function readStoredJson(key: string, area: StorageArea = 'local'): unknown {
  const raw = readStored(key, area);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function removeMatching(area: StorageArea, matches: (key: string) => boolean): void {
  const store = areaOf(area);
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
  removeMatching('local', (key) => PER_USER_PREFIXES.some((p) => key.startsWith(p)));
  removeMatching('session', (key) => key.startsWith('brainboard.'));
}

// ---------------------------------------------------------------------------
// The session hint: who was last seen in this browser, so the public pages (landing, login)
// can redirect or point their buttons without loading Firebase. Only a hint: the protected
// area checks the real user and corrects it.

/** 'accepted': signed in, privacy and terms accepted; 'signed-in': consent still open. */
export type SessionHint = 'accepted' | 'signed-in';

export function readSessionHint(): SessionHint | null {
  const value = readStored(STORAGE_KEYS.sessionHint);
  return value === 'accepted' || value === 'signed-in' ? value : null;
}

/** Remember the hint, or forget it with null (logout, sign-out, no user). */
export function writeSessionHint(hint: SessionHint | null): void {
  writeStored(STORAGE_KEYS.sessionHint, hint);
}

// ---------------------------------------------------------------------------
// The user cache: what this browser last saw of a signed-in student, so a returning student
// sees their board at once, before the network answers. Only a first picture: the live answers
// replace it. Each entry is `{ v, savedAt, value }`; an entry of another format version, or one
// that does not parse, reads as nothing.

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

// ---------------------------------------------------------------------------
// Device settings kept as JSON, with change notification for React (useSyncExternalStore).

export interface LocalSetting<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createLocalSetting<T>(key: string, parse: (raw: unknown) => T): LocalSetting<T> {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | null = null;

  function get(): T {
    const raw = readStored(key);
    if (cached && cached.raw === raw) return cached.value;
    let parsed: unknown = undefined;
    try {
      parsed = raw === null ? undefined : JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    cached = { raw, value: parse(parsed) };
    return cached.value;
  }

  function set(value: T): void {
    // Without storage, keep it for this page view.
    cached = writeStored(key, JSON.stringify(value)) ? null : { raw: readStored(key), value };
    listeners.forEach((listener) => listener());
  }

  function onStorage(event: StorageEvent) {
    if (event.key === key || event.key === null) listeners.forEach((listener) => listener());
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  }

  return { get, set, subscribe };
}
