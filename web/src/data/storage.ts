/**
 * Everything Brainboard keeps in the browser's localStorage and sessionStorage, in one place:
 * every key, which of them belong to a user (forgotten when leaving the app), and reads and
 * writes that never throw. Storage can be full, disabled (private mode, site settings) or hold
 * anything: a failed read is nothing, a failed write is skipped, and the app works without it.
 *
 * The landing page loads this module, so it stays small and imports nothing: the typed stores
 * built on it (userCache.ts, feedback/localSetting.ts) live beside the features that use them.
 */

export type StorageArea = 'local' | 'session';

/** A per-user cache entry's kind: the signed-in session, the board or the plan's sessions. */
export type UserCacheKind = 'session' | 'board' | 'plan';

/** Every key this app uses. */
export const STORAGE_KEYS = {
  /** Device settings (not per user; they stay after logout). */
  theme: 'brainboard.theme',
  soundMuted: 'brainboard.sound-muted',
  haptics: 'brainboard.haptics',
  /** Per user. */
  sessionHint: 'brainboard.session-hint',
  /** The id of the student the hint is about, so their board can show before Auth answers. */
  sessionUid: 'brainboard.session-uid',
  userCache: (kind: UserCacheKind, uid: string) => `brainboard.cache.${kind}.${uid}`,
  focusTimer: (uid: string) => `brainboard.focusTimer.${uid}`,
  focusCache: (uid: string) => `brainboard.focusCache.${uid}`,
  /** Set while changes wait on this device (the changes themselves are in IndexedDB). */
  waiting: (uid: string) => `brainboard.waiting.${uid}`,
  /** This tab only (sessionStorage). */
  signInPending: 'brainboard.signin.pending',
  /** A supporter's invitation token, kept from opening the link until after sign-in. */
  supporterInvite: 'brainboard.supporter-invite',
} as const;

export const USER_CACHE_PREFIX = 'brainboard.cache.';

/**
 * Every per-user copy in localStorage: the cached session and board, Focus Mode's task cache
 * and timer, the public pages' session hint, and the flag that changes wait. Every `brainboard.` key in sessionStorage is
 * this tab's and goes too.
 */
const PER_USER_PREFIXES = [
  USER_CACHE_PREFIX,
  STORAGE_KEYS.focusTimer(''),
  STORAGE_KEYS.focusCache(''),
  STORAGE_KEYS.sessionHint,
  STORAGE_KEYS.sessionUid,
  STORAGE_KEYS.waiting(''),
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

/** Removes every key of `area` that `matches`. */
export function removeMatching(area: StorageArea, matches: (key: string) => boolean): void {
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

/**
 * Remember the hint and whose it is, or forget both with null (logout, sign-out, no user). The
 * id is kept only for a student who accepted both, whose board may show before Auth answers.
 */
export function writeSessionHint(hint: SessionHint | null, uid?: string): void {
  writeStored(STORAGE_KEYS.sessionHint, hint);
  writeStored(STORAGE_KEYS.sessionUid, hint === 'accepted' && uid ? uid : null);
}

/** The student last signed in here with both accepted, or null. */
export function readRememberedUid(): string | null {
  return readSessionHint() === 'accepted' ? readStored(STORAGE_KEYS.sessionUid) : null;
}
