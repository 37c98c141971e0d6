import { afterEach, describe, expect, it, vi } from 'vitest';

const asked = vi.hoisted(() => ({ count: 0 }));
vi.mock('./firebase.ts', () => {
  asked.count += 1;
  return { auth: { name: 'the one Auth' }, watchUser: () => () => {} };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loadAuth', () => {
  it("asks for Firebase's code in a task of its own, not in its first caller's", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { loadAuth } = await import('./loadAuth.ts');
    const auth = loadAuth();
    // Another module, asked for after that call, has come; Firebase's was not asked for meanwhile.
    await import('./authContext.ts');
    expect(asked.count).toBe(0);
    await vi.runAllTimersAsync();
    await expect(auth).resolves.toEqual({ name: 'the one Auth' });
    expect(asked.count).toBe(1);
    // Every later caller shares it.
    await expect(loadAuth()).resolves.toBe(await auth);
    expect(asked.count).toBe(1);
  });
});
