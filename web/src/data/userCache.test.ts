import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearUserCaches,
  flushUserCacheWrites,
  readUserCache,
  writeUserCacheAfterPaint,
} from './userCache.ts';

/** Resolves after the next frame and the task after it (where the waiting writes run). */
const afterNextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

beforeEach(() => localStorage.clear());
afterEach(() => {
  flushUserCacheWrites();
  vi.restoreAllMocks();
});

describe('the copy written after the frame', () => {
  it('is written after the next frame, not inside the change, and the last value wins', async () => {
    writeUserCacheAfterPaint('board', 'u1', ['a']);
    writeUserCacheAfterPaint('board', 'u1', ['a', 'b']);
    expect(readUserCache('board', 'u1')).toBeNull();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await afterNextFrame();
    await afterNextFrame();
    expect(readUserCache('board', 'u1')).toEqual(['a', 'b']);
    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('is written at once when the page is left, so a reload finds it', () => {
    writeUserCacheAfterPaint('board', 'u1', ['a']);
    window.dispatchEvent(new Event('pagehide'));
    expect(readUserCache('board', 'u1')).toEqual(['a']);
  });

  it('is written at once when the page is hidden, which paints no frame', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    writeUserCacheAfterPaint('board', 'u1', ['a']);
    expect(readUserCache('board', 'u1')).toEqual(['a']);
  });

  it('is dropped when the caches are forgotten (leaving the app) before it was written', async () => {
    writeUserCacheAfterPaint('board', 'u1', ['a']);
    clearUserCaches();
    await afterNextFrame();
    await afterNextFrame();
    expect(readUserCache('board', 'u1')).toBeNull();
  });
});
