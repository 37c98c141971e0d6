import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalSetting } from '../feedback/localSetting.ts';
import {
  clearPerUserStorage,
  readSessionHint,
  readStored,
  STORAGE_KEYS,
  writeSessionHint,
  writeStored,
} from './storage.ts';
import { clearUserCaches, readUserCache, writeUserCache } from './userCache.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('browser storage', () => {
  it('keeps a value per kind and per user', () => {
    writeUserCache('board', 'u1', [{ id: 'a1' }]);
    writeUserCache('session', 'u1', { id: 'u1' });
    expect(readUserCache('board', 'u1')).toEqual([{ id: 'a1' }]);
    expect(readUserCache('session', 'u1')).toEqual({ id: 'u1' });
    expect(readUserCache('board', 'u2')).toBeNull();
  });

  it('reads an entry that does not parse, or of another version, as nothing', () => {
    localStorage.setItem('brainboard.cache.board.u1', '{not json');
    expect(readUserCache('board', 'u1')).toBeNull();
    localStorage.setItem('brainboard.cache.board.u1', JSON.stringify({ v: 0, value: [1] }));
    expect(readUserCache('board', 'u1')).toBeNull();
  });

  it('forgets every user, and leaves the other settings alone', () => {
    writeUserCache('board', 'u1', [1]);
    writeUserCache('session', 'u2', { id: 'u2' });
    localStorage.setItem('brainboard.theme', 'dark');
    clearUserCaches();
    expect(readUserCache('board', 'u1')).toBeNull();
    expect(readUserCache('session', 'u2')).toBeNull();
    expect(localStorage.getItem('brainboard.theme')).toBe('dark');
  });

  it('forgets every per-user copy on leaving: board, session hint, Focus Mode, tab state', () => {
    writeUserCache('board', 'u1', [1]);
    localStorage.setItem('brainboard.session-hint', 'accepted');
    localStorage.setItem('brainboard.focusTimer.u1', '{"left":1200}');
    localStorage.setItem('brainboard.focusCache.u1', '{}');
    localStorage.setItem('brainboard.theme', 'dark');
    sessionStorage.setItem('brainboard.emulator-choice', 'x');
    clearPerUserStorage();
    expect(Object.keys(localStorage)).toEqual(['brainboard.theme']);
    expect(sessionStorage.length).toBe(0);
  });

  it('forgets what each per-user writer stored, and keeps the device settings', () => {
    writeSessionHint('accepted');
    writeUserCache('session', 'u1', { id: 'u1' });
    writeStored(STORAGE_KEYS.focusTimer('u1'), '{}');
    writeStored(STORAGE_KEYS.focusCache('u1'), '{}');
    writeStored(STORAGE_KEYS.signInPending, '1', 'session');
    const sound = createLocalSetting(STORAGE_KEYS.soundMuted, (raw) => raw === true);
    sound.set(true);
    writeStored(STORAGE_KEYS.haptics, '{}');
    clearPerUserStorage();
    expect(readSessionHint()).toBeNull();
    expect(readStored(STORAGE_KEYS.focusTimer('u1'))).toBeNull();
    expect(readStored(STORAGE_KEYS.signInPending, 'session')).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual([
      STORAGE_KEYS.haptics,
      STORAGE_KEYS.soundMuted,
    ]);
    expect(sound.get()).toBe(true);
  });

  it('does not throw when storage is full, and drops an entry too large to keep', () => {
    writeUserCache('board', 'u1', [1]);
    writeUserCache('board', 'u1', 'x'.repeat(1_600_000));
    expect(readUserCache('board', 'u1')).toBeNull();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeUserCache('board', 'u1', [2])).not.toThrow();
  });
});
