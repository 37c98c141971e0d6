import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { getBytes, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const fullMode = inject('stack').mode === 'full';
if (!fullMode) {
  console.warn(
    '[skipped] Storage rules tests: they need the official Storage emulator (full mode, Java 21). ' +
      'This run uses lite mode, which keeps PDFs on local disk.',
  );
}

describe.runIf(fullMode)('storage.rules', () => {
  let env: RulesTestEnvironment;
  const pdf = new TextEncoder().encode('%PDF-1.4 test');

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: `rules-${Date.now()}`,
      storage: {
        rules: readFileSync(join(ROOT, 'storage.rules'), 'utf8'),
        host: '127.0.0.1',
        port: 9199,
      },
    });
    await env.withSecurityRulesDisabled(async (ctx) => {
      await uploadBytes(ref(ctx.storage(), 'users/alice/files/f1'), pdf);
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it('lets the owner read their file, and no one else', async () => {
    await assertSucceeds(
      getBytes(ref(env.authenticatedContext('alice').storage(), 'users/alice/files/f1')),
    );
    await assertFails(
      getBytes(ref(env.authenticatedContext('bob').storage(), 'users/alice/files/f1')),
    );
    await assertFails(
      getBytes(ref(env.unauthenticatedContext().storage(), 'users/alice/files/f1')),
    );
  });

  it('refuses every client upload, the owner included', async () => {
    await assertFails(
      uploadBytes(ref(env.authenticatedContext('alice').storage(), 'users/alice/files/f2'), pdf),
    );
    await assertFails(
      uploadBytes(ref(env.authenticatedContext('bob').storage(), 'users/alice/files/f2'), pdf),
    );
  });
});
