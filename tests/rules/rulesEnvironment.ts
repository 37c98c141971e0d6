import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, inject } from 'vitest';
import { emulatorPorts, ROOT } from '../../scripts/stack/config.ts';

/**
 * Whether the official emulators run (full mode). Lite mode has neither rules in its Firestore
 * nor a Storage emulator: the rules suite of `service` is then skipped, and says why (`lite`).
 */
export function officialEmulatorRuns(service: 'Firestore' | 'Storage', lite: string): boolean {
  const full = inject('stack').mode === 'full';
  if (!full) {
    console.warn(
      `[skipped] ${service} rules tests: they need the official ${service} emulator (full mode, Java 21). ${lite}`,
    );
  }
  return full;
}

interface RulesContexts {
  /** Signed in as `uid`. */
  as(uid: string): RulesTestContext;
  /** Signed out. */
  anonymous(): RulesTestContext;
}

/**
 * For the describe block it is called in: a rules test environment of `service` with the
 * project's own rules file (`<service>.rules`) on the stack's emulator, seeded by `seed` with
 * the rules off before the tests, and cleaned up after them.
 */
export function rulesEnvironment(
  service: 'firestore' | 'storage',
  seed: (ctx: RulesTestContext) => Promise<void>,
): RulesContexts {
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: `rules-${Date.now()}`,
      [service]: {
        rules: readFileSync(join(ROOT, `${service}.rules`), 'utf8'),
        host: '127.0.0.1',
        port: emulatorPorts[service],
      },
    });
    await env.withSecurityRulesDisabled(seed);
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  const ready = () => {
    if (!env) throw new Error(`The ${service} rules environment is not set up.`);
    return env;
  };
  return {
    as: (uid) => ready().authenticatedContext(uid),
    anonymous: () => ready().unauthenticatedContext(),
  };
}
