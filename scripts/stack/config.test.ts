import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portOffset, ROOT } from './config.ts';

/** Every port a stack listens on at offset 0: firebase.json's emulators, the app, the stand-ins. */
function basePorts(): number[] {
  const firebase = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, { port?: number }>;
  };
  const emulators = Object.values(firebase.emulators).flatMap((e) => (e.port ? [e.port] : []));
  return [...emulators, 5173, 8089, 8090];
}

describe('BRAINBOARD_PORT_OFFSET', () => {
  it('is 0 when unset, and takes whole thousands', () => {
    expect(portOffset(undefined)).toBe(0);
    expect(portOffset('')).toBe(0);
    expect(portOffset('10000')).toBe(10_000);
  });

  it('refuses steps that would make two stacks share a port, with the reason', () => {
    for (const bad of ['100', '250', '-1000', '51000', 'ten', '1e3.5']) {
      expect(() => portOffset(bad)).toThrow(/multiple of 1000/);
    }
  });

  it('keeps any two allowed offsets off each other’s ports', () => {
    const base = basePorts();
    for (let a = 0; a <= 50_000; a += 1000) {
      for (let b = a + 1000; b <= 50_000; b += 1000) {
        const taken = new Set(base.map((p) => p + a));
        expect(base.map((p) => p + b).filter((p) => taken.has(p))).toEqual([]);
      }
    }
  });
});
